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
/// A screen reader hears the phone as VoiceOver hears the app: the elements of
/// `Node.spokenElements`, in order, named by their labels and in the roles of their traits;
/// decorations and what VoiceOver skips are hidden, and announcements are in a live region.
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
  /// `changed` are highlighted, and `announcements` (what the app announced) are in the live
  /// region. `spoken` is what VoiceOver reads of the tree, when it was read before.
  public func render(
    _ node: Node, spoken: [SpokenElement]? = nil, changed: Set<NodePath> = [],
    announcements: [String] = [], into writer: inout HTMLWriter
  ) {
    let elements = spoken ?? node.spokenElements
    let spoken = Dictionary(elements.map { ($0.path, $0) }) { first, _ in first }
    var drawing = PhoneDrawing(changed: changed, spoken: spoken, writer: writer)
    drawing.writer.open("div", classes: ["phone"])
    drawing.writer.open("div", classes: ["phone-screen"])
    drawing.walk(node)
    drawing.writer.open("div", classes: ["sr-only"], [("role", "status")])
    for text in announcements { drawing.writer.element("p", text: text) }
    drawing.writer.raw("</div></div></div>")  // the live region, the screen and the phone
    writer = drawing.writer
  }
}

// MARK: - Drawing

/// The renderer's state while it walks one tree.
private struct PhoneDrawing: NodeWalker {
  let changed: Set<NodePath>
  /// What VoiceOver reads of the tree, by the node each element stands for.
  let spoken: [NodePath: SpokenElement]
  var writer: HTMLWriter
  /// The title of the screen being drawn: the name an image placeholder shows.
  var screenTitle = ""

  /// Draws the node in its element, and its children where its kind holds them.
  mutating func visit(_ node: Node, at place: NodePlace) {
    if case .screen(let title) = node.kind { return screen(node, title: title, place) }
    let path = place.path
    let (tag, classes, attributes) = element(for: node, at: place)
    let hidden: [HTMLWriter.Attribute] =
      node.accessibility.isHidden ? [("aria-hidden", "true")] : []
    // A control is named by what VoiceOver speaks of it.
    let named = node.tappable.map { accessible(path, visible: $0.label) } ?? []
    writer.open(
      tag, classes: changed.contains(path) ? classes + ["changed"] : classes,
      [("data-path", path.description)] + attributes + named + hidden + tooltip(node))
    switch node.kind {
    case .button(let button):
      glyph(button.symbol)
      writer.element("span", classes: ["button-label"], text: button.title)
    case .label(let label):
      glyph(label.symbol)
      text(label.title, "span", ["label-title"], at: path)
    case .menu(let label):
      writer.open("summary", accessible(path, visible: label.title))
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
        decoration(["checkmark"], selected ? "✓" : "")
        writer.text(option.title)
        writer.close("li")
      }
      writer.close("ul")
    case .searchField(let field):
      // The text, or the prompt (greyed) while it is empty; the caret while it has the focus.
      writer.open("div", classes: ["search-box"])
      glyph(.magnifyingglass)
      writer.open(
        "input", classes: field.text.isEmpty ? ["prompt"] : ["search-text"],
        [
          ("type", "search"), ("readonly", ""),
          ("aria-label", spoken[path]?.label ?? field.prompt),
          ("placeholder", field.prompt), ("value", field.text),
        ])
      if field.isFocused { writer.element("span", classes: ["caret"], text: "") }
      writer.close("div")
      if !node.children.isEmpty { children("div", ["suggestions"], node, place) }
    case .suggestion(let suggestion):
      glyph(.magnifyingglass)
      writer.text(suggestion.term)
    case .list(let list):
      if list.isRefreshing {
        writer.raw(#"<div class="refresh-spinner"><span class="spinner"></span></div>"#)
      }
      descend(into: node, at: place)
    case .section(let header):
      if let header { text(header, "p", ["section-header"], at: path) }
      children("div", ["section-body"], node, place)
    case .row(let row):
      if let url = row.thumbnail {
        placeholder(["thumb"], name: row.title, url: url, caption: initial(row.title))
      }
      writer.element("span", classes: ["row-label"], text: row.title)
      if row.isFavorite { decoration(["heart"], "♥") }
      decoration(["chevron"], "›")
    case .text(let text):
      say(text, at: path)
    case .image(let url):
      // `AsyncImage`: a placeholder with the screen's name (no request).
      placeholder(["image-placeholder"], name: screenTitle, url: url, caption: screenTitle)
    case .progressView(let title):
      writer.raw(#"<span class="spinner"></span>"#)
      if let title { text(title, "p", ["progress-title"], at: path) }
    case .contentUnavailableView(let label):
      // The big glyph, the title, then the description and the actions (the children).
      writer.open("div", classes: ["big-glyph"])
      glyph(label.symbol)
      writer.close("div")
      text(label.title, "p", ["unavailable-title"], at: path)
      descend(into: node, at: place)
    case .link(let link):
      writer.text(link.title)
      decoration(["link-arrow"], " ↗")
    case .tile(let tile):
      placeholder(["tile-image"], name: tile.title, url: tile.image, caption: initial(tile.title))
      writer.element("span", classes: ["tile-label"], text: tile.title)
    case .alert(let message):
      // The message in a box over the dimmed screen, its buttons below it; the dialog is named
      // by the message, which is not read twice.
      writer.open(
        "div", classes: ["alert"],
        [("role", "alertdialog"), ("aria-modal", "true")] + accessible(path, visible: ""))
      decoration(["alert-message"], message)
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
      // The heart is a toggle: pressed while the meal is a favourite.
      let isOn = node.accessibility.traits.contains(.isSelected)
      let toggle: [HTMLWriter.Attribute] = node.id == .heart ? [("aria-pressed", "\(isOn)")] : []
      return (
        "button", button.isDisabled ? ["button", "disabled"] : ["button"],
        (button.isDisabled ? [("disabled", "")] : []) + toggle
      )
    case .menu:
      // Open when something in it changed, so that the change is in view.
      let path = place.path.indices
      let holdsChange = changed.contains {
        $0.indices.count > path.count && $0.indices.starts(with: path)
      }
      return ("details", ["menu"], holdsChange ? [("open", "")] : [])
    // A closed menu's contents, which VoiceOver does not read: the menu's value says the choice.
    case .picker: return ("div", ["picker"], [("aria-hidden", "true")])
    case .searchField(let field):
      return ("div", field.isFocused ? ["search", "focused"] : ["search"], [])
    case .suggestion: return ("button", ["suggestion"], [])
    case .list(let list):
      return (
        "div",
        ["list"] + (list.refresh != nil ? ["refreshable"] : [])
          + (list.isRefreshing ? ["refreshing"] : []), []
      )
    case .section: return ("div", ["section"], [])
    case .row(let row): return ("button", row.isFavorite ? ["row", "favorite"] : ["row"], [])
    case .text: return ("p", ["text"], [])
    case .image:
      guard let element = spoken[place.path] else { return ("div", ["image"], []) }
      return ("div", ["image"], [("role", "img"), ("aria-label", element.label)])
    case .label: return ("div", ["label"], [])
    case .progressView: return ("div", ["progress"], [])
    case .contentUnavailableView: return ("div", ["unavailable"], [])
    case .link(let link):
      // An `<a href>` only for http and https destinations, which a click opens and nothing
      // loads; any other scheme (`javascript:`, `file:`) from a catalog stays plain text.
      let url = link.destination.absoluteString
      guard url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") else {
        return ("span", ["link"], [("role", "link")])
      }
      return ("a", ["link"], [("href", url), ("rel", "noopener noreferrer"), ("target", "_blank")])
    case .grid: return ("div", ["grid"], [])
    case .tile: return ("button", ["tile"], [])
    case .alert: return ("div", ["alert-backdrop"], [])
    case .screen: return ("div", ["screen"], [])
    case .backButton: return ("span", ["back"], [])
    }
  }

  /// The navigation bar (back button, toolbar, title, search field), the content below it,
  /// and any alert over both.
  private mutating func screen(_ node: Node, title: String, _ place: NodePlace) {
    screenTitle = title
    // A changed screen marks its title and back button, not everything on it.
    let isChanged = changed.contains(place.path)
    // VoiceOver reaches nothing behind an alert.
    let behind: [HTMLWriter.Attribute] = node.alert != nil ? [("inert", "")] : []
    writer.open("div", classes: ["screen"], [("data-path", place.path.description)])
    writer.open("div", classes: ["nav-bar"], behind)
    writer.open("div", classes: ["nav-row"])
    for (index, child) in node.children.enumerated() {
      guard case .backButton(let back) = child.kind else { continue }
      let path = NodePath(place.path.indices + [index])
      writer.open(
        "button", classes: isChanged ? ["back", "changed"] : ["back"],
        tooltip(child) + accessible(path, visible: back.title))
      decoration(["chevron"], "‹")
      writer.text(back.title)
      writer.close("button")
    }
    writer.element("span", classes: ["nav-spacer"], text: "")
    descend(into: node, at: place) { if case .toolbar = $0.kind { true } else { false } }
    writer.close("div")
    writer.element(
      "h2", classes: isChanged ? ["nav-title", "changed"] : ["nav-title"], text: title)
    descend(into: node, at: place) { if case .searchField = $0.kind { true } else { false } }
    writer.close("div")
    writer.open("div", classes: ["content"], behind)
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
    decoration(["glyph"], symbol.glyph, [("title", symbol.rawValue)])
  }

  /// Drawn, but hidden from a screen reader: what only decorates, or is said elsewhere.
  private mutating func decoration(
    _ classes: [StaticString], _ text: String, _ attributes: [HTMLWriter.Attribute] = []
  ) {
    writer.element("span", classes: classes, attributes + [("aria-hidden", "true")], text: text)
  }

  /// `text` as drawn, spoken as VoiceOver speaks the node at `path`: its label in its place
  /// where the two differ.
  private mutating func say(_ text: String, at path: NodePath) {
    guard let label = spoken[path]?.label, label != text else { return writer.text(text) }
    writer.element("span", classes: ["sr-only"], text: label)
    decoration([], text)
  }

  /// `text` in an element `tag` of its own, read as the node at `path`: a heading (`h3`) named
  /// by its label when VoiceOver speaks it as one (the drawn text may be transformed, as a
  /// section's header is upper-cased).
  private mutating func text(
    _ text: String, _ tag: StaticString, _ classes: [StaticString], at path: NodePath
  ) {
    if let element = spoken[path], element.traits.contains(.isHeader) {
      return writer.element("h3", classes: classes, [("aria-label", element.label)], text: text)
    }
    writer.open(tag, classes: classes)
    say(text, at: path)
    writer.close(tag)
  }

  /// What VoiceOver says of the node at `path` that `visible`, its drawn text, does not: its
  /// label and value as `aria-label` where they differ from it, its hint as `aria-description`.
  private func accessible(_ path: NodePath, visible: String) -> [HTMLWriter.Attribute] {
    guard let element = spoken[path] else { return [] }
    let name = element.value.map { element.label + ", " + $0 } ?? element.label
    var attributes: [HTMLWriter.Attribute] = []
    if name != visible { attributes.append(("aria-label", name)) }
    if let hint = element.hint { attributes.append(("aria-description", hint)) }
    return attributes
  }

  /// A coloured box standing for an image that is not loaded: the colour comes from `name`, so
  /// the same meal always looks the same; the address is the tooltip. A decoration: a row or a
  /// tile is named by its title, a described picture by its element.
  private mutating func placeholder(
    _ classes: [StaticString], name: String, url: String?, caption: String
  ) {
    // A hue from the name's bytes (FNV-1a): the same on every run and machine, unlike `Hasher`.
    let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    var attributes: [HTMLWriter.Attribute] = [
      ("style", "background-color: hsl(\(hash % 360) 45% 70%)")
    ]
    if let url { attributes.append(("title", url)) }
    decoration(classes + ["placeholder"], caption, attributes)
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
