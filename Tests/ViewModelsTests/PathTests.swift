import Fixtures
import RezepteTesting
import Testing

/// The navigation path is one value: the screens follow it, and it can be set whole.
@MainActor
@Suite struct PathTests {
  let app: TestApp
  let network: CatalogTransport

  init() {
    (app, network) = TestApp.overCatalog(start: .categories)
  }

  /// The grid with Pasta's list and Carbonara's detail pushed and loaded; requests taken.
  func deepPath() async {
    await app.launch()
    await app.send(.categoryTileTapped("Pasta"))
    await app.send(.mealTapped(TestCatalog.carbonara))
    _ = app.takeRequests()
  }

  @Test("The state holds one screen per route, in path order")
  func stateFollowsPath() async {
    await deepPath()
    #expect(app.state.shownPath == [.list("Pasta"), .detail(TestCatalog.carbonara)])
  }

  @Test("Each entry of the path carries the view model of the screen it pushed")
  func entriesCarryModels() async throws {
    await deepPath()
    guard case .list(let list) = app.model.path[0], case .detail(let detail) = app.model.path[1]
    else {
      Issue.record("expected a list and a detail on the path")
      return
    }
    #expect(list.state == app.state.path[0].screen.list)
    #expect(detail.state == app.state.path[1].screen.detail)
    detail.heartTapped()
    #expect(app.state.top.detail?.isFavorite == true)
    #expect(app.model.favorites.contains(id: TestCatalog.carbonara.id))
  }

  @Test("Two entries showing the same recipe are two screens")
  func sameMealTwice() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    let first = app.model.makeDetail(TestCatalog.tart)
    await app.send(.pathChanged([first, app.model.makeDetail(TestCatalog.tart)]))
    #expect(app.model.path.count == 2)
    #expect(app.model.path[0] == first && app.model.path[1] != first)
    await app.send(.backTapped)
    #expect(app.model.path == [first])
  }

  @Test("Setting the path to empty goes back over two screens at once and loads nothing")
  func swipeBackOverTwo() async {
    await deepPath()
    await app.send(.pathChanged([])) {
      $0.path = []
    }
    #expect(app.model.path.isEmpty)
    #expect(app.takeRequests().isEmpty)
  }

  @Test("A deep link to a detail pushes it and loads the meal")
  func deepLinkLoads() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    app.model.send(.pathChanged([app.model.makeDetail(TestCatalog.lasagne)]))
    #expect(app.state.top.detail?.recipe == .loading)
    await app.settle()
    #expect(app.state.top.detail?.recipe == .loaded(TestCatalog.detail(TestCatalog.lasagne)))
    #expect(app.takeRequests() == ["GET lookup.php?i=52844"])
  }

  @Test("Screens removed from the path have their loads cancelled")
  func removedEntriesCancel() async {
    let (app, network) = TestApp.overCatalog()
    network.setDelay(.milliseconds(500), for: "lookup.php")
    await app.launch()
    await app.send(
      .pathChanged([
        app.model.makeDetail(TestCatalog.tart), app.model.makeDetail(TestCatalog.lasagne),
      ]))
    #expect(app.sentRequests().last == "GET lookup.php?i=52844")
    await app.send(.pathChanged(Array(app.model.path.prefix(1))))
    await app.advance(by: .seconds(1))
    // Only the tart's detail, now on top, loaded; the lasagne's request was cancelled.
    #expect(app.state.shownPath == [.detail(TestCatalog.tart)])
    #expect(app.state.top.detail?.recipe == .loaded(TestCatalog.detail(TestCatalog.tart)))
    #expect(app.ledger.entries.map(\.outcome).suffix(2) == [.cancelled, .answered])
  }

  @Test("The work an intent starts can be awaited")
  func intentTaskFinishes() async {
    let (app, _) = TestApp.overCatalog()
    await app.model.launch().finish()
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
    await app.model.send(.pulledToRefresh).finish()
    #expect(app.state.list?.isRefreshing == false)
    #expect(app.takeRequests().last == "GET filter.php?c=Dessert")
  }
}
