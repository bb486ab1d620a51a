import Spelling

/// The one table of the SF Symbols the screens name and the character drawn for each, shared
/// by the storyboard's HTML and the terminal player.
///
/// Each glyph is one character that takes one terminal column and that DejaVu Sans or DejaVu
/// Sans Mono draws, so it needs no emoji font (the storyboard's browser test checks that none
/// is drawn as the missing-glyph box). A symbol the table does not know is drawn as its name in
/// brackets, `[name]`: a missing entry shows instead of hiding behind a guess.
public enum SymbolGlyphs {
  /// Every SF Symbol the app's screens use, by its `AppText` name (as a text tree spells it:
  /// `[heart.fill]`), and its glyph.
  public static let table: [String: String] = [
    AppText.diceSymbol: "⚄",
    AppText.categoryMenuSymbol: "☰",
    AppText.noMealsSymbol: "⋔",  // also `categorySymbol`
    AppText.noResultsSymbol: "⌕",
    AppText.noCategoriesSymbol: "⊞",
    AppText.failureSymbol: "⚠",
    AppText.notFoundSymbol: "?",
    AppText.notFavoriteSymbol: "♡",
    AppText.favoriteSymbol: "♥",
    AppText.areaSymbol: "⊕",
    AppText.tagsSymbol: "#",
  ]

  /// The glyph drawn for the SF Symbol `name`, or `[name]` (control characters made visible)
  /// for a symbol the table does not know.
  public static func glyph(for name: String) -> String {
    table[name] ?? "[" + Quoting.visible(name) + "]"
  }
}
