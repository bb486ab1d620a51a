import Fixtures
import RezepteTesting
import Testing

/// Behaviour 1: on start the categories load once and silently.
@MainActor
@Suite struct ListStartTests {
  @Test("On start the categories and the Dessert list load")
  func startLoadsCategoriesAndDessert() async {
    let (app, _) = TestApp.overCatalog()
    app.model.launch()
    #expect(app.state.list?.meals == .loading)
    await app.settle()
    #expect(app.takeRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
    #expect(
      app.state.list
        == MealListState(
          categories: TestCatalog.categories,
          meals: .loaded(TestCatalog.desserts), loadedQuery: Query(category: "Dessert", search: "")
        ))
  }

  @Test("The categories load only once, however often the screen appears or refreshes")
  func categoriesLoadOnce() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    app.model.list?.appeared()
    await app.send(.pulledToRefresh)
    await app.send(.retryTapped)
    #expect(!app.takeRequests().contains("GET categories.php"))
  }

  @Test("A failed categories request leaves the picker empty and the category as it is")
  func failedCategoriesAreSilent() async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.offline, for: "categories.php")
    await app.launch()
    #expect(
      app.state.list
        == MealListState(
          meals: .loaded(TestCatalog.desserts), loadedQuery: Query(category: "Dessert", search: "")
        ))
  }

  @Test(
    "While the categories are missing, a pull to refresh or a retry tries them again",
    arguments: [UserIntent.pulledToRefresh, .retryTapped])
  func intentRetriesCategories(intent: UserIntent) async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.timeout, for: "categories.php")
    await app.launch()
    _ = app.takeRequests()
    network.setFault(nil, for: "categories.php")
    await app.send(intent) {
      $0.list?.categories = TestCatalog.categories
    }
    #expect(app.takeRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
  }
}
