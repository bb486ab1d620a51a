import MealCatalog
import MealDB
import Testing
import ViewModels

/// Lesson 3.12's search suggestions: shown while the field is focused and empty; a pick fills
/// the field and searches at once.
@MainActor
@Suite struct ListSuggestionTests {
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
    let state = MealListState(searchText: text, isSearchFocused: focused)
    #expect(state.suggestions == suggestions)
  }

  @Test("Focusing the field shows the suggestions and sends no request")
  func focusShowsSuggestions() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    await harness.settle()
    #expect(model.state.isSearchFocused)
    #expect(model.state.suggestions == ["Lasagne", "Pie", "Cake", "Soup"])
    #expect(harness.newRequests().isEmpty)
  }

  @Test("Picking a suggestion searches at once, without the pause, with exactly one request")
  func pickSearchesAtOnce() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    model.suggestionPicked("Lasagne")
    #expect(model.state.searchText == "Lasagne")
    #expect(model.state.meals == .loading)
    await harness.settle()
    #expect(harness.newRequests() == ["GET search.php?s=Lasagne"])
    #expect(model.state.meals == .loaded([TestCatalog.lasagne, TestCatalog.sandwiches]))
    await harness.advance(400)
    #expect(harness.newRequests().isEmpty)
  }

  @Test("Picking a suggestion ends the focus, so no suggestions show")
  func pickEndsFocus() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    model.suggestionPicked("Pie")
    #expect(!model.state.isSearchFocused)
    #expect(model.state.suggestions.isEmpty)
  }

  @Test("A pick during another search's pause replaces it: only the pick is requested")
  func pickCancelsPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Ba")
    await harness.advance(200)
    model.suggestionPicked("Lasagne")
    await harness.advance(400)
    #expect(harness.newRequests() == ["GET search.php?s=Lasagne"])
  }

  @Test("Picking the search already shown sends nothing")
  func pickSameSearch() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.suggestionPicked("Lasagne")
    await harness.settle()
    _ = harness.newRequests()
    model.suggestionPicked("Lasagne")
    await harness.settle()
    #expect(harness.newRequests().isEmpty)
  }

  @Test("Typing hides the suggestions; the field keeps the focus")
  func typingHides() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    model.searchTextChanged("L")
    #expect(model.state.isSearchFocused)
    #expect(model.state.suggestions.isEmpty)
  }

  @Test("Clearing a focused field shows the suggestions again")
  func clearingShowsAgain() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    model.searchTextChanged("L")
    model.searchTextChanged("")
    #expect(model.state.suggestions == MealListState.defaultSuggestions)
  }

  @Test("Losing the focus hides the suggestions")
  func unfocusHides() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchFocusChanged(true)
    model.searchFocusChanged(false)
    #expect(model.state.suggestions.isEmpty)
  }

  @Test("Opening a recipe takes the focus from the list's search field")
  func pushEndsFocus() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.searchFocusChanged(true))
    app.send(.mealTapped(TestCatalog.tart))
    app.send(.backTapped)
    #expect(app.state.list?.isSearchFocused == false)
  }

  @Test(
    "Every default suggestion finds a recipe in the embedded catalog",
    arguments: MealListState.defaultSuggestions)
  func suggestionsFindSomething(term: String) async throws {
    let harness = Harness(catalog: try Catalog.embedded())
    let found = try await harness.api.search(term)
    #expect(!found.isEmpty)
  }
}
