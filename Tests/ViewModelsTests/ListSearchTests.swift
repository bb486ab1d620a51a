import MealCatalog
import MealDB
import Testing
import ViewModels

/// Behaviour 3 (search with a pause) and 6 (the two empty states).
@MainActor
@Suite struct ListSearchTests {
  @Test("The search field shows the text at once, before anything loads")
  func textUpdatesImmediately() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    #expect(model.state.searchText == "Las")
    #expect(model.state.query.isSearch == true)
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    await harness.settle()
    #expect(harness.newRequests().isEmpty)
  }

  @Test("A search goes out only after 400 ms in which the query did not change")
  func requestAfterPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(399)
    #expect(harness.newRequests().isEmpty)
    await harness.advance(1)
    #expect(harness.newRequests() == ["GET search.php?s=Las"])
    #expect(model.state.meals == .loaded([TestCatalog.lasagne, TestCatalog.sandwiches]))
    #expect(model.state.loadedQuery == Query(category: "Dessert", search: "Las"))
  }

  @Test("A change within the pause restarts it")
  func changeRestartsPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(300)
    model.searchTextChanged("Lasa")
    await harness.advance(300)
    #expect(harness.newRequests().isEmpty)
    await harness.advance(100)
    #expect(harness.newRequests() == ["GET search.php?s=Lasa"])
  }

  @Test("A trailing space leaves the query as it is and starts nothing")
  func trailingSpaceStartsNothing() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(400)
    _ = harness.newRequests()
    model.searchTextChanged("Las ")
    #expect(harness.clock.sleeperCount == 0)
    await harness.advance(400)
    #expect(harness.newRequests().isEmpty)
    #expect(model.state.searchText == "Las ")
    #expect(model.state.loadedQuery == Query(category: "Dessert", search: "Las"))
  }

  @Test("A trailing space typed during the pause does not restart it")
  func trailingSpaceKeepsPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(300)
    model.searchTextChanged("Las ")
    await harness.advance(100)
    #expect(harness.newRequests() == ["GET search.php?s=Las"])
  }

  @Test(
    "Clearing the search, or leaving only white space, loads the category at once",
    arguments: ["", "   "])
  func clearingLoadsCategory(text: String) async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(400)
    _ = harness.newRequests()
    model.searchTextChanged(text)
    #expect(model.state.meals == .loading)
    #expect(model.state.query == Query(category: "Dessert", search: ""))
    await harness.settle()
    #expect(harness.newRequests() == ["GET filter.php?c=Dessert"])
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  @Test("Clearing the search during the pause cancels the search that was waiting")
  func clearingCancelsPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(200)
    model.searchTextChanged("")
    await harness.advance(1000)
    #expect(harness.newRequests() == ["GET filter.php?c=Dessert"])
  }

  @Test("Typing \"Lasagne\" one letter every 100 ms sends exactly one request")
  func typingSendsOneRequest() async {
    let harness = Harness()
    let model = await harness.startedList()
    var text = ""
    for letter in "Lasagne" {
      text.append(letter)
      model.searchTextChanged(text)
      await harness.advance(100)
    }
    await harness.advance(400)
    #expect(harness.newRequests() == ["GET search.php?s=Lasagne"])
    #expect(model.state.meals == .loaded([TestCatalog.lasagne, TestCatalog.sandwiches]))
  }

  @Test("The search shows loading once its pause is over, not before")
  func loadingAfterPause() async {
    let harness = Harness()
    harness.transport.setDelay(.milliseconds(500), for: "search.php")
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await harness.advance(399)
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    await harness.advance(1)
    #expect(model.state.meals == .loading)
  }

  @Test("A category without meals and a search without hits are different empty states")
  func emptyStatesDiffer() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.categoryPicked("Vegan")
    await harness.settle()
    #expect(model.state.meals == .loaded([]))
    #expect(model.state.emptyReason == .noMeals)

    model.searchTextChanged("xyz")
    await harness.advance(400)
    #expect(model.state.meals == .loaded([]))
    #expect(model.state.emptyReason == .noResults("xyz"))
  }

  @Test("During the pause the empty reason still speaks of the list that is shown")
  func emptyReasonFollowsLoadedQuery() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.categoryPicked("Vegan")
    await harness.settle()
    model.searchTextChanged("xyz")
    #expect(model.state.emptyReason == .noMeals)
  }
}
