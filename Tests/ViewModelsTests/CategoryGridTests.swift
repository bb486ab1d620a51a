import MealCatalog
import MealDB
import Testing
import ViewModels

/// Bonus 2: the category grid loads `categories.php` with its own loading and error states.
@MainActor
@Suite struct CategoryGridTests {
  @Test("The grid shows loading, then every category from categories.php")
  func loads() async {
    let harness = Harness()
    let grid = harness.gridModel()
    grid.appeared()
    #expect(grid.state.categories == .loading)
    await harness.settle()
    #expect(
      grid.state.categories
        == .loaded([TestCatalog.dessert, TestCatalog.pasta, TestCatalog.vegan]))
    #expect(harness.newRequests() == ["GET categories.php"])
  }

  @Test("A failed categories request shows the lesson's message")
  func failure() async {
    let harness = Harness()
    harness.transport.setFault(.offline, for: "categories.php")
    let grid = harness.gridModel()
    grid.appeared()
    await harness.settle()
    #expect(
      grid.state.categories == .failed(.offline))
  }

  @Test("Retry after a failure loads again, showing loading")
  func retry() async {
    let harness = Harness()
    harness.transport.setFault(.serverError, for: "categories.php")
    let grid = harness.gridModel()
    grid.appeared()
    await harness.settle()
    harness.transport.setFault(nil)
    _ = harness.newRequests()
    grid.retryTapped()
    #expect(grid.state.categories == .loading)
    await harness.settle()
    #expect(grid.state.categories.value?.count == 3)
    #expect(harness.newRequests() == ["GET categories.php"])
  }

  @Test("Appearing again, as when coming back from a list, loads nothing")
  func appearsOnce() async {
    let harness = Harness()
    let grid = harness.gridModel()
    grid.appeared()
    await harness.settle()
    _ = harness.newRequests()
    grid.appeared()
    await harness.settle()
    #expect(harness.newRequests().isEmpty)
  }
}
