import ViewModels

/// Draws a node tree as HTML: the screen as a phone, for a page that works offline.
///
/// A pure function of the tree, like `TextRenderer`: the same tree and the same changed paths
/// always give the same bytes. The result is a fragment (`<div class="phone">…</div>`) that
/// needs `HTMLRenderer.stylesheet` on its page; it loads nothing (images are placeholders
/// showing the meal's name, links are only followed when clicked) and needs no JavaScript.
/// Every element of a node carries `data-path` (its `NodePath`), and the nodes listed as
/// changed carry the class `changed`, which the stylesheet highlights.
///
/// ```
/// NavigationStack                 ┌──────────────────────────┐
/// └─ Screen "Dessert"             │ ‹ Kategorien    ⚄  ☰     │  ← back button, toolbar
///    ├─ Toolbar …                 │ Dessert                  │  ← navigation title
///    ├─ SearchField …       →     │ ⌕ Alle Rezepte durchsu…  │
///    └─ List                      │ ▢ Apam balik           › │
///       └─ Row "Apam balik"       │ ▢ Apple Frangipan T… ♥ › │
///                                 └──────────────────────────┘
/// ```
public struct HTMLRenderer: Sendable {
  /// What the renderer adds beyond what the screen shows.
  public struct Options: Hashable, Sendable {
    /// Whether tappable elements get what a tap sends as their tooltip (`→ mealTapped("53049")`).
    public var showsIntents: Bool
    /// Whether image placeholders get the image's address as their tooltip.
    public var showsURLs: Bool
    /// How many items (rows, texts, tiles, …) the phone's content shows above its fold: when the
    /// first changed node comes after this many, the phone grows to show its whole screen, so
    /// that the change is in view.
    public var foldItems: Int

    public init(showsIntents: Bool = true, showsURLs: Bool = true, foldItems: Int = 10) {
      self.showsIntents = showsIntents
      self.showsURLs = showsURLs
      self.foldItems = foldItems
    }

    /// Intents and image addresses as tooltips: what a reader of a storyboard wants.
    public static let `default` = Options()
  }

  public var options: Options

  public init(options: Options = .default) {
    self.options = options
  }

  /// The tree drawn as a phone; the nodes at `changed` are highlighted.
  public func render(_ node: Node, changed: Set<NodePath> = []) -> String {
    var writer = HTMLWriter(reservingCapacity: 4096)
    render(node, changed: changed, into: &writer)
    return writer.output
  }

  /// Writes the tree drawn as a phone into `writer` (for a page built around it).
  public func render(_ node: Node, changed: Set<NodePath> = [], into writer: inout HTMLWriter) {
    var drawing = PhoneDrawing(options: options, changed: changed, writer: writer)
    drawing.phone(node)
    writer = drawing.writer
  }
}

// MARK: - Drawing

/// The renderer's state while it walks one tree.
private struct PhoneDrawing: NodeWalker {
  let options: HTMLRenderer.Options
  let changed: Set<NodePath>
  var writer: HTMLWriter
  /// The title of the screen being drawn: the name an image placeholder shows.
  var screenTitle = ""

  mutating func phone(_ node: Node) {
    writer.open("div", classes: firstChangeIsBelowFold(node) ? ["phone", "grown"] : ["phone"])
    writer.open("div", classes: ["phone-screen"])
    walk(node)
    writer.close("div")
    writer.close("div")
  }

  /// Whether no change is in view on a phone of the usual height: none in the navigation bar
  /// (title, toolbar, search field) or an alert, which are always in view, and the first one in
  /// the content after `options.foldItems` items.
  private func firstChangeIsBelowFold(_ node: Node) -> Bool {
    guard !changed.isEmpty else { return false }
    var items = 0
    var firstInContent: Int?
    var inView = false
    // By depth, for the ancestors of the node visited: whether their children are always in view.
    var handedDown: [Bool] = []
    node.walk { node, place in
      handedDown.removeLast(handedDown.count - place.depth)
      let alwaysShown =
        handedDown.last == true || [.screen, .toolbar, .searchField, .alert].contains(node.kind)
      if changed.contains(place.path) {
        if alwaysShown { inView = true } else if firstInContent == nil { firstInContent = items }
      }
      switch node.kind {
      case .row, .text, .label, .link, .tile, .section, .image, .button, .progressView,
        .contentUnavailableView:
        if !alwaysShown { items += 1 }
      default: break
      }
      // A screen's content is not part of its navigation bar.
      handedDown.append(alwaysShown && node.kind != .screen)
      return true
    }
    return !inView && (firstInContent ?? 0) >= options.foldItems
  }

  /// Draws the node, and its children where its kind holds them.
  mutating func visit(_ node: Node, at place: NodePlace) {
    switch node.kind {
    case .navigationStack: container("div", ["navigation-stack"], node, place)
    case .screen: screen(node, place)
    case .toolbar: container("div", ["toolbar"], node, place)
    case .button: button(node, place)
    case .menu: menu(node, place)
    case .picker: picker(node, place)
    case .searchField: searchField(node, place)
    case .suggestion: suggestion(node, place)
    case .list: list(node, place)
    case .section: section(node, place)
    case .row: row(node, place)
    case .text: leaf("p", ["text"], node, place, text: node.label ?? "")
    case .image: image(node, place)
    case .label: label(node, place)
    case .progressView: progressView(node, place)
    case .contentUnavailableView: contentUnavailable(node, place)
    case .link: link(node, place)
    case .grid: container("div", ["grid"], node, place)
    case .tile: tile(node, place)
    case .alert: alert(node, place)
    }
  }

  // MARK: Node kinds

  /// The navigation bar (back button, toolbar, title, search field), the content below it,
  /// and any alert over both.
  private mutating func screen(_ node: Node, _ place: NodePlace) {
    let outerTitle = screenTitle
    screenTitle = node.label ?? ""
    defer { screenTitle = outerTitle }
    // A changed screen marks its title and back button, not everything on it.
    let isChanged = changed.contains(place.path)
    writer.open("div", classes: ["screen"], [.init("data-path", place.path.description)])
    writer.open("div", classes: ["nav-bar"])
    writer.open("div", classes: ["nav-row"])
    if let back = node.back {
      writer.open(
        "span", classes: isChanged ? ["back", "changed"] : ["back"], tooltip(intentOf: node))
      writer.element("span", classes: ["chevron"], text: "‹")
      writer.text(back)
      writer.close("span")
    }
    writer.element("span", classes: ["nav-spacer"], text: "")
    descend(into: node, at: place, where: { $0.kind == .toolbar })
    writer.close("div")
    writer.element(
      "h2", classes: isChanged ? ["nav-title", "changed"] : ["nav-title"], text: node.label ?? "")
    descend(into: node, at: place, where: { $0.kind == .searchField })
    writer.close("div")
    writer.open("div", classes: ["content"])
    descend(into: node, at: place, where: { ![.toolbar, .searchField, .alert].contains($0.kind) })
    writer.close("div")
    descend(into: node, at: place, where: { $0.kind == .alert })
    writer.close("div")
  }

  private mutating func button(_ node: Node, _ place: NodePlace) {
    let classes: [StaticString] = node.has(.disabled) ? ["button", "disabled"] : ["button"]
    open("span", classes, node, place, tooltip(intentOf: node))
    if let symbol = node.systemImage { glyph(symbol) }
    writer.element("span", classes: ["button-label"], text: node.label ?? "")
    writer.close("span")
  }

  /// A closed `<details>`: the menu's glyph and title, its contents shown on a click, no script.
  private mutating func menu(_ node: Node, _ place: NodePlace) {
    open("details", ["menu"], node, place)
    writer.open("summary")
    if let symbol = node.systemImage { glyph(symbol) }
    writer.element("span", classes: ["button-label"], text: node.label ?? "")
    writer.close("summary")
    descend(into: node, at: place)
    writer.close("details")
  }

  private mutating func picker(_ node: Node, _ place: NodePlace) {
    open("div", ["picker"], node, place)
    writer.element("div", classes: ["picker-title"], text: node.label ?? "")
    writer.open("ul")
    for option in node.options {
      let selected = option == node.selection
      writer.open("li", classes: selected ? ["option", "selected"] : ["option"])
      writer.element("span", classes: ["checkmark"], text: selected ? "✓" : "")
      writer.text(option)
      writer.close("li")
    }
    writer.close("ul")
    writer.close("div")
  }

  /// The field with its text (or its prompt, greyed, while empty), the caret while it has the
  /// focus, and its suggestions under it.
  private mutating func searchField(_ node: Node, _ place: NodePlace) {
    let classes: [StaticString] = node.has(.focused) ? ["search", "focused"] : ["search"]
    open("div", classes, node, place)
    writer.open("div", classes: ["search-box"])
    glyph("magnifyingglass")
    if let text = node.text, !text.isEmpty {
      writer.element("span", classes: ["search-text"], text: text)
    } else {
      writer.element("span", classes: ["prompt"], text: node.label ?? "")
    }
    if node.has(.focused) { writer.element("span", classes: ["caret"], text: "") }
    writer.close("div")
    if !node.children.isEmpty {
      writer.open("ul", classes: ["suggestions"])
      descend(into: node, at: place)
      writer.close("ul")
    }
    writer.close("div")
  }

  private mutating func suggestion(_ node: Node, _ place: NodePlace) {
    open("li", ["suggestion"], node, place, tooltip(intentOf: node))
    glyph("magnifyingglass")
    writer.text(node.label ?? "")
    writer.close("li")
  }

  /// The list's cells; while it refreshes, a spinner above them.
  private mutating func list(_ node: Node, _ place: NodePlace) {
    var classes: [StaticString] = ["list"]
    if node.has(.refreshable) { classes.append("refreshable") }
    if node.has(.refreshing) { classes.append("refreshing") }
    open("div", classes, node, place, tooltip(intentOf: node))
    if node.has(.refreshing) {
      writer.open("div", classes: ["refresh-spinner"])
      writer.raw(#"<span class="spinner"></span>"#)
      writer.close("div")
    }
    descend(into: node, at: place)
    writer.close("div")
  }

  private mutating func section(_ node: Node, _ place: NodePlace) {
    open("div", ["section"], node, place)
    if let header = node.label {
      writer.element("div", classes: ["section-header"], text: header)
    }
    writer.open("div", classes: ["section-body"])
    descend(into: node, at: place)
    writer.close("div")
    writer.close("div")
  }

  /// Thumbnail placeholder, name, the heart of a favourite, the disclosure chevron.
  private mutating func row(_ node: Node, _ place: NodePlace) {
    let name = node.label ?? ""
    open(
      "div", node.has(.favorite) ? ["row", "favorite"] : ["row"], node, place,
      tooltip(intentOf: node))
    if let url = node.url {
      placeholder(["thumb"], name: name, url: url, caption: initial(of: name))
    }
    writer.element("span", classes: ["row-label"], text: name)
    if node.has(.favorite) {
      writer.element("span", classes: ["heart"], [.init("title", "favorite")], text: "♥")
    }
    writer.element("span", classes: ["chevron"], text: "›")
    writer.close("div")
  }

  /// `AsyncImage`: a placeholder with the screen's name (no request); `Image(systemName:)`: its
  /// glyph.
  private mutating func image(_ node: Node, _ place: NodePlace) {
    if let url = node.url {
      open("div", ["image"], node, place)
      placeholder(["image-placeholder"], name: screenTitle, url: url, caption: screenTitle)
      writer.close("div")
    } else {
      open("span", ["image"], node, place)
      glyph(node.systemImage ?? "")
      writer.close("span")
    }
  }

  private mutating func label(_ node: Node, _ place: NodePlace) {
    open("div", ["label"], node, place)
    if let symbol = node.systemImage { glyph(symbol) }
    writer.element("span", classes: ["label-title"], text: node.label ?? "")
    writer.close("div")
  }

  private mutating func progressView(_ node: Node, _ place: NodePlace) {
    open("div", ["progress"], node, place)
    writer.raw(#"<span class="spinner"></span>"#)
    if let title = node.label { writer.element("p", classes: ["progress-title"], text: title) }
    writer.close("div")
  }

  /// The big glyph, the title, then the description and the actions (the children).
  private mutating func contentUnavailable(_ node: Node, _ place: NodePlace) {
    open("div", ["unavailable"], node, place)
    writer.open("div", classes: ["big-glyph"])
    glyph(node.systemImage ?? "")
    writer.close("div")
    writer.element("h3", classes: ["unavailable-title"], text: node.label ?? "")
    descend(into: node, at: place)
    writer.close("div")
  }

  /// An `<a href>` only for http and https destinations, which a click opens and nothing
  /// loads; any other scheme (`javascript:`, `file:`) from a catalog stays plain text.
  private mutating func link(_ node: Node, _ place: NodePlace) {
    let url = node.url ?? ""
    let lowercased = url.lowercased()
    let isWeb = lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://")
    if isWeb {
      let attributes: [HTMLWriter.Attribute] = [
        .init("href", url), .init("rel", "noopener noreferrer"), .init("target", "_blank"),
      ]
      open("a", ["link"], node, place, attributes + tooltip(intentOf: node))
    } else {
      open("span", ["link"], node, place, tooltip(intentOf: node))
    }
    writer.text(node.label ?? "")
    writer.element("span", classes: ["link-arrow"], text: " ↗")
    writer.close(isWeb ? "a" : "span")
  }

  private mutating func tile(_ node: Node, _ place: NodePlace) {
    let name = node.label ?? ""
    open("div", ["tile"], node, place, tooltip(intentOf: node))
    placeholder(["tile-image"], name: name, url: node.url, caption: initial(of: name))
    writer.element("span", classes: ["tile-label"], text: name)
    writer.close("div")
  }

  /// The message in a box over the dimmed screen, its buttons below it.
  private mutating func alert(_ node: Node, _ place: NodePlace) {
    open("div", ["alert-backdrop"], node, place)
    writer.open("div", classes: ["alert"])
    writer.element("p", classes: ["alert-message"], text: node.label ?? "")
    writer.open("div", classes: ["alert-buttons"])
    descend(into: node, at: place)
    writer.close("div")
    writer.close("div")
    writer.close("div")
  }

  // MARK: Pieces

  private mutating func container(
    _ tag: StaticString, _ classes: [StaticString], _ node: Node, _ place: NodePlace
  ) {
    open(tag, classes, node, place)
    descend(into: node, at: place)
    writer.close(tag)
  }

  private mutating func leaf(
    _ tag: StaticString, _ classes: [StaticString], _ node: Node, _ place: NodePlace, text: String
  ) {
    open(tag, classes, node, place)
    writer.text(text)
    writer.close(tag)
  }

  /// Opens a node's element: its classes, `changed` when it changed, its path.
  private mutating func open(
    _ tag: StaticString, _ classes: [StaticString], _ node: Node, _ place: NodePlace,
    _ attributes: [HTMLWriter.Attribute] = []
  ) {
    let isChanged = changed.contains(place.path)
    writer.open(
      tag, classes: isChanged ? classes + ["changed"] : classes,
      [.init("data-path", place.path.description)] + attributes)
  }

  /// The symbol's glyph from the one table (`SymbolGlyphs`), with the symbol's name as its
  /// tooltip.
  private mutating func glyph(_ symbol: String) {
    writer.element(
      "span", classes: ["glyph"], [.init("title", symbol)], text: SymbolGlyphs.glyph(for: symbol))
  }

  /// A coloured box standing for an image that is not loaded: the colour comes from `name`, so
  /// the same meal always looks the same; the address is the tooltip.
  private mutating func placeholder(
    _ classes: [StaticString], name: String, url: String?, caption: String
  ) {
    var attributes: [HTMLWriter.Attribute] = [
      .init("style", "background-color: hsl(\(Self.hue(of: name)) 45% 70%)")
    ]
    if options.showsURLs, let url { attributes.append(.init("title", url)) }
    writer.element("span", classes: classes + ["placeholder"], attributes, text: caption)
  }

  private func tooltip(intentOf node: Node) -> [HTMLWriter.Attribute] {
    guard options.showsIntents, let intent = node.intent else { return [] }
    return [.init("title", "→ " + intent.rendered)]
  }

  private func initial(of name: String) -> String {
    name.first.map { String($0).uppercased() } ?? ""
  }

  /// A hue from 0 to 359 from the name's bytes (FNV-1a): the same on every run and machine,
  /// unlike `Hasher`.
  private static func hue(of name: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return Int(hash % 360)
  }
}
