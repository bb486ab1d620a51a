import Fixtures
import RezepteTesting
import Testing

/// Lesson 3.12's search suggestions: shown while the field is focused and empty; a pick fills
/// the field and searches at once.
@MainActor
@Suite struct ListSuggestionTests {
  let app: TestApp

  init() async {
    (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
  }

  @Test(
    "Suggestions show only while the field is focused and empty",
    arguments: [
      (true, "", MealListState.defaultSuggestions),
      (true, "P", []),
      (true, " ", []),
      (false, "", []),
      (false, "Pie", []),
    ] as [(Bool, String, [String])])
  func shownWhenFocusedAndEmpty(focused: Bool, text: String, suggestions: [String]) {
    let state = MealListState(searchText: SearchText(text), isSearchFocused: focused)
    #expect(state.suggestions == suggestions)
  }

  @Test("Focusing the field shows the suggestions and sends no request")
  func focusShowsSuggestions() async {
    await app.send(.searchFocusChanged(true)) {
      $0.list?.isSearchFocused = true
    }
    #expect(app.state.list?.suggestions == ["Lasagne", "Pie", "Cake", "Soup"])
    #expect(app.takeRequests().isEmpty)
  }

  @Test("Picking a suggestion searches at once, without the pause, with exactly one request")
  func pickSearchesAtOnce() async {
    await app.send(.searchFocusChanged(true))
    app.model.send(.suggestionPicked("Lasagne"))
    #expect(app.state.list?.meals == .loading)
    await app.settle()
    #expect(
      app.state.list
        == MealListState(
          categories: TestCatalog.categories,
          searchText: "Lasagne", meals: .loaded([TestCatalog.lasagne, TestCatalog.sandwiches]),
          loadedQuery: Query(category: "Dessert", search: "Lasagne")))
    #expect(app.takeRequests() == ["GET search.php?s=Lasagne"])
    await app.advance(by: .milliseconds(400)) { _ in }
    #expect(app.takeRequests().isEmpty)
  }

  @Test("A pick during another search's pause replaces it: only the pick is requested")
  func pickCancelsPause() async {
    await app.send(.searchTextChanged("Ba"))
    await app.advance(by: .milliseconds(200))
    await app.send(.suggestionPicked("Lasagne"))
    await app.advance(by: .milliseconds(400))
    #expect(app.takeRequests() == ["GET search.php?s=Lasagne"])
  }

  @Test("Picking the search already shown sends nothing")
  func pickSameSearch() async {
    await app.send(.suggestionPicked("Lasagne"))
    _ = app.takeRequests()
    await app.send(.suggestionPicked("Lasagne")) { _ in }
    #expect(app.takeRequests().isEmpty)
  }

  @Test("Typing hides the suggestions; the field keeps the focus")
  func typingHides() async {
    await app.send(.searchFocusChanged(true))
    await app.send(.searchTextChanged("L")) {
      $0.list?.searchText = "L"
    }
    #expect(app.state.list?.suggestions == [])
    await app.skipPendingWork()
  }

  @Test("Clearing a focused field shows the suggestions again")
  func clearingShowsAgain() async {
    await app.send(.searchFocusChanged(true))
    await app.send(.searchTextChanged("L"))
    await app.send(.searchTextChanged(""))
    #expect(app.state.list?.suggestions == MealListState.defaultSuggestions)
  }

  @Test("Losing the focus hides the suggestions")
  func unfocusHides() async {
    await app.send(.searchFocusChanged(true))
    await app.send(.searchFocusChanged(false)) {
      $0.list?.isSearchFocused = false
    }
    #expect(app.state.list?.suggestions == [])
  }

  @Test("Opening a recipe takes the focus from the list's search field")
  func pushEndsFocus() async {
    await app.send(.searchFocusChanged(true))
    await app.send(.mealTapped(TestCatalog.tart))
    await app.send(.backTapped) {
      $0.path = []
      $0.list?.isSearchFocused = false
    }
  }

  @Test(
    "Every default suggestion finds a recipe in the embedded catalog",
    arguments: MealListState.defaultSuggestions)
  func suggestionsFindSomething(term: String) async throws {
    let (app, _) = TestApp.overCatalog(try Catalog.embedded())
    let found = try await app.wiring.api.search(term)
    #expect(!found.isEmpty)
  }
}
