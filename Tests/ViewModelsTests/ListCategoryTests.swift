import MealCatalog
import MealDB
import Testing
import ViewModels

/// Behaviour 2: picking a category loads at once and cancels the load in flight.
@MainActor
@Suite struct ListCategoryTests {
  @Test("Picking a category loads it at once, with no pause")
  func pickLoadsAtOnce() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.categoryPicked("Pasta")
    #expect(model.state.meals == .loading)
    #expect(model.state.query == Query(category: "Pasta", search: ""))
    await harness.settle()
    #expect(harness.newRequests() == ["GET filter.php?c=Pasta"])
    #expect(model.state.meals == .loaded(TestCatalog.pastas))
    #expect(harness.clock.now.offset == .zero)
  }

  @Test("Picking a category cancels the load in flight, and its answer never shows")
  func pickCancelsLoadInFlight() async {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1), for: "filter.php")
    let model = harness.listModel()
    let recorder = model.record()
    model.appeared()
    await harness.settle()
    #expect(harness.clock.sleeperCount == 1)
    model.categoryPicked("Pasta")
    await harness.settle()
    #expect(harness.clock.sleeperCount == 1)
    await harness.advance(1000)
    #expect(model.state.meals == .loaded(TestCatalog.pastas))
    #expect(!recorder.values.contains { $0.meals == .loaded(TestCatalog.desserts) })
    #expect(!recorder.values.contains { if case .failed = $0.meals { true } else { false } })
  }

  @Test("Picking the category that is shown starts nothing")
  func pickSameCategory() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.categoryPicked("Dessert")
    await harness.settle()
    #expect(harness.newRequests().isEmpty)
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  @Test("Picking a category while a search is typed loads the search at once, without the pause")
  func pickDuringSearch() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(300)
    model.categoryPicked("Pasta")
    await harness.settle()
    #expect(harness.newRequests() == ["GET search.php?s=Las"])
    #expect(model.state.loadedQuery == Query(category: "Pasta", search: "Las"))
    await harness.advance(400)
    #expect(harness.newRequests().isEmpty)
  }
}
