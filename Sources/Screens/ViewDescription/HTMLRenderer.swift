import ViewModels

/// Draws a node tree as HTML: the screen as a phone, for a page that works offline.
///
/// A pure function of the tree, like `TextRenderer`: the same tree and the same changed paths
/// always give the same bytes. The result is a fragment (`<div class="phone">…</div>`) that
/// needs `HTMLRenderer.stylesheet` on its page; it loads nothing (images are placeholders
/// showing the meal's name, links are only followed when clicked) and needs no JavaScript.
/// Every element of a node carries `data-path` (its `NodePath`), and the nodes listed as
/// changed carry the class `changed`, which the stylesheet highlights. Tappable elements have
/// what a tap sends as their tooltip, image placeholders their address.
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
  public init() {}

  /// Writes the tree drawn as a phone into `writer`, for a page built around it; the nodes at
  /// `changed` are highlighted.
  public func render(_ node: Node, changed: Set<NodePath> = [], into writer: inout HTMLWriter) {
    var drawing = PhoneDrawing(changed: changed, writer: writer)
    drawing.writer.open("div", classes: ["phone"])
    drawing.writer.open("div", classes: ["phone-screen"])
    drawing.walk(node)
    drawing.writer.close("div")
    drawing.writer.close("div")
    writer = drawing.writer
  }
}

// MARK: - Drawing

/// The renderer's state while it walks one tree.
private struct PhoneDrawing: NodeWalker {
  let changed: Set<NodePath>
  var writer: HTMLWriter
  /// The title of the screen being drawn: the name an image placeholder shows.
  var screenTitle = ""

  /// Draws the node in its element, and its children where its kind holds them.
  mutating func visit(_ node: Node, at place: NodePlace) {
    if case .screen(let title) = node.kind { return screen(node, title: title, place) }
    let (tag, classes, attributes) = element(for: node, at: place)
    writer.open(
      tag, classes: changed.contains(place.path) ? classes + ["changed"] : classes,
      [("data-path", place.path.description)] + attributes + tooltip(node))
    switch node.kind {
    case .button(let button):
      glyph(button.symbol)
      writer.element("span", classes: ["button-label"], text: button.title)
    case .label(let label):
      glyph(label.symbol)
      writer.element("span", classes: ["label-title"], text: label.title)
    case .menu(let label):
      writer.open("summary")
      glyph(label.symbol)
      writer.element("span", classes: ["button-label"], text: label.title)
      writer.close("summary")
      descend(into: node, at: place)
    case .picker(let picker):
      writer.element("div", classes: ["picker-title"], text: picker.title)
      writer.open("ul")
      for option in picker.options {
        let selected = option.title == picker.selection
        writer.open("li", classes: selected ? ["option", "selected"] : ["option"])
        writer.element("span", classes: ["checkmark"], text: selected ? "✓" : "")
        writer.text(option.title)
        writer.close("li")
      }
      writer.close("ul")
    case .searchField(let field):
      // The text, or the prompt (greyed) while it is empty; the caret while it has the focus.
      writer.open("div", classes: ["search-box"])
      glyph(.magnifyingglass)
      writer.element(
        "span", classes: field.text.isEmpty ? ["prompt"] : ["search-text"],
        text: field.text.isEmpty ? field.prompt : field.text)
      if field.isFocused { writer.element("span", classes: ["caret"], text: "") }
      writer.close("div")
      if !node.children.isEmpty { children("ul", ["suggestions"], node, place) }
    case .suggestion(let suggestion):
      glyph(.magnifyingglass)
      writer.text(suggestion.term)
    case .list(let list):
      if list.isRefreshing {
        writer.raw(#"<div class="refresh-spinner"><span class="spinner"></span></div>"#)
      }
      descend(into: node, at: place)
    case .section(let header):
      if let header { writer.element("div", classes: ["section-header"], text: header) }
      children("div", ["section-body"], node, place)
    case .row(let row):
      if let url = row.thumbnail {
        placeholder(["thumb"], name: row.title, url: url, caption: initial(row.title))
      }
      writer.element("span", classes: ["row-label"], text: row.title)
      if row.isFavorite { writer.element("span", classes: ["heart"], text: "♥") }
      writer.element("span", classes: ["chevron"], text: "›")
    case .text(let text):
      writer.text(text)
    case .image(let url):
      // `AsyncImage`: a placeholder with the screen's name (no request).
      placeholder(["image-placeholder"], name: screenTitle, url: url, caption: screenTitle)
    case .progressView(let title):
      writer.raw(#"<span class="spinner"></span>"#)
      if let title { writer.element("p", classes: ["progress-title"], text: title) }
    case .contentUnavailableView(let label):
      // The big glyph, the title, then the description and the actions (the children).
      writer.open("div", classes: ["big-glyph"])
      glyph(label.symbol)
      writer.close("div")
      writer.element("h3", classes: ["unavailable-title"], text: label.title)
      descend(into: node, at: place)
    case .link(let link):
      writer.text(link.title)
      writer.element("span", classes: ["link-arrow"], text: " ↗")
    case .tile(let tile):
      placeholder(["tile-image"], name: tile.title, url: tile.image, caption: initial(tile.title))
      writer.element("span", classes: ["tile-label"], text: tile.title)
    case .alert(let message):
      // The message in a box over the dimmed screen, its buttons below it.
      writer.open("div", classes: ["alert"])
      writer.element("p", classes: ["alert-message"], text: message)
      children("div", ["alert-buttons"], node, place)
      writer.close("div")
    case .navigationStack, .toolbar, .grid, .screen, .backButton:
      descend(into: node, at: place)
    }
    writer.close(tag)
  }

  /// The tag, classes and attributes of a node's element.
  private func element(for node: Node, at place: NodePlace) -> (
    StaticString, [StaticString], [HTMLWriter.Attribute]
  ) {
    switch node.kind {
    case .navigationStack: return ("div", ["navigation-stack"], [])
    case .toolbar: return ("div", ["toolbar"], [])
    case .button(let button):
      return ("span", button.isDisabled ? ["button", "disabled"] : ["button"], [])
    case .menu:
      // Open when something in it changed, so that the change is in view.
      let path = place.path.indices
      let holdsChange = changed.contains {
        $0.indices.count > path.count && $0.indices.starts(with: path)
      }
      return ("details", ["menu"], holdsChange ? [("open", "")] : [])
    case .picker: return ("div", ["picker"], [])
    case .searchField(let field):
      return ("div", field.isFocused ? ["search", "focused"] : ["search"], [])
    case .suggestion: return ("li", ["suggestion"], [])
    case .list(let list):
      return (
        "div",
        ["list"] + (list.refresh != nil ? ["refreshable"] : [])
          + (list.isRefreshing ? ["refreshing"] : []), []
      )
    case .section: return ("div", ["section"], [])
    case .row(let row): return ("div", row.isFavorite ? ["row", "favorite"] : ["row"], [])
    case .text: return ("p", ["text"], [])
    case .image: return ("div", ["image"], [])
    case .label: return ("div", ["label"], [])
    case .progressView: return ("div", ["progress"], [])
    case .contentUnavailableView: return ("div", ["unavailable"], [])
    case .link(let link):
      // An `<a href>` only for http and https destinations, which a click opens and nothing
      // loads; any other scheme (`javascript:`, `file:`) from a catalog stays plain text.
      let url = link.destination.absoluteString
      guard url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") else {
        return ("span", ["link"], [])
      }
      return ("a", ["link"], [("href", url), ("rel", "noopener noreferrer"), ("target", "_blank")])
    case .grid: return ("div", ["grid"], [])
    case .tile: return ("div", ["tile"], [])
    case .alert: return ("div", ["alert-backdrop"], [])
    case .screen: return ("div", ["screen"], [])
    case .backButton: return ("span", ["back"], [])
    }
  }

  /// The navigation bar (back button, toolbar, title, search field), the content below it,
  /// and any alert over both.
  private mutating func screen(_ node: Node, title: String, _ place: NodePlace) {
    let outerTitle = screenTitle
    screenTitle = title
    defer { screenTitle = outerTitle }
    // A changed screen marks its title and back button, not everything on it.
    let isChanged = changed.contains(place.path)
    writer.open("div", classes: ["screen"], [("data-path", place.path.description)])
    writer.open("div", classes: ["nav-bar"])
    writer.open("div", classes: ["nav-row"])
    for child in node.children {
      guard case .backButton(let back) = child.kind else { continue }
      writer.open("span", classes: isChanged ? ["back", "changed"] : ["back"], tooltip(child))
      writer.element("span", classes: ["chevron"], text: "‹")
      writer.text(back.title)
      writer.close("span")
    }
    writer.element("span", classes: ["nav-spacer"], text: "")
    descend(into: node, at: place) { if case .toolbar = $0.kind { true } else { false } }
    writer.close("div")
    writer.element(
      "h2", classes: isChanged ? ["nav-title", "changed"] : ["nav-title"], text: title)
    descend(into: node, at: place) { if case .searchField = $0.kind { true } else { false } }
    writer.close("div")
    writer.open("div", classes: ["content"])
    descend(into: node, at: place) { !$0.isBarOrAlert }
    writer.close("div")
    descend(into: node, at: place) { if case .alert = $0.kind { true } else { false } }
    writer.close("div")
  }

  /// An element inside the node's own that holds its children.
  private mutating func children(
    _ tag: StaticString, _ classes: [StaticString], _ node: Node, _ place: NodePlace
  ) {
    writer.open(tag, classes: classes)
    descend(into: node, at: place)
    writer.close(tag)
  }

  // MARK: Pieces

  /// The symbol's glyph, with the symbol's name as its tooltip.
  private mutating func glyph(_ symbol: SFSymbol?) {
    guard let symbol else { return }
    writer.element("span", classes: ["glyph"], [("title", symbol.rawValue)], text: symbol.glyph)
  }

  /// A coloured box standing for an image that is not loaded: the colour comes from `name`, so
  /// the same meal always looks the same; the address is the tooltip.
  private mutating func placeholder(
    _ classes: [StaticString], name: String, url: String?, caption: String
  ) {
    // A hue from the name's bytes (FNV-1a): the same on every run and machine, unlike `Hasher`.
    let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    var attributes: [HTMLWriter.Attribute] = [
      ("style", "background-color: hsl(\(hash % 360) 45% 70%)")
    ]
    if let url { attributes.append(("title", url)) }
    writer.element("span", classes: classes + ["placeholder"], attributes, text: caption)
  }

  /// `title="→ intent"`: what a tap on the node sends (a pull, for a list).
  private func tooltip(_ node: Node) -> [HTMLWriter.Attribute] {
    let intent: UserIntent? =
      if case .list(let list) = node.kind { list.refresh } else { node.tappable?.intent }
    return intent.map { [("title", "→ " + $0.rendered)] } ?? []
  }

  private func initial(_ name: String) -> String {
    name.first.map { String($0).uppercased() } ?? ""
  }
}

extension Node {
  /// Whether the node belongs to the navigation bar (back button, toolbar, search field) or is
  /// an alert over the screen: what a screen's content leaves out.
  public var isBarOrAlert: Bool {
    switch kind {
    case .backButton, .toolbar, .searchField, .alert: true
    default: false
    }
  }
}
