import Spelling

/// How many columns a terminal gives a text: two for East Asian wide and full-width characters
/// and emoji, one for every other character. Doubtful characters count as wide: too wide only
/// leaves a column empty, too narrow would push the line past the terminal's edge.
package enum TerminalColumns {
  /// The columns `character` takes.
  package static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first, first.value >= 0x1100 else { return 1 }
    if isWide(first) { return 2 }
    // An emoji variation selector asks for the wide, coloured form.
    return character.unicodeScalars.contains("\u{FE0F}") ? 2 : 1
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The longest start of `text` that fits in `columns`.
  static func prefix(_ text: some StringProtocol, fitting columns: Int) -> Substring {
    let text = Substring(text)
    var used = 0
    // The first character that no longer fits.
    let end = text.firstIndex { character in
      used += of(character)
      return used > columns
    }
    return text[..<(end ?? text.endIndex)]
  }

  /// `text` with its control characters made visible, whole if it fits in `columns`, else `…` and
  /// as much of its end as fits; reads only the end, so a long text costs no more than a short one.
  static func tail(_ text: String, fitting columns: Int) -> String {
    let end = text.suffix(max(columns, 1) + 1)
    let visible = Quoting.visible(String(end))
    if end.startIndex == text.startIndex, of(visible) <= columns { return visible }
    return "…" + String(prefix(String(visible.reversed()), fitting: columns - 1).reversed())
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F000...0x1FAFF,
      0x20000...0x3FFFD:
      true
    default:
      scalar.properties.isEmojiPresentation
    }
  }
}
