import Foundation
import MealDB

/// What the list looks for, like the lesson's `Query` for `.task(id:)`: when it changes, it loads.
public struct Query: Hashable, Sendable {
  public let category: String
  /// The search text trimmed of white space; empty means "show the category".
  public let search: String

  public init(category: String, search: String) {
    self.category = category
    self.search = search
  }

  public var isSearch: Bool { !search.isEmpty }

  /// Equal when the category and the search text are, the text byte for byte
  /// (`MealListState.sameText`).
  public static func == (lhs: Query, rhs: Query) -> Bool {
    lhs.category == rhs.category && MealListState.sameText(lhs.search, rhs.search)
  }
}

/// A snapshot of the recipe list screen: everything a front end needs to draw it.
public struct MealListState: Equatable, Sendable {
  /// The category shown when nothing is searched; the app starts with `Dessert`.
  public var category: String
  /// The picker's options; empty until `categories.php` answered.
  public var categories: [Category]
  /// The search field's text, exactly as typed.
  public var searchText: String
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
    searchText: String = "",
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

  /// The category and the search text trimmed of white space (only the ends are looked at:
  /// the query is read on every keystroke).
  public var query: Query {
    Query(category: category, search: Self.trimmingWhitespace(searchText))
  }

  /// `text` without the spaces and tabs (`CharacterSet.whitespaces`) at its ends.
  static func trimmingWhitespace(_ text: String) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isSpace($0) })!
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
    return String(scalars[first...last])
  }

  /// Equal field by field, the search text byte for byte (`sameText`).
  public static func == (lhs: MealListState, rhs: MealListState) -> Bool {
    sameText(lhs.searchText, rhs.searchText) && lhs.category == rhs.category
      && lhs.categories == rhs.categories && lhs.isSearchFocused == rhs.isSearchFocused
      && lhs.suggestionTerms == rhs.suggestionTerms && lhs.meals == rhs.meals
      && lhs.loadedQuery == rhs.loadedQuery && lhs.favoriteIDs == rhs.favoriteIDs
      && lhs.favorites == rhs.favorites && lhs.notice == rhs.notice
      && lhs.isRefreshing == rhs.isRefreshing && lhs.isDiceBusy == rhs.isDiceBusy
  }

  /// Whether two typed texts are the same bytes (two spellings of an "ä" are two texts): typing
  /// compares the search text on every key, and `String`'s `==` beyond ASCII takes time in its
  /// length, while bytes compare at once when the lengths differ or the two are one text.
  static func sameText(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    // memcmp: bench row 5 (typing 64,000 characters) takes 2× the time per key without it.
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else {
          return left.isEmpty
        }
        return leftBytes == rightBytes || memcmp(leftBytes, rightBytes, left.count) == 0
      }
    }
    return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Why a loaded list is empty, if it is.
  public var emptyReason: EmptyReason? {
    guard case .loaded(let meals) = meals, meals.isEmpty else { return nil }
    guard let loadedQuery, loadedQuery.isSearch else { return .noMeals }
    return .noResults(loadedQuery.search)
  }

  /// The two empty states the screen tells apart.
  public enum EmptyReason: Hashable, Sendable {
    /// The category has no recipes ("Keine Rezepte").
    case noMeals
    /// The search found nothing ("Keine Ergebnisse für „…“").
    case noResults(String)
  }
}
