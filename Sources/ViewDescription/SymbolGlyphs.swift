/// The one table of the SF Symbols the screens name and the character drawn for each, shared
/// by the storyboard's HTML and the terminal player.
///
/// Each glyph is one character that takes one terminal column and is in the DejaVu and
/// Liberation fonts, so it draws without an emoji font. A symbol the table does not know is
/// drawn as its name in brackets, `[name]`: a missing entry shows instead of hiding behind a
/// guess.
public enum SymbolGlyphs {
  /// Every SF Symbol the app's screens use (`AppText`'s `…Symbol` names) and its glyph.
  public static let table: [String: String] = [
    "dice": "⚄",
    "line.3.horizontal.decrease.circle": "☰",
    "fork.knife": "⋔",
    "magnifyingglass": "⌕",
    "square.grid.2x2": "⊞",
    "wifi.exclamationmark": "⚠",
    "questionmark.circle": "?",
    "heart": "♡",
    "heart.fill": "♥",
    "globe": "⊕",
    "tag": "⌗",
  ]

  /// The glyph drawn for the SF Symbol `name`, or `[name]` (control characters made visible)
  /// for a symbol the table does not know.
  public static func glyph(for name: String) -> String {
    table[name] ?? "[" + Quoting.visible(name) + "]"
  }
}
