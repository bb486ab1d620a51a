import Fixtures
import RezepteTesting
import Testing

/// Behaviour 3 (search with a pause) and 6 (the two empty states).
@MainActor
@Suite struct ListSearchTests {
  let app: TestApp
  let network: CatalogTransport

  init() async {
    (app, network) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
  }

  @Test("The search field shows the text at once, before anything loads")
  func textUpdatesImmediately() async {
    await app.send(.searchTextChanged("Las")) {
      $0.list?.searchText = "Las"
    }
    #expect(app.state.list?.query.isSearch == true)
    #expect(app.takeRequests().isEmpty)
    await app.skipPendingWork()
  }

  @Test("A search goes out only after 400 ms in which the query did not change")
  func requestAfterPause() async {
    await app.send(.searchTextChanged("Las")) {
      $0.list?.searchText = "Las"
    }
    await app.advance(by: .milliseconds(399)) { _ in }
    #expect(app.takeRequests().isEmpty)
    await app.advance(by: .milliseconds(1)) {
      $0.list?.meals = .loaded([TestCatalog.lasagne, TestCatalog.sandwiches])
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Las")
    }
    #expect(app.takeRequests() == ["GET search.php?s=Las"])
  }

  @Test("A change within the pause restarts it")
  func changeRestartsPause() async {
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(300))
    await app.send(.searchTextChanged("Lasa"))
    await app.advance(by: .milliseconds(300))
    #expect(app.takeRequests().isEmpty)
    await app.advance(by: .milliseconds(100))
    #expect(app.takeRequests() == ["GET search.php?s=Lasa"])
  }

  @Test("A trailing space leaves the query as it is and starts nothing")
  func trailingSpaceStartsNothing() async {
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(400))
    _ = app.takeRequests()
    await app.send(.searchTextChanged("Las ")) {
      $0.list?.searchText = "Las "
    }
    #expect(app.pendingWork.isEmpty)
    await app.advance(by: .milliseconds(400)) { _ in }
    #expect(app.takeRequests().isEmpty)
  }

  @Test("A trailing space typed during the pause does not restart it")
  func trailingSpaceKeepsPause() async {
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(300))
    await app.send(.searchTextChanged("Las "))
    await app.advance(by: .milliseconds(100))
    #expect(app.takeRequests() == ["GET search.php?s=Las"])
  }

  @Test(
    "Clearing the search, or leaving only white space, loads the category at once",
    arguments: ["", "   "])
  func clearingLoadsCategory(text: String) async {
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(400))
    _ = app.takeRequests()
    app.model.send(.searchTextChanged(text))
    #expect(app.state.list?.meals == .loading)
    #expect(app.state.list?.query == Query(category: "Dessert", search: ""))
    await app.settle()
    #expect(app.takeRequests() == ["GET filter.php?c=Dessert"])
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
  }

  @Test("Clearing the search during the pause cancels the search that was waiting")
  func clearingCancelsPause() async {
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(200))
    await app.send(.searchTextChanged(""))
    await app.advance(by: .milliseconds(1000))
    #expect(app.takeRequests() == ["GET filter.php?c=Dessert"])
  }

  @Test("Typing \"Lasagne\" one letter every 100 ms sends exactly one request")
  func typingSendsOneRequest() async {
    var text = ""
    for letter in "Lasagne" {
      text.append(letter)
      await app.send(.searchTextChanged(text))
      await app.advance(by: .milliseconds(100))
    }
    await app.advance(by: .milliseconds(400)) {
      $0.list?.meals = .loaded([TestCatalog.lasagne, TestCatalog.sandwiches])
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Lasagne")
    }
    #expect(app.takeRequests() == ["GET search.php?s=Lasagne"])
  }

  @Test("The search shows loading once its pause is over, not before")
  func loadingAfterPause() async {
    network.setDelay(.milliseconds(500), for: "search.php")
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(399)) { _ in }
    await app.advance(by: .milliseconds(1)) {
      $0.list?.meals = .loading
    }
    await app.skipPendingWork()
  }

  @Test("A category without meals and a search without hits are different empty states")
  func emptyStatesDiffer() async {
    await app.send(.categoryPicked("Vegan"))
    #expect(app.state.list?.meals == .loaded([]))
    #expect(app.state.list?.emptyReason == .noMeals)
    await app.send(.searchTextChanged("xyz"))
    await app.advance(by: .milliseconds(400))
    #expect(app.state.list?.meals == .loaded([]))
    #expect(app.state.list?.emptyReason == .noResults("xyz"))
  }

  @Test("During the pause the empty reason still speaks of the list that is shown")
  func emptyReasonFollowsLoadedQuery() async {
    await app.send(.categoryPicked("Vegan"))
    await app.send(.searchTextChanged("xyz"))
    #expect(app.state.list?.emptyReason == .noMeals)
    await app.skipPendingWork()
  }
}
