import Scenarios
import Spelling
import ViewDescription
import ViewModels

/// Lays out the top screen of a node tree for a terminal of a given width: a pure function of
/// the tree and the player's view. Texts wrap at spaces, counted in terminal columns, with their
/// control characters made visible; the search field takes one line and shows the end of a long
/// text, so a long paste costs no more to draw than a word. The player's own words are German,
/// as the app's are.
struct ScreenLayout: Sendable {
  var columns: Int
  /// `PlayerScreen.status`, shown over the notice and the help line.
  var status: String?
  /// `PlayerScreen.note`, shown dim under the status.
  var note: String?
  /// While VoiceOver is on: what it speaks of the focused element, and what the app announced
  /// since the last key; shown over the help line, as the body marks no selection.
  var voiceOver: (focus: String, announced: [String])?

  /// The width laid out: the terminal's, and at least 20 columns.
  var width: Int { max(columns, 20) }

  /// The layout of the screen in `tree` (a `NavigationStack` or a `Screen`).
  func layout(_ tree: Node, view: PlayerView) -> Layout {
    // The app always shows a screen.
    let screen = tree.screen ?? tree
    var body = BodyBuilder(layout: self, selection: view.voiceOver ? -1 : view.selection)
    if view.mode == .keys {
      body.lines = keyTable()
    } else if view.mode == .picker, let picker = screen.picker {
      body.lines += wrapped(picker.title, .bold)
      if picker.options.isEmpty { body.lines += wrapped("  –", .dim) }
      for option in picker.options {
        let dot = option.title == picker.selection ? "● " : "  "
        body.item(.option, option.title, intent: option.intent, text: dot + option.title, pad: "")
      }
    } else {
      for suggestion in screen.node(.search)?.children ?? [] {
        body.visit(suggestion, at: NodePlace())
      }
      // The body reads no paths, so the screen stands as a root.
      body.descend(into: screen, at: NodePlace()) { !$0.isBarOrAlert }
    }
    var footer: [Line] = []
    if let status { footer += wrapped("⚠ \(status)", .notice) }
    if let note { footer += wrapped(note, .dim) }
    if let voiceOver {
      footer += wrapped("VoiceOver ▸ " + voiceOver.focus, .selected)
      footer += voiceOver.announced.flatMap { wrapped("Ansage: " + $0, .bold) }
    }
    if let alert = screen.alert {
      let buttons = alert.buttons.map { "[\($0.label)]" }.joined(separator: " ")
      footer += wrapped("⚠ \(alert.message)  \(buttons)", .notice)
    }
    let help = help(for: screen, view: view, items: body.items)
    footer += flow(help.map { Span($0, .dim) }, separator: " · ")
    return Layout(
      header: header(screen, view: view), body: body.lines, footer: footer, items: body.items)
  }

  /// The title (with the back button and `↻`), the toolbar, the search field and a rule.
  private func header(_ screen: Node, view: PlayerView) -> [Line] {
    let back = screen.control(.back).map { "‹ \($0.label)   " } ?? ""
    let refreshing = screen.refreshableList?.isRefreshing == true ? "  ↻" : ""
    var lines = wrapped(back + (screen.screenTitle ?? "") + refreshing, .bold)
    // The toolbar's buttons and menus as `[⚄ Zufallsrezept]  [Kategorie: Dessert ▾]`.
    let toolbar = screen.first { if case .toolbar = $0.kind { true } else { false } }
    let tools = (toolbar?.children ?? []).compactMap { node -> Span? in
      switch node.kind {
      case .menu(let menu):
        let picked = node.picker?.selection.map { ": \($0)" } ?? ""
        return Span("[\(menu.title)\(picked) ▾]")
      case .button(let button):
        let symbol = button.symbol.map { $0.glyph + " " } ?? ""
        return Span("[\(symbol)\(button.title)]", button.isDisabled ? .dim : .plain)
      default: return nil
      }
    }
    lines += flow(tools, separator: "  ")
    if let field = screen.searchField?.field {
      // One line: the text (its prompt while empty and not edited) and the cursor while it
      // has the keys; a text too long shows `…` and its end, where typing goes.
      let text = field.text
      let isEditing = view.mode == .editing
      let shown = text.isEmpty && !isEditing ? field.prompt : text
      let cursor = isEditing ? "▏" : ""
      let room = width - TerminalColumns.of("⌕ ") - TerminalColumns.of(cursor)
      lines.append(
        Line(
          "⌕ " + TerminalColumns.tail(shown, fitting: room) + cursor,
          isEditing ? .input : (text.isEmpty ? .dim : .plain)))
    }
    return lines + [Line(String(repeating: "─", count: width), .dim)]
  }

  /// The keys that do something here: those `KeyMap` carries out on this screen.
  private func help(for screen: Node, view: PlayerView, items: [Item]) -> [String] {
    switch view.mode {
    case .editing:
      return [
        "Tippen zum Suchen", "⌫ löschen", "Strg-U leeren", "Enter suchen", "Esc verlassen",
        "Strg-C beenden",
      ]
    case .picker:
      return ["↑↓ wählen", "Enter übernehmen", "Esc schließen", "q beenden"]
    case .keys:
      return ["↑↓ blättern", "jede andere Taste schließt", "q beenden"]
    case .browsing:
      break
    }
    let laidOut = Layout(header: [], body: [], footer: [], items: items)
    func does(_ key: Key) -> [Step.Action]? {
      let action = KeyMap.action(for: key, tree: screen, layout: laidOut, view: view)
      return action == PlayerAction(view: view) ? nil : action.steps
    }
    if view.voiceOver {
      var keys = ["↑↓←→ Fokus", "Enter aktivieren", "Bild↑/Bild↓ blättern"]
      if does(.escape) != nil {
        keys.append(screen.alert == nil ? "Esc zurück" : "Esc Hinweis schließen")
      }
      return keys + ["v VoiceOver aus", "q beenden"]
    }
    var keys = does(.character("/")) == nil ? [] : ["/ suchen"]
    keys += [items.isEmpty ? "↑↓ blättern" : "↑↓ auswählen", "Bild↑/Bild↓ blättern"]
    if does(.enter) != nil { keys.append("Enter öffnen") }
    // Esc ends the search's focus first, as a keyboard's dismiss key would.
    if let escape = does(.escape) {
      keys.append(escape == [.back] ? "Esc zurück" : "Esc Suche verlassen")
    }
    if does(.escape) != [.back], does(.left) != nil { keys.append("← zurück") }
    let letters = [
      "h Herz", "r aktualisieren", "d würfeln", "c Kategorie", "e erneut versuchen",
      "n Hinweis schließen", "v VoiceOver",
    ]
    keys += letters.filter { does(.character($0.first!)) != nil }
    return keys + ["? Tasten", "q beenden"]
  }

  // MARK: - Text

  /// `pieces` side by side, `separator` between them, on as many lines as the width needs; a
  /// piece wider than a line wraps at its spaces.
  func flow(_ pieces: [Span], separator: String) -> [Line] {
    var lines: [Line] = []
    var used = 0
    for piece in pieces {
      let text = Quoting.visible(piece.text)
      let pieceWidth = TerminalColumns.of(text)
      if !lines.isEmpty, used + separator.count + pieceWidth <= width {
        lines[lines.count - 1].spans += [Span(separator, piece.style), Span(text, piece.style)]
        used += separator.count + pieceWidth
      } else {
        lines += wrapped(text, piece.style)
        used = TerminalColumns.of(lines[lines.count - 1].text)
      }
    }
    return lines
  }

  /// The key table of `?` and `rezepte help play`: what each key does wrapped beside it in a
  /// column of its own, or, narrower than 50 columns, on lines of its own under the key.
  func keyTable() -> [Line] {
    let narrow = width < 50
    let column = String(repeating: " ", count: narrow ? 4 : 18)
    var lines = [Line("Tasten:")]
    for (keys, does) in PlayCommand.keys {
      lines +=
        narrow
        ? wrapped(keys, first: "  ") + wrapped(does, first: column, continuation: column)
        : wrapped(does, first: "  " + keys + column.dropFirst(2 + keys.count), continuation: column)
    }
    return lines
  }

  /// `text` broken at spaces into lines of at most `width` columns in `style`, the first starting
  /// with `first` and the others with `continuation`, in time linear in the text's length.
  func wrapped(
    _ text: String, _ style: Style = .plain, first: String = "", continuation: String = "  "
  ) -> [Line] {
    var lines = [first]
    var used = TerminalColumns.of(first)
    // Whether the line holds anything after its `first` or `continuation`.
    var lineHasText = false
    func breakLine() {
      lines.append(continuation)
      used = TerminalColumns.of(continuation)
      lineHasText = false
    }
    for word in Quoting.visible(text).split(separator: " ", omittingEmptySubsequences: false) {
      if lineHasText, used + 1 + TerminalColumns.of(word) > width {
        breakLine()
      } else if lineHasText {
        lines[lines.count - 1] += " "
        used += 1
      }
      // A word wider than a whole line is cut into pieces, at least a character a line.
      for character in word {
        let characterWidth = TerminalColumns.of(character)
        if used + characterWidth > width, lineHasText { breakLine() }
        lines[lines.count - 1].append(character)
        used += characterWidth
        lineHasText = true
      }
      lineHasText = true
    }
    return lines.map { Line($0, style) }
  }
}

// MARK: - The body

/// Collects the body's lines and items while the tree is walked.
private struct BodyBuilder: NodeWalker {
  let layout: ScreenLayout
  let selection: Int
  var lines: [Line] = []
  var items: [Item] = []
  /// How far the node visited is indented: two more under a section or an empty screen's view.
  var indent = 0

  private var pad: String { String(repeating: " ", count: indent) }

  mutating func visit(_ node: Node, at place: NodePlace) {
    switch node.kind {
    case .list(let list):
      if list.isRefreshing { lines.append(Line(pad + "↻", .dim)) }
      descend(into: node, at: place)
    case .navigationStack, .screen, .toolbar, .menu:
      descend(into: node, at: place)
    case .section(let header):
      if !lines.isEmpty { lines.append(Line("")) }
      if let header { text(header, .bold) }
      descendIndented(into: node, at: place)
    case .row(let row):
      item(.row, row.title, intent: row.intent, text: row.title + (row.isFavorite ? " ♥" : ""))
    case .tile(let tile):
      item(.tile, tile.title, intent: tile.intent, text: tile.title)
    case .suggestion(let suggestion):
      item(
        .suggestion, suggestion.term, intent: suggestion.intent, text: "⌕ " + suggestion.term,
        pad: "  ")
    case .text(let string): text(string)
    case .label(let label): text("\(label.symbol?.glyph ?? "•") \(label.title)")
    case .link(let link): text("↗ \(link.title)", .link)
    case .button(let button): text("[\(button.title)]")
    case .image, .picker, .searchField, .alert, .backButton:
      break  // no picture in a terminal; the others are in the header, the footer, the picker
    case .progressView(let title):
      // A state that fills the screen, set apart and indented.
      fills("⋯ " + (title ?? ""), .dim, node, place)
    case .contentUnavailableView(let label):
      fills("\(label.symbol?.glyph ?? "•") \(label.title)", .bold, node, place)
    case .grid:
      grid(node.children)
    }
  }

  /// A state that fills the screen (a progress view, an empty or failed state), set apart and
  /// indented, its children under it.
  private mutating func fills(_ title: String, _ style: Style, _ node: Node, _ place: NodePlace) {
    lines.append(Line(""))
    lines += layout.wrapped(title, style, first: pad + "  ", continuation: pad + "    ")
    descendIndented(into: node, at: place)
  }

  /// Visits the node's children two columns further in.
  private mutating func descendIndented(into node: Node, at place: NodePlace) {
    indent += 2
    descend(into: node, at: place)
    indent -= 2
  }

  /// A selectable line (row, tile, suggestion, option): `▸` and reverse video when selected.
  mutating func item(
    _ kind: Tappable.Kind, _ label: String, intent: UserIntent, text: String, pad: String? = nil
  ) {
    let pad = pad ?? self.pad
    let isSelected = items.count == selection
    let start = lines.count
    lines += layout.wrapped(
      text, isSelected ? .selected : .plain, first: pad + (isSelected ? "▸ " : "  "),
      continuation: pad + "    ")
    items.append(Item(kind: kind, label: label, intent: intent, lines: start..<lines.count))
  }

  /// Tiles side by side, as many as fit in columns of 20.
  private mutating func grid(_ tiles: [Node]) {
    let columnWidth = 20
    let columns = max((layout.width - indent) / columnWidth, 1)
    for start in stride(from: 0, to: tiles.count, by: columns) {
      let row = tiles[start..<min(start + columns, tiles.count)]
      var spans = [Span(pad)]
      for (index, node) in zip(row.indices, row) {
        guard case .tile(let tile) = node.kind else { continue }
        let (label, intent) = (tile.title, tile.intent)
        let isSelected = items.count == selection
        var name = Quoting.visible(label)
        if TerminalColumns.of(name) > columnWidth - 3 {
          name = TerminalColumns.prefix(name, fitting: columnWidth - 4) + "…"
        }
        let cell = (isSelected ? "▸ " : "  ") + name
        spans.append(Span(cell, isSelected ? .selected : .plain))
        if index < row.endIndex - 1 {
          let padding = max(columnWidth - TerminalColumns.of(cell), 0)
          spans.append(Span(String(repeating: " ", count: padding)))
        }
        items.append(
          Item(kind: .tile, label: label, intent: intent, lines: lines.count..<(lines.count + 1)))
      }
      lines.append(Line(spans))
    }
  }

  private mutating func text(_ string: String, _ style: Style = .plain) {
    lines += layout.wrapped(string, style, first: pad, continuation: pad + "  ")
  }
}
