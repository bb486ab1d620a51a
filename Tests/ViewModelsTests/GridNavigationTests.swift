import Fixtures
import RezepteTesting
import Testing

/// Bonus 2 in the app model: the grid at the root, a tile pushes its category's list, and that
/// list behaves like the list the app otherwise starts with.
@MainActor
@Suite struct GridNavigationTests {
  let app: TestApp
  let network: CatalogTransport
  let categories = TestCatalog.categories

  init() {
    (app, network) = TestApp.overCatalog(start: .categories)
  }

  /// Launches the app on the grid and pushes Pasta's list; the requests so far are taken.
  func pastaList() async {
    await app.launch()
    await app.send(.categoryTileTapped("Pasta"))
    _ = app.takeRequests()
  }

  @Test("The grid start shows the categories at the root and loads no recipes")
  func launchOnGrid() async {
    await app.launch()
    #expect(
      app.state == AppState(root: .categories(CategoryGridState(categories: .loaded(categories)))))
    #expect(app.takeRequests() == ["GET categories.php"])
  }

  @Test("A tile pushes its category's list, which loads only its recipes")
  func tilePushesList() async throws {
    await app.launch()
    _ = app.takeRequests()
    await app.send(.categoryTileTapped("Pasta")) {
      $0.path = [
        .init(
          id: 1,
          .list(
            MealListState(
              category: "Pasta", categories: categories, meals: .loaded(TestCatalog.pastas),
              loadedQuery: Query(category: "Pasta", search: ""))))
      ]
    }
    #expect(app.takeRequests() == ["GET filter.php?c=Pasta"])
  }

  @Test("Back from the pushed list returns to the grid as it was, without a request")
  func backToGrid() async {
    await pastaList()
    await app.send(.backTapped) {
      $0.path = []
    }
    #expect(app.model.path.isEmpty)
    #expect(app.takeRequests().isEmpty)
  }

  @Test("The pushed list searches with the pause, like the list at the root")
  func pushedListSearches() async {
    await pastaList()
    await app.send(.searchTextChanged("Tart")) {
      $0.list?.searchText = "Tart"
    }
    await app.advance(by: .milliseconds(399)) { _ in }
    #expect(app.takeRequests().isEmpty)
    await app.advance(by: .milliseconds(1)) {
      $0.list?.meals = .loaded([TestCatalog.tart, TestCatalog.bakewell])
      $0.list?.loadedQuery = Query(category: "Pasta", search: "Tart")
    }
    #expect(app.takeRequests() == ["GET search.php?s=Tart"])
  }

  @Test("The pushed list refreshes, picks categories and takes hearts from its details")
  func pushedListActions() async {
    await pastaList()
    await app.send(.pulledToRefresh)
    await app.send(.categoryPicked("Dessert"))
    #expect(app.takeRequests() == ["GET filter.php?c=Pasta", "GET filter.php?c=Dessert"])
    await app.send(.mealTapped(TestCatalog.tart))
    await app.send(.heartTapped)
    await app.send(.backTapped)
    #expect(app.state.list?.favoriteIDs == ["52768"])
    #expect(app.state.list?.query == Query(category: "Dessert", search: ""))
  }

  @Test("The pushed list's dice pushes the detail above the list")
  func pushedListDice() async {
    network.enqueueRandom(ids: ["52982"])
    await pastaList()
    await app.send(.diceTapped)
    #expect(app.state.shownPath == [.list("Pasta"), .detail(TestCatalog.carbonara)])
  }

  @Test("A dice answer arriving after its list was popped navigates nowhere")
  func poppedListDiceGoesNowhere() async {
    network.setDelay(.seconds(1), for: "random.php")
    await pastaList()
    await app.send(.diceTapped)
    await app.send(.backTapped)
    await app.advance(by: .seconds(1)) { _ in }
    #expect(app.state.path.isEmpty)
  }

  @Test("Retry on a failed grid goes to the grid")
  func retryOnGrid() async {
    network.setFault(.timeout, for: "categories.php")
    await app.launch()
    network.setFault(nil)
    _ = app.takeRequests()
    await app.send(.retryTapped) {
      $0.root = .categories(CategoryGridState(categories: .loaded(categories)))
    }
    #expect(app.takeRequests() == ["GET categories.php"])
  }

  @Test("The grid refuses what only a list or a detail offers; a tile only the grid takes")
  func refusedIntents() async {
    await app.launch()
    for intent: UserIntent in [
      .searchTextChanged("Las"), .searchFocusChanged(true), .suggestionPicked("Pie"),
      .categoryPicked("Pasta"), .pulledToRefresh, .diceTapped, .mealTapped(TestCatalog.tart),
      .heartTapped, .backTapped, .noticeDismissed,
    ] {
      await app.send(intent) { _ in }
    }
    await app.send(.categoryTileTapped("Pasta"))
    await app.send(.categoryTileTapped("Dessert")) { _ in }
    #expect(app.state.shownPath == [.list("Pasta")])
  }
}
