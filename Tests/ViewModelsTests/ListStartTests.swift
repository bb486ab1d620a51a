import MealCatalog
import MealDB
import Testing
import ViewModels

/// Behaviour 1: on start the categories load once and silently.
@MainActor
@Suite struct ListStartTests {
  @Test("On start the categories and the Dessert list load")
  func startLoadsCategoriesAndDessert() async {
    let harness = Harness()
    let model = harness.listModel()
    model.appeared()
    #expect(model.state.meals == .loading)
    await harness.settle()
    #expect(harness.newRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
    #expect(model.state.categories.map(\.name) == ["Dessert", "Pasta", "Vegan"])
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    #expect(model.state.loadedQuery == Query(category: "Dessert", search: ""))
    #expect(model.state.query == Query(category: "Dessert", search: ""))
  }

  @Test("The categories load only once, however often the screen appears or refreshes")
  func categoriesLoadOnce() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.appeared()
    await model.pulledToRefresh().value
    model.retryTapped()
    await harness.settle()
    #expect(!harness.newRequests().contains("GET categories.php"))
  }

  @Test("A failed categories request leaves the picker empty and the category as it is")
  func failedCategoriesAreSilent() async {
    let harness = Harness()
    harness.transport.setFault(.offline, for: "categories.php")
    let model = harness.listModel()
    model.appeared()
    await harness.settle()
    #expect(model.state.categories.isEmpty)
    #expect(model.state.category == "Dessert")
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    #expect(model.state.notice == nil)
  }

  @Test("While the categories are missing, a pull to refresh tries them again")
  func refreshRetriesCategories() async {
    let harness = Harness()
    harness.transport.setFault(.timeout, for: "categories.php")
    let model = await harness.startedList()
    harness.transport.setFault(nil, for: "categories.php")
    await model.pulledToRefresh().value
    await harness.settle()
    #expect(harness.newRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
    #expect(model.state.categories.map(\.name) == ["Dessert", "Pasta", "Vegan"])
  }

  @Test("While the categories are missing, a retry tries them again")
  func retryRetriesCategories() async {
    let harness = Harness()
    harness.transport.setFault(.serverError, for: "categories.php")
    let model = await harness.startedList()
    harness.transport.setFault(nil, for: "categories.php")
    model.retryTapped()
    await harness.settle()
    #expect(model.state.categories.map(\.name) == ["Dessert", "Pasta", "Vegan"])
  }
}
