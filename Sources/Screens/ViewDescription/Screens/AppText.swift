import MealDB
import ViewModels

/// Every German text the app shows, in one place; the layers below hand over values
/// (`LoadFailure`, `isFavorite`, the query), never sentences.
///
/// Taken from the lesson (Projekt D Teil 3, lessons 3.11 and 3.12) word for word. Only the
/// screens read it: front ends find a control by its `NodeID`, not by its title.
public enum AppText {
  // MARK: List

  public static let listLoading = "Rezepte werden geladen…"
  /// The list's navigation title while something is searched.
  public static let searchTitle = "Suche"
  public static let searchPrompt = "Alle Rezepte durchsuchen"
  public static let dice = "Zufallsrezept"
  public static let categoryMenu = "Kategorie"
  public static let favoritesSection = "Favoriten"
  /// The empty category (Projekt D Teil 3, Schritt 3: without the search's description).
  public static let noMeals = "Keine Rezepte"
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

  // MARK: Errors

  public static let failure = "Fehler"
  public static let retry = "Erneut versuchen"

  /// The sentence the user reads for a failure (Schritt 6 of the lesson).
  public static func message(for failure: LoadFailure) -> String {
    switch failure {
    case .offline: "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."
    case .timeout: "Der Server antwortet gerade nicht. Versuch es gleich noch einmal."
    // Lesson 3.11's text for connection problems; Schritt 6 has none of its own.
    case .connection: "Es gab ein Problem mit der Verbindung."
    case .badStatus: "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später erneut."
    case .unreadable: "Die Rezepte konnten nicht gelesen werden."
    case .notFound: notFoundDescription
    case .other: "Die Rezepte konnten nicht geladen werden."
    }
  }

  // MARK: Detail

  public static let detailLoading = "Rezept wird geladen…"
  public static let notFound = "Rezept nicht gefunden"
  /// The not-found view's description.
  public static let notFoundDescription = "Dieses Rezept gibt es nicht (mehr)."
  /// The heart button's title while the recipe is not a favourite (lesson Schritt 5).
  public static let addFavorite = "Als Favorit merken"
  /// The heart button's title while the recipe is a favourite.
  public static let removeFavorite = "Favorit entfernen"
  public static let ingredients = "Zutaten"
  public static let instructions = "Zubereitung"
  public static let video = "Video ansehen"
  public static let source = "Originalrezept"

  // MARK: What VoiceOver says beyond the visible texts

  /// A favourite row's heart, spoken after the meal's name.
  public static let favoriteMark = "Favorit"
  /// A search suggestion, told apart from a row of the same name.
  public static func suggestionLabel(_ term: String) -> String { "Vorschlag: \(term)" }
  public static let diceHint = "Öffnet ein zufälliges Rezept"
  /// The recipe's labels, spoken with what they are.
  public static func categoryLabel(_ name: String) -> String { "Kategorie: \(name)" }
  public static func areaLabel(_ name: String) -> String { "Küche: \(name)" }
  public static func tagsLabel(_ tags: String) -> String { "Stichwörter: \(tags)" }

  /// Announced when a search has found recipes.
  public static func found(_ count: Int) -> String {
    count == 1 ? "1 Rezept gefunden" : "\(count) Rezepte gefunden"
  }
  /// Announced when the heart is tapped.
  public static let favoriteAdded = "Als Favorit gemerkt"
  public static let favoriteRemoved = "Favorit entfernt"
  /// Announced when the dice opens a recipe.
  public static func diceFound(_ name: String) -> String { "Zufallsrezept: \(name)" }
}

extension MealListState {
  /// The navigation title: the category, or "Suche" while something is searched.
  public var title: String {
    query.isSearch ? AppText.searchTitle : category
  }
}

extension MealDetailState {
  /// The heart button's title (lesson Schritt 5).
  public var heartTitle: String { isFavorite ? AppText.removeFavorite : AppText.addFavorite }
}
