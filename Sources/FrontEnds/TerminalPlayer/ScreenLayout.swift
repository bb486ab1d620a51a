import Spelling
import ViewDescription
import ViewModels

/// Lays out the top screen of a node tree for a terminal of a given width: a pure function of
/// the tree and the player's view, side by side with `TextRenderer`.
///
/// Long texts wrap at spaces like the text renderer's lines do, with continuation lines
/// indented under their start; a word wider than the terminal is cut, as a terminal cannot let
/// it overflow. Widths are counted in terminal columns (`TerminalColumns`). Every text from the
/// tree (a catalog's, a server's or a scenario's) is drawn with its control characters made
/// visible by `Quoting.visible`, as the text tree draws them. The search field takes one line,
/// showing the end of a text too long for it, so a long paste costs no more to draw than a word.
struct ScreenLayout: Sendable {
  /// The terminal's width in columns; narrower than 40 is laid out as 40.
  var width: Int
  /// A problem of the tool itself (not of the app's screens), such as favourites that could not
  /// be read or saved; shown over the notice and the help line.
  var status: String?
  /// A fact about the session (which favourites file is in use), shown dim under the status.
  var note: String?
  /// Long texts wrapped before; `nil` wraps every text afresh.
  var memo: WrapMemo?

  init(width: Int, status: String? = nil, note: String? = nil, memo: WrapMemo? = nil) {
    self.width = max(width, 40)
    self.status = status
    self.note = note
    self.memo = memo
  }

  /// The layout of the screen in `tree` (a `NavigationStack` or a `Screen`).
  func layout(_ tree: Node, view: PlayerView) -> Layout {
    guard let screen = tree.first(where: { $0.kind == .screen }) else {
      return Layout(
        header: [], body: [], footer: statusLines() + help(for: tree, view: view), items: [])
    }
    var builder = BodyBuilder(screen: self, selection: view.selection)
    let picker = screen.first { $0.kind == .picker }
    if view.isPickerOpen, let picker {
      builder.picker(picker)
    } else {
      if let field = screen.first(where: { $0.kind == .searchField }) {
        for suggestion in field.children where suggestion.kind == .suggestion {
          builder.item(suggestion, prefix: "⌕ ", indent: 2)
        }
      }
      // The body reads no paths, so the screen stands as a root.
      builder.descend(
        into: screen, at: NodePlace(),
        where: { ![.toolbar, .searchField, .alert].contains($0.kind) })
    }
    return Layout(
      header: header(screen, view: view), body: builder.lines,
      footer: statusLines() + notice(screen) + help(for: screen, view: view),
      items: builder.items)
  }

  // MARK: - Header

  private func header(_ screen: Node, view: PlayerView) -> [Line] {
    var lines: [Line] = []
    var title = ""
    if let back = screen.back { title += "‹ \(back)   " }
    title += screen.label ?? ""
    if screen.first(where: { $0.has(.refreshing) }) != nil { title += "  ↻" }
    lines += wrap(title, first: "", continuation: "  ").map { Line($0, .bold) }
    if let toolbar = screen.first(where: { $0.kind == .toolbar }) {
      lines += toolbarLines(toolbar)
    }
    if let field = screen.first(where: { $0.kind == .searchField }) {
      lines.append(searchLine(field, view: view))
    }
    lines.append(Line(String(repeating: "─", count: width), .dim))
    return lines
  }

  /// The search field on one line: `⌕ `, its text (its prompt while empty and not edited), and
  /// the cursor while it has the keys; a text too long shows `…` and its end, where typing goes.
  private func searchLine(_ field: Node, view: PlayerView) -> Line {
    let text = field.text ?? ""
    let shown = text.isEmpty && !view.isEditing ? (field.label ?? "") : text
    let cursor = view.isEditing ? "▏" : ""
    let style: Style = view.isEditing ? .input : (text.isEmpty ? .dim : .plain)
    let room = width - TerminalColumns.of("⌕ ") - TerminalColumns.of(cursor)
    return Line("⌕ " + TerminalColumns.tail(shown, fitting: room) + cursor, style)
  }

  /// The toolbar's buttons and menus as `[⚄ Zufallsrezept]  [Kategorie: Dessert ▾]`.
  private func toolbarLines(_ toolbar: Node) -> [Line] {
    var lines: [Line] = []
    var spans: [Span] = []
    var used = 0
    for node in toolbar.children {
      let text: String
      switch node.kind {
      case .menu:
        let picker = node.first { $0.kind == .picker }
        let selection = picker?.selection.map { ": \($0)" } ?? ""
        text = "[\(node.label ?? "")\(selection) ▾]"
      default:
        let symbol = node.systemImage.map { SymbolGlyphs.glyph(for: $0) + " " } ?? ""
        text = "[\(symbol)\(node.label ?? "")]"
      }
      let piece = String(TerminalColumns.prefix(Quoting.visible(text), fitting: width))
      let pieceWidth = TerminalColumns.of(piece)
      if used > 0, used + 2 + pieceWidth > width {
        lines.append(Line(spans))
        spans = []
        used = 0
      }
      if used > 0 {
        spans.append(Span("  "))
        used += 2
      }
      spans.append(Span(piece, node.has(.disabled) ? .dim : .plain))
      used += pieceWidth
    }
    if !spans.isEmpty { lines.append(Line(spans)) }
    return lines
  }

  // MARK: - Footer

  /// The tool's own status and note, if any.
  private func statusLines() -> [Line] {
    var lines: [Line] = []
    if let status {
      lines += wrap("⚠ \(status)", first: "", continuation: "  ").map { Line($0, .notice) }
    }
    if let note {
      lines += wrap(note, first: "", continuation: "  ").map { Line($0, .dim) }
    }
    return lines
  }

  /// The notice (an `.alert`) over the help line.
  private func notice(_ screen: Node) -> [Line] {
    guard let alert = screen.first(where: { $0.kind == .alert }) else { return [] }
    let buttons = alert.children.compactMap(\.label).map { "[\($0)]" }.joined(separator: " ")
    return wrap("⚠ \(alert.label ?? "")  \(buttons)", first: "", continuation: "  ").map {
      Line($0, .notice)
    }
  }

  /// The keys that do something here, wrapped to the width.
  func help(for screen: Node, view: PlayerView) -> [Line] {
    var keys: [String] = []
    if view.isEditing {
      keys = ["type to search", "⌫ delete", "^U clear", "Enter done", "Esc leave", "^C quit"]
    } else if view.isPickerOpen {
      keys = ["↑↓ choose", "Enter pick", "Esc close", "q quit"]
    } else {
      let tappables = screen.tappables
      func offers(_ label: String) -> Bool { tappables.contains { $0.label == label } }
      let hasItems = tappables.contains { [.row, .tile, .suggestion].contains($0.kind) }
      let field = screen.first { $0.kind == .searchField }
      if field != nil { keys.append("/ search") }
      keys.append(hasItems ? "↑↓ move" : "↑↓ scroll")
      keys.append("PgUp/PgDn scroll")
      if hasItems { keys.append("Enter open") }
      // Esc ends the search's focus first, as a keyboard's dismiss key would.
      if field?.has(.focused) == true {
        keys.append("Esc leave search")
        if screen.back != nil { keys.append("← back") }
      } else if screen.back != nil {
        keys.append("Esc back")
      }
      if offers(AppText.addFavorite) || offers(AppText.removeFavorite) {
        keys.append("h heart")
      }
      if screen.first(where: { $0.has(.refreshable) }) != nil { keys.append("r refresh") }
      if offers(AppText.dice) { keys.append("d dice") }
      if screen.first(where: { $0.kind == .picker }) != nil { keys.append("c category") }
      if offers(AppText.retry) { keys.append("e retry") }
      if screen.first(where: { $0.kind == .alert }) != nil { keys.append("n dismiss") }
      keys.append("q quit")
    }
    var lines: [String] = []
    for key in keys {
      if let last = lines.last, last.count + 3 + key.count <= width {
        lines[lines.count - 1] = last + " · " + key
      } else {
        lines.append(key)
      }
    }
    return lines.map { Line($0, .dim) }
  }

  // MARK: - Text

  /// `text` broken at spaces into lines of at most `width` columns, the first starting with
  /// `first` and the others with `continuation`; control characters in `text` made visible.
  func wrap(_ text: String, first: String, continuation: String) -> [String] {
    guard let memo else {
      return Self.wrap(text, width: width, first: first, continuation: continuation)
    }
    return memo.lines(of: text, width: width, first: first, continuation: continuation) {
      Self.wrap(text, width: width, first: first, continuation: continuation)
    }
  }

  /// `wrap(_:first:continuation:)` at `width`: in time linear in the text's length.
  static func wrap(_ text: String, width: Int, first: String, continuation: String) -> [String] {
    let continuationWidth = TerminalColumns.of(continuation)
    var lines: [String] = []
    var line = first
    var used = TerminalColumns.of(first)
    // Whether the line holds anything after its `first` or `continuation`.
    var lineHasText = false
    func breakLine() {
      lines.append(line)
      line = continuation
      used = continuationWidth
      lineHasText = false
    }
    for word in Quoting.visible(text).split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = TerminalColumns.of(word)
      if lineHasText, used + 1 + wordWidth > width { breakLine() }
      if lineHasText {
        line += " "
        used += 1
      }
      if used + wordWidth <= width {
        line += word
        used += wordWidth
      } else {
        // A word wider than a whole line is cut into pieces, at least a character a line.
        for character in word {
          let characterWidth = TerminalColumns.of(character)
          if used + characterWidth > width, lineHasText { breakLine() }
          line.append(character)
          used += characterWidth
          lineHasText = true
        }
      }
      lineHasText = true
    }
    lines.append(line)
    return lines
  }
}

// MARK: - The body

/// Collects the body's lines and items while the tree is walked.
private struct BodyBuilder: NodeWalker {
  let screen: ScreenLayout
  let selection: Int
  var lines: [Line] = []
  var items: [Item] = []
  /// How far the node visited is indented: two more under a section or an empty screen's view.
  var indent = 0

  mutating func visit(_ node: Node, at place: NodePlace) {
    let pad = String(repeating: " ", count: indent)
    switch node.kind {
    case .list, .navigationStack, .screen, .toolbar, .menu:
      if node.kind == .list, node.has(.refreshing) { lines.append(Line(pad + "↻", .dim)) }
      descend(into: node, at: place)
    case .section:
      if !lines.isEmpty { lines.append(Line("")) }
      if let header = node.label {
        text(header, indent: indent, style: .bold)
      }
      descendIndented(into: node, at: place)
    case .row, .tile, .suggestion:
      item(node, prefix: "", indent: indent)
    case .text:
      text(node.label ?? "", indent: indent, style: .plain)
    case .label:
      let symbol = node.systemImage.map(SymbolGlyphs.glyph(for:)) ?? "•"
      text("\(symbol) \(node.label ?? "")", indent: indent, style: .plain)
    case .link:
      text("↗ \(node.label ?? "")", indent: indent, style: .link)
    case .image:
      break  // a terminal cannot show the picture
    case .progressView:
      lines.append(Line(""))
      text("⋯ \(node.label ?? "")", indent: indent + 2, style: .dim)
    case .contentUnavailableView:
      lines.append(Line(""))
      let symbol = node.systemImage.map(SymbolGlyphs.glyph(for:)) ?? "•"
      text("\(symbol) \(node.label ?? "")", indent: indent + 2, style: .bold)
      descendIndented(into: node, at: place)
    case .grid:
      grid(node.children, indent: indent)
    case .button:
      text("[\(node.label ?? "")]", indent: indent, style: .plain)
    case .picker, .searchField, .alert:
      break  // drawn in the header, the footer, or when the picker is open
    }
  }

  /// Visits the node's children two columns further in.
  private mutating func descendIndented(into node: Node, at place: NodePlace) {
    indent += 2
    descend(into: node, at: place)
    indent -= 2
  }

  /// A selectable line (row, tile, suggestion, option): `▸` and reverse video when selected.
  mutating func item(_ node: Node, prefix: String, indent: Int) {
    guard let label = node.label, let intent = node.intent else { return }
    let isSelected = items.count == selection
    let marker = isSelected ? "▸ " : "  "
    let heart = node.has(.favorite) ? " ♥" : ""
    let pad = String(repeating: " ", count: indent)
    let start = lines.count
    let wrapped = screen.wrap(
      prefix + label + heart, first: pad + marker, continuation: pad + "    ")
    lines += wrapped.map { Line($0, isSelected ? .selected : .plain) }
    items.append(Item(kind: node.kind, label: label, intent: intent, lines: start..<lines.count))
  }

  /// The open category picker: its options, the chosen one with `●`.
  mutating func picker(_ picker: Node) {
    text(picker.label ?? "", indent: 0, style: .bold)
    if picker.options.isEmpty { text("–", indent: 2, style: .dim) }
    for option in picker.options {
      let isSelected = items.count == selection
      let marker = isSelected ? "▸ " : "  "
      let dot = option == picker.selection ? "● " : "  "
      let start = lines.count
      lines += screen.wrap(dot + option, first: marker, continuation: "      ")
        .map { Line($0, isSelected ? .selected : .plain) }
      items.append(
        Item(
          kind: .picker, label: option, intent: .categoryPicked(option),
          lines: start..<lines.count))
    }
  }

  /// Tiles side by side, as many as fit in columns of 20.
  mutating func grid(_ tiles: [Node], indent: Int) {
    let columnWidth = 20
    let columns = max((screen.width - indent) / columnWidth, 1)
    let pad = String(repeating: " ", count: indent)
    var index = 0
    while index < tiles.count {
      let row = tiles[index..<min(index + columns, tiles.count)]
      var spans: [Span] = [Span(pad)]
      for tile in row {
        guard let label = tile.label, let intent = tile.intent else { continue }
        let isSelected = items.count == selection
        var name = Quoting.visible(label)
        if TerminalColumns.of(name) > columnWidth - 3 {
          name = TerminalColumns.prefix(name, fitting: columnWidth - 4) + "…"
        }
        let cell = (isSelected ? "▸ " : "  ") + name
        spans.append(Span(cell, isSelected ? .selected : .plain))
        spans.append(
          Span(String(repeating: " ", count: max(columnWidth - TerminalColumns.of(cell), 0))))
        items.append(
          Item(kind: .tile, label: label, intent: intent, lines: lines.count..<(lines.count + 1)))
      }
      lines.append(Line(trimmed(spans)))
      index += columns
    }
  }

  mutating func text(_ string: String, indent: Int, style: Style) {
    let pad = String(repeating: " ", count: indent)
    lines += screen.wrap(string, first: pad, continuation: pad + "  ").map {
      Line($0, style)
    }
  }

  /// Drops the padding after the last tile.
  private func trimmed(_ spans: [Span]) -> [Span] {
    var spans = spans
    if let last = spans.last, last.style == .plain, last.text.allSatisfy({ $0 == " " }) {
      spans.removeLast()
    }
    return spans
  }
}
