import Fixtures
import RezepteTesting
import Testing

/// Bonus 2: the category grid loads `categories.php` with its own loading and error states.
@MainActor
@Suite struct CategoryGridTests {
  let app: TestApp
  let network: CatalogTransport

  init() {
    (app, network) = TestApp.overCatalog(start: .categories)
  }

  @Test("The grid shows loading, then every category from categories.php")
  func loads() async {
    app.model.launch()
    #expect(app.state.root == .categories(CategoryGridState(categories: .loading)))
    await app.settle()
    #expect(
      app.state.root
        == .categories(
          CategoryGridState(
            categories: .loaded(TestCatalog.categories))))
    #expect(app.takeRequests() == ["GET categories.php"])
  }

  @Test("A failed categories request shows the lesson's message")
  func failure() async {
    network.setFault(.offline, for: "categories.php")
    await app.launch()
    #expect(app.state.root == .categories(CategoryGridState(categories: .failed(.offline))))
  }

  @Test("Retry after a failure loads again, showing loading")
  func retry() async {
    network.setFault(.serverError, for: "categories.php")
    await app.launch()
    network.setFault(nil)
    _ = app.takeRequests()
    app.model.send(.retryTapped)
    #expect(app.state.root == .categories(CategoryGridState(categories: .loading)))
    await app.settle()
    #expect(
      app.state.root
        == .categories(
          CategoryGridState(
            categories: .loaded(TestCatalog.categories))))
    #expect(app.takeRequests() == ["GET categories.php"])
  }

  @Test("Appearing again, as when coming back from a list, loads nothing")
  func appearsOnce() async {
    await app.launch()
    await app.send(.categoryTileTapped("Pasta"))
    _ = app.takeRequests()
    await app.send(.backTapped) {
      $0.path = []
    }
    #expect(app.takeRequests().isEmpty)
  }
}
