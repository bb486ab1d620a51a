import Foundation
import MealDB
import Testing

@testable import ViewModels

@Suite struct QueryTrimmingTests {
  @Test(
    "The query trims the same white space as Foundation's trimming, from the ends only",
    arguments: [
      "", "   ", "Las", "  Las ", "\tLas\t", "\u{00A0}Las\u{2003}", "a b", " a  b ", "\n",
    ])
  func trimsLikeFoundation(text: String) {
    let state = MealListState(searchText: text, meals: .loading)
    #expect(state.query.search == text.trimmingCharacters(in: .whitespaces))
  }

  @Test("Two search texts are the same only byte for byte, however long")
  func textsCompareByBytes() {
    let long = String(repeating: "Grüße 🍝 ", count: 1_000)
    #expect(MealListState(searchText: long) == MealListState(searchText: String(long)))
    #expect(MealListState(searchText: long) != MealListState(searchText: long + " "))
    #expect(MealListState(searchText: "\u{E4}") != MealListState(searchText: "a\u{308}"))
    #expect(MealListState(searchText: "") == MealListState(searchText: ""))
    #expect(Query(category: "Beef", search: "ä") != Query(category: "Beef", search: "a\u{308}"))
  }

  @Test("The list state's equality compares every field it has")
  func equalityCoversEveryField() {
    // `MealListState.==` is written out to compare the search text by bytes: a new field needs
    // its line there, and this count with it.
    #expect(Mirror(reflecting: MealListState()).children.count == 12)
    let changes: [(inout MealListState) -> Void] = [
      { $0.category = "Beef" }, { $0.categories = [Category(id: "1", name: "Beef")] },
      { $0.searchText = "x" }, { $0.isSearchFocused = true }, { $0.suggestionTerms = [] },
      { $0.meals = .loading }, { $0.loadedQuery = Query(category: "Beef", search: "") },
      { $0.favoriteIDs = ["1"] }, { $0.favorites = [Meal(id: "1", name: "A")] },
      { $0.notice = .offline }, { $0.isRefreshing = true }, { $0.isDiceBusy = true },
    ]
    for change in changes {
      var changed = MealListState()
      change(&changed)
      #expect(changed != MealListState())
    }
  }
}
