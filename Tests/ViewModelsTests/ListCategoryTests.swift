import Fixtures
import RezepteTesting
import Testing

/// Behaviour 2: picking a category loads at once and cancels the load in flight.
@MainActor
@Suite struct ListCategoryTests {
  @Test("Picking a category loads it at once, with no pause")
  func pickLoadsAtOnce() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    await app.send(.categoryPicked("Pasta")) {
      $0.list?.category = "Pasta"
      $0.list?.meals = .loaded(TestCatalog.pastas)
      $0.list?.loadedQuery = Query(category: "Pasta", search: "")
    }
    #expect(app.takeRequests() == ["GET filter.php?c=Pasta"])
    #expect(app.now == .zero)
  }

  @Test("Picking a category cancels the load in flight, and its answer never shows")
  func pickCancelsLoadInFlight() async {
    let (app, network) = TestApp.overCatalog()
    network.setDelay(.seconds(1), for: "filter.php")
    let recorder = app.model.record()
    await app.launch()
    #expect(app.pendingWork == ["the load of GET filter.php?c=Dessert, waiting for its answer"])
    await app.send(.categoryPicked("Pasta"))
    #expect(app.pendingWork == ["the load of GET filter.php?c=Pasta, waiting for its answer"])
    await app.advance(by: .seconds(1))
    #expect(app.state.list?.meals == .loaded(TestCatalog.pastas))
    #expect(!recorder.values.contains { $0.list?.meals == .loaded(TestCatalog.desserts) })
    #expect(!recorder.values.contains { if case .failed = $0.list?.meals { true } else { false } })
  }

  @Test("Picking the category that is shown starts nothing")
  func pickSameCategory() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    await app.send(.categoryPicked("Dessert")) { _ in }
    #expect(app.takeRequests().isEmpty)
  }

  @Test("Picking a category while a search is typed loads the search at once, without the pause")
  func pickDuringSearch() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(300))
    await app.send(.categoryPicked("Pasta")) {
      $0.list?.category = "Pasta"
      $0.list?.meals = .loaded([TestCatalog.lasagne, TestCatalog.sandwiches])
      $0.list?.loadedQuery = Query(category: "Pasta", search: "Las")
    }
    #expect(app.takeRequests() == ["GET search.php?s=Las"])
    await app.advance(by: .milliseconds(400)) { _ in }
    #expect(app.takeRequests().isEmpty)
  }
}
