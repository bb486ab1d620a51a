/// The German texts and SF Symbols the screens show, in one place.
///
/// Taken from the lesson (Projekt D Teil 3, lessons 3.11 and 3.12) word for word; a runner can
/// press `AppText.retry` by its label instead of spelling it again.
public enum AppText {
  // MARK: List

  public static let listLoading = "Rezepte werden geladen…"
  public static let searchPrompt = "Alle Rezepte durchsuchen"
  public static let dice = "Zufallsrezept"
  public static let diceSymbol = "dice"
  public static let categoryMenu = "Kategorie"
  public static let categoryMenuSymbol = "line.3.horizontal.decrease.circle"
  public static let favoritesSection = "Favoriten"
  /// The empty category (Projekt D Teil 3, Schritt 3: without the search's description).
  public static let noMeals = "Keine Rezepte"
  public static let noMealsSymbol = "fork.knife"
  public static let noResultsSymbol = "magnifyingglass"
  /// The dismiss button of the notice after a failed refresh or dice.
  public static let noticeDismiss = "OK"

  /// `ContentUnavailableView.search(text:)`'s title in German.
  public static func noResults(for query: String) -> String {
    "Keine Ergebnisse für „\(query)“"
  }

  // MARK: Category grid (Bonus 2)

  /// The grid's navigation title.
  public static let categoriesTitle = "Kategorien"
  /// The grid's progress view, worded like the list's.
  public static let categoriesLoading = "Kategorien werden geladen…"
  /// A grid without categories, worded like the empty list's "Keine Rezepte".
  public static let noCategories = "Keine Kategorien"
  public static let noCategoriesSymbol = "square.grid.2x2"

  // MARK: Errors

  public static let failure = "Fehler"
  public static let failureSymbol = "wifi.exclamationmark"
  public static let retry = "Erneut versuchen"

  // MARK: Detail

  public static let detailLoading = "Rezept wird geladen…"
  public static let notFound = "Rezept nicht gefunden"
  public static let notFoundSymbol = "questionmark.circle"
  public static let ingredients = "Zutaten"
  public static let instructions = "Zubereitung"
  public static let video = "Video ansehen"
  public static let source = "Originalrezept"
  public static let categorySymbol = "fork.knife"
  public static let areaSymbol = "globe"
  public static let tagsSymbol = "tag"
}
