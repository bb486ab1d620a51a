import Spelling

/// Turns frames into the escape sequences that draw them, writing only the lines that changed
/// since the last frame, each cut at the terminal's width. Its own escape sequences are the only
/// ones it writes: a control character in a line's text is written as `Quoting.visible` spells it.
struct FrameWriter: Sendable {
  /// The lines on the terminal now, as drawn; empty before the first frame.
  private(set) var shown: [String] = []

  /// The bytes that turn the terminal's screen into `frame`, `width` columns wide; empty when
  /// nothing changed. `full` clears the screen first (after a resize).
  mutating func update(to frame: [Line], width: Int, full: Bool = false) -> String {
    var output = full ? "\u{1B}[0m\u{1B}[2J" : ""
    if full { shown = [] }
    // Erasing the rest of a full line would erase its last character: without automatic wrap
    // the cursor stays on the last column.
    let drawn = frame.map { line in
      var output = ""
      var room = width
      for span in line.spans where room > 0 {
        let text = TerminalColumns.prefix(Quoting.visible(span.text), fitting: room)
        room -= TerminalColumns.of(text)
        output += Self.sgr(span.style) + text
      }
      return output + (room > 0 ? "\u{1B}[0m\u{1B}[K" : "\u{1B}[0m")
    }
    for (row, line) in drawn.enumerated() where row >= shown.count || shown[row] != line {
      output += "\u{1B}[\(row + 1);1H" + line
    }
    for row in drawn.count..<max(shown.count, drawn.count) {
      output += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[K"
    }
    shown = drawn
    return output
  }

  /// The SGR sequence that draws in `style`.
  private static func sgr(_ style: Style) -> String {
    switch style {
    case .plain: "\u{1B}[0m"
    case .bold: "\u{1B}[0;1m"
    case .dim: "\u{1B}[0;2m"
    case .selected: "\u{1B}[0;7m"
    case .link: "\u{1B}[0;4m"
    case .input: "\u{1B}[0;1;4m"
    case .notice: "\u{1B}[0;1;33m"
    }
  }
}
