import MealDB

/// What the list looks for, like the lesson's `Query` for `.task(id:)`: when it changes, it loads.
public struct Query: Hashable, Sendable {
  public let category: String
  /// The search text trimmed of white space; empty means "show the category".
  public let search: SearchText

  public init(category: String, search: SearchText) {
    self.category = category
    self.search = search
  }

  public var isSearch: Bool { !search.isEmpty }
}

/// A snapshot of the recipe list screen: everything a front end needs to draw it.
public struct MealListState: Equatable, Sendable {
  /// The category shown when nothing is searched; the app starts with `Dessert`.
  public var category: String
  /// The picker's options; empty until `categories.php` answered.
  public var categories: [Category]
  /// The search field's text, exactly as typed.
  public var searchText: SearchText
  /// Whether the search field has the focus (the keyboard is up); see `suggestions`.
  public var isSearchFocused: Bool
  /// What the search offers under an empty, focused field (lesson 3.12, `.searchSuggestions`).
  public var suggestionTerms: [String]
  /// The list: loading, failed with a message, or loaded.
  public var meals: LoadState<[Meal]>
  /// The query whose answer `meals` holds (it lags behind `query` during the search pause).
  public var loadedQuery: Query?
  /// Ids of the favourites, for the hearts in the rows.
  public var favoriteIDs: Set<String>
  /// The "Favoriten" section (Bonus 1), sorted by name.
  public var favorites: [Meal]
  /// Why a pull to refresh that kept the list, or the dice, failed; the screen shows it as a
  /// transient notice.
  public var notice: LoadFailure?
  /// Whether a pull to refresh is under way (the list stays visible).
  public var isRefreshing: Bool
  /// Whether the dice is loading a random recipe; taps are ignored meanwhile.
  public var isDiceBusy: Bool

  public init(
    category: String = MealListState.startCategory,
    categories: [Category] = [],
    searchText: SearchText = "",
    isSearchFocused: Bool = false,
    suggestionTerms: [String] = MealListState.defaultSuggestions,
    meals: LoadState<[Meal]> = .idle,
    loadedQuery: Query? = nil,
    favoriteIDs: Set<String> = [],
    favorites: [Meal] = [],
    notice: LoadFailure? = nil,
    isRefreshing: Bool = false,
    isDiceBusy: Bool = false
  ) {
    self.category = category
    self.categories = categories
    self.searchText = searchText
    self.isSearchFocused = isSearchFocused
    self.suggestionTerms = suggestionTerms
    self.meals = meals
    self.loadedQuery = loadedQuery
    self.favoriteIDs = favoriteIDs
    self.favorites = favorites
    self.notice = notice
    self.isRefreshing = isRefreshing
    self.isDiceBusy = isDiceBusy
  }

  /// The category the app starts with.
  public static let startCategory = "Dessert"

  /// The search suggestions of lesson 3.12 ("Pasta", "Curry", "Kuchen", "Suppe") as English
  /// names that find recipes in TheMealDB, none of them also a category's name.
  public static let defaultSuggestions = ["Lasagne", "Pie", "Cake", "Soup"]

  /// The suggestions shown under the search field: all of them while the field is focused and
  /// empty, none once something is typed or the field has lost the focus.
  public var suggestions: [String] {
    isSearchFocused && searchText.isEmpty ? suggestionTerms : []
  }

  /// The category and the search text trimmed of spaces and tabs at its ends.
  public var query: Query {
    Query(category: category, search: SearchText(searchText.text.trimmed(.whitespaces)))
  }

  /// Why a loaded list is empty, if it is.
  public var emptyReason: EmptyReason? {
    guard case .loaded(let meals) = meals, meals.isEmpty else { return nil }
    guard let loadedQuery, loadedQuery.isSearch else { return .noMeals }
    return .noResults(loadedQuery.search.text)
  }

  /// The two empty states the screen tells apart.
  public enum EmptyReason: Hashable, Sendable {
    /// The category has no recipes ("Keine Rezepte").
    case noMeals
    /// The search found nothing ("Keine Ergebnisse für „…“").
    case noResults(String)
  }
}
