/// What the player shows besides the app's state: where the keys go, the selection and the
/// scroll position; the terminal's equivalent of a finger's position on the glass.
struct PlayerView: Equatable, Sendable {
  /// Where the keys go: to the commands, into the search field (after `/`), to the category
  /// picker or to the key table (after `?`), which cover the screen.
  enum Mode: Equatable, Sendable {
    case browsing, editing, picker, keys
  }

  var mode = Mode.browsing
  /// Whether VoiceOver is on (`v`): while browsing, the arrows move its focus, Enter activates
  /// the focused element and Esc is its escape gesture.
  var voiceOver = false
  /// The index of the selected item (row, tile, suggestion or picker option).
  var selection = 0
  /// The first line of the scrolling part that is shown.
  var scroll = 0
  /// Whether the scroll position follows the selection (after `↑`/`↓`) or the selection follows
  /// the scroll position (after `PgUp`/`PgDn`).
  var followsSelection = true

  /// Fits the selection and the scroll position to `layout` with `height` lines of body. While
  /// the field has the keys, the selection rests on no suggestion: typing does not choose one.
  mutating func settle(in layout: Layout, bodyHeight height: Int) {
    let items = layout.items
    selection = items.isEmpty ? 0 : min(max(selection, 0), items.count - 1)
    if mode == .editing, items.indices.contains(selection), items[selection].kind == .suggestion {
      selection = items.firstIndex { $0.kind != .suggestion } ?? items.count
    }
    let hasSelection = items.indices.contains(selection)
    if followsSelection, hasSelection {
      let lines = items[selection].lines
      if lines.lowerBound < scroll { scroll = lines.lowerBound }
      if lines.upperBound > scroll + height { scroll = lines.upperBound - height }
    }
    scroll = min(max(scroll, 0), max(layout.body.count - height, 0))
    if !followsSelection, hasSelection {
      let visible = scroll..<(scroll + height)
      if !visible.contains(items[selection].lines.lowerBound),
        let first = items.firstIndex(where: { visible.contains($0.lines.lowerBound) })
      {
        selection = first
      }
    }
  }
}
