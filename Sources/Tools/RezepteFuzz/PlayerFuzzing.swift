import Foundation
import MealDB
import Spelling
import TerminalPlayer
import ViewDescription
import ViewModels

/// The player's key handling as the fuzz targets reach it: random keys and pastes against the
/// layout of a small recipe list, with the app's answers played by a stand-in; nothing else of
/// the player is exposed.
package enum PlayerFuzzing {
  /// Plays `bytes`: the first two bytes give the terminal's width (20 to 160 columns) and height
  /// (1 to 60 lines), the rest are what the terminal sends, read in pieces of at most 4,096 bytes
  /// that end at each 0xFF (a byte no UTF-8 text holds).
  ///
  /// Every frame must stay within the terminal: each line within its width in columns, no row
  /// below its height, no escape sequence but the player's own; returns the first that does not.
  /// (A read that takes too long is libFuzzer's `-timeout`; the bench times typing, no test does.)
  package static func play(_ bytes: [UInt8]) -> String? {
    guard bytes.count >= 2 else { return nil }
    let size = (width: 20 + Int(bytes[0]) % 141, height: 1 + Int(bytes[1]) % 60)
    var app = StandInApp()
    var screen = PlayerScreen(note: "♥ Favourites file: /tmp/favorites.json")
    var parser = KeyParser()
    if let problem = check(screen.draw(app.tree, size: size, full: true), size: size) {
      return problem
    }
    for read in reads(bytes.dropFirst(2)) {
      var keys = parser.feed(read) + parser.flush()
      // The stand-in carries out an intent at once: the keys after it go on right away.
      while !keys.isEmpty {
        let quits: Bool
        (quits, keys) = screen.press(
          keys, size: size, tree: { app.tree },
          perform: { action in
            for intent in action.intents { app.send(intent) }
          })
        if let problem = check(screen.draw(app.tree, size: size), size: size) { return problem }
        if quits { return nil }
      }
    }
    return nil
  }

  /// The pieces the terminal would hand over: split at 0xFF, at most 4,096 bytes each.
  private static func reads(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0xFF, omittingEmptySubsequences: false).flatMap { piece in
      stride(from: piece.startIndex, to: piece.endIndex, by: 4096).map {
        piece[$0..<min($0 + 4096, piece.endIndex)]
      }
    }
  }

  /// What is wrong with the bytes of one frame update, if anything: the player's own cursor
  /// moves and colours, rows within the height, and the text of each row within the width.
  private static func check(_ output: String, size: (width: Int, height: Int)) -> String? {
    var columns = 0
    let pieces = output.unicodeScalars.split(separator: "\u{1B}", omittingEmptySubsequences: false)
    for (index, piece) in pieces.enumerated() {
      var text = piece
      if index > 0 {
        // After an escape: `[`, its parameters and the letter that ends it.
        guard text.first == "[" else {
          return "an escape that is not the player's own CSI reached the terminal"
        }
        let parameters = text.dropFirst().prefix { ("0"..."?").contains($0) }
        guard parameters.endIndex < text.endIndex else { return "an escape sequence is cut off" }
        if text[parameters.endIndex] == "H" {
          let row = Int(String(Substring(parameters)).prefix { $0 != ";" }) ?? 0
          guard row >= 1 && row <= size.height else { return "a line is drawn below the terminal" }
          columns = 0
        }
        text = text[text.index(after: parameters.endIndex)...]
      }
      for character in String(Substring(text)) {
        guard !character.unicodeScalars.contains(where: Quoting.isControl) else {
          return "a control character reached the terminal"
        }
        columns += TerminalColumns.of(character)
        guard columns <= size.width else { return "a line is wider than the terminal" }
      }
    }
    return nil
  }
}

/// The app as far as the player's keys reach it: a list of a few recipes, their search and its
/// suggestions, a category, the detail a row opens, the heart; intents change it at once.
private struct StandInApp {
  private static let meals = [
    "Apam balik", "Apple & Blackberry Crumble", "Polskie Naleśniki (Polish Pancakes)",
    "Lasagne", "Sushi 寿司", "Red\u{1B}[31m Tart\u{202E}x",
  ].enumerated().map { Meal(id: String(52_000 + $0.offset), name: $0.element) }

  private var list = MealListState(
    categories: zip(1..., ["Beef", "Dessert", "Pasta"]).map { Category(id: String($0), name: $1) },
    meals: .loaded(meals), loadedQuery: Query(category: "Dessert", search: ""))
  private var detail: MealDetailState?

  var tree: Node {
    AppScreen.body(AppState(list: list, pushed: detail.map { [.detail($0)] } ?? []))
  }

  mutating func send(_ intent: UserIntent) {
    switch intent {
    case .searchTextChanged(let text):
      search(text)
    case .searchFocusChanged(let isFocused):
      list.isSearchFocused = isFocused
    case .suggestionPicked(let text):
      list.isSearchFocused = false
      search(text)
    case .categoryPicked(let category):
      list.category = category
    case .mealTapped(let meal):
      list.isSearchFocused = false
      detail = MealDetailState(meal: meal)
    case .backTapped, .pathChanged:
      detail = nil
    case .heartTapped:
      guard let meal = detail?.meal else { return }
      if list.favoriteIDs.remove(meal.id) == nil {
        list.favoriteIDs.insert(meal.id)
        list.favorites.append(meal)
      } else {
        list.favorites.removeAll { $0.id == meal.id }
      }
    case .pulledToRefresh, .retryTapped:
      list.isRefreshing.toggle()
    case .noticeDismissed:
      list.notice = nil
    case .diceTapped:
      list.notice = .timeout
    default:
      break
    }
  }

  /// `text` in the search field, and the rows of its search: the meals whose name holds it.
  private mutating func search(_ text: String) {
    list.searchText = SearchText(text)
    let query = list.query
    list.meals = .loaded(
      query.isSearch
        ? Self.meals.filter { $0.name.localizedCaseInsensitiveContains(query.search.text) }
        : Self.meals)
    list.loadedQuery = query
  }
}
