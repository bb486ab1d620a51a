import MealCatalog
import MealDB
import Testing
import ViewModels

/// Bonus 2 in the app model: the grid at the root, a tile pushes its category's list, and that
/// list behaves like the list the app otherwise starts with.
@MainActor
@Suite struct GridNavigationTests {
  @Test("The grid start shows the categories at the root and loads no recipes")
  func launchOnGrid() async {
    let harness = Harness()
    let app = harness.appModel(start: .categories)
    app.launch()
    await harness.settle()
    guard case .categories(let grid) = app.state.top else {
      Issue.record("expected the grid on top")
      return
    }
    #expect(grid.categories.value?.map(\.name) == ["Dessert", "Pasta", "Vegan"])
    #expect(app.state.list == nil)
    #expect(harness.newRequests() == ["GET categories.php"])
  }

  @Test("A tile pushes its category's list, which loads only its recipes")
  func tilePushesList() async throws {
    let harness = Harness()
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    let list = try #require(app.state.list)
    #expect(app.state.top == .list(list))
    #expect(list.category == "Pasta")
    #expect(list.meals == .loaded(TestCatalog.pastas))
    #expect(list.categories == [TestCatalog.dessert, TestCatalog.pasta, TestCatalog.vegan])
    #expect(harness.newRequests() == ["GET filter.php?c=Pasta"])
  }

  @Test("Back from the pushed list returns to the grid as it was, without a request")
  func backToGrid() async {
    let harness = Harness()
    let app = await harness.startedGridApp()
    let grid = app.state.top
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    _ = harness.newRequests()
    app.send(.backTapped)
    await harness.settle()
    #expect(app.state.top == grid)
    #expect(app.path.isEmpty)
    #expect(harness.newRequests().isEmpty)
  }

  @Test("The pushed list searches with the pause, like the list at the root")
  func pushedListSearches() async {
    let harness = Harness()
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    _ = harness.newRequests()
    app.send(.searchTextChanged("Tart"))
    await harness.advance(399)
    #expect(harness.newRequests().isEmpty)
    await harness.advance(1)
    #expect(harness.newRequests() == ["GET search.php?s=Tart"])
    #expect(app.state.list?.query.isSearch == true)
    #expect(app.state.list?.meals == .loaded([TestCatalog.tart, TestCatalog.bakewell]))
  }

  @Test("The pushed list refreshes, picks categories and takes hearts from its details")
  func pushedListActions() async {
    let harness = Harness()
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    _ = harness.newRequests()
    app.send(.pulledToRefresh)
    await harness.settle()
    app.send(.categoryPicked("Dessert"))
    await harness.settle()
    #expect(harness.newRequests() == ["GET filter.php?c=Pasta", "GET filter.php?c=Dessert"])
    app.send(.mealTapped(TestCatalog.tart))
    app.send(.heartTapped)
    app.send(.backTapped)
    #expect(app.state.list?.favoriteIDs == ["52768"])
    #expect(app.state.list?.query == Query(category: "Dessert", search: ""))
  }

  @Test("The pushed list's dice pushes the detail above the list")
  func pushedListDice() async {
    let harness = Harness()
    harness.transport.enqueueRandom(ids: ["52982"])
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    app.send(.diceTapped)
    await harness.settle()
    #expect(app.shownPath == [.list("Pasta"), .detail(TestCatalog.carbonara)])
  }

  @Test("A dice answer arriving after its list was popped navigates nowhere")
  func poppedListDiceGoesNowhere() async {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1), for: "random.php")
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    app.send(.diceTapped)
    await harness.settle()
    app.send(.backTapped)
    await harness.advance(1000)
    await harness.settle()
    #expect(app.path.isEmpty)
    guard case .categories = app.state.top else {
      Issue.record("expected the grid on top")
      return
    }
  }

  @Test("Retry on a failed grid goes to the grid")
  func retryOnGrid() async {
    let harness = Harness()
    harness.transport.setFault(.timeout, for: "categories.php")
    let app = harness.appModel(start: .categories)
    app.launch()
    await harness.settle()
    harness.transport.setFault(nil)
    _ = harness.newRequests()
    app.send(.retryTapped)
    await harness.settle()
    #expect(harness.newRequests() == ["GET categories.php"])
    guard case .categories(let grid) = app.state.top else { return }
    #expect(grid.categories.isLoaded)
  }

  @Test("The grid refuses what only a list or a detail offers; a tile only the grid takes")
  func refusedIntents() async {
    let harness = Harness()
    let app = await harness.startedGridApp()
    let state = app.state
    for intent: UserIntent in [
      .searchTextChanged("Las"), .searchFocusChanged(true), .suggestionPicked("Pie"),
      .categoryPicked("Pasta"), .pulledToRefresh, .diceTapped, .mealTapped(TestCatalog.tart),
      .heartTapped, .backTapped, .noticeDismissed,
    ] {
      app.send(intent)
    }
    await harness.settle()
    #expect(app.state == state)
    app.send(.categoryTileTapped("Pasta"))
    app.send(.categoryTileTapped("Dessert"))
    #expect(app.shownPath == [.list("Pasta")])
  }
}
