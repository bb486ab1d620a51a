import MealCatalog
import MealDB
import Testing
import ViewModels

/// The navigation path is one value: the screens follow it, and it can be set whole.
@MainActor
@Suite struct PathTests {
  /// An app on the grid with Pasta's list and Carbonara's detail pushed and loaded.
  private func deepApp(_ harness: Harness) async -> AppModel {
    let app = await harness.startedGridApp()
    app.send(.categoryTileTapped("Pasta"))
    await harness.settle()
    app.send(.mealTapped(TestCatalog.carbonara))
    await harness.settle()
    _ = harness.newRequests()
    return app
  }

  @Test("The state holds one screen per route, in path order")
  func stateFollowsPath() async {
    let harness = Harness()
    let app = await deepApp(harness)
    #expect(app.shownPath == [.list("Pasta"), .detail(TestCatalog.carbonara)])
    #expect(app.state.path.count == 2)
    #expect(app.state.path[0].list?.category == "Pasta")
    #expect(app.state.path[1].detail?.meal == TestCatalog.carbonara)
  }

  @Test("Each entry of the path carries the view model of the screen it pushed")
  func entriesCarryModels() async throws {
    let harness = Harness()
    let app = await deepApp(harness)
    guard case .list(let list) = app.path[0], case .detail(let detail) = app.path[1] else {
      Issue.record("expected a list and a detail on the path")
      return
    }
    #expect(list.state == app.state.path[0].list)
    #expect(detail.state == app.state.path[1].detail)
    detail.heartTapped()
    #expect(app.state.top.detail?.isFavorite == true)
    #expect(app.favorites.contains(id: TestCatalog.carbonara.id))
  }

  @Test("Two entries showing the same recipe are two screens")
  func sameMealTwice() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    let first = app.makeDetail(TestCatalog.tart)
    app.send(.pathChanged([first, app.makeDetail(TestCatalog.tart)]))
    await harness.settle()
    #expect(app.path.count == 2)
    #expect(app.path[0] == first && app.path[1] != first)
    app.send(.backTapped)
    #expect(app.path == [first])
  }

  @Test("Setting the path to empty goes back over two screens at once and loads nothing")
  func swipeBackOverTwo() async {
    let harness = Harness()
    let app = await deepApp(harness)
    app.send(.pathChanged([]))
    await harness.settle()
    #expect(app.path.isEmpty)
    #expect(app.state.path.isEmpty)
    guard case .categories = app.state.top else {
      Issue.record("expected the grid on top")
      return
    }
    #expect(harness.newRequests().isEmpty)
  }

  @Test("A deep link to a detail pushes it and loads the meal")
  func deepLinkLoads() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    _ = harness.newRequests()
    app.send(.pathChanged([app.makeDetail(TestCatalog.lasagne)]))
    #expect(app.state.top.detail?.recipe == .loading)
    await harness.settle()
    #expect(app.state.top.detail?.recipe.value?.name == "Lasagne")
    #expect(harness.newRequests() == ["GET lookup.php?i=52844"])
  }

  @Test("Screens removed from the path have their loads cancelled")
  func removedEntriesCancel() async {
    let harness = Harness()
    harness.transport.setDelay(.milliseconds(500), for: "lookup.php")
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.pathChanged([app.makeDetail(TestCatalog.tart), app.makeDetail(TestCatalog.lasagne)]))
    await harness.settle()
    #expect(harness.newRequests().last == "GET lookup.php?i=52844")
    app.send(.pathChanged(Array(app.path.prefix(1))))
    await harness.advance(1000)
    await harness.settle()
    // Only the tart's detail, now on top, loaded; the lasagne's request was cancelled.
    #expect(app.state.path.count == 1)
    #expect(app.state.top.detail?.recipe.value?.name == "Apple Frangipan Tart")
    #expect(harness.clock.sleeperCount == 0)
  }

  @Test("The work an intent starts can be awaited")
  func intentTaskFinishes() async {
    let harness = Harness()
    let app = harness.appModel()
    await app.launch().finish()
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
    await app.send(.pulledToRefresh).finish()
    #expect(app.state.list?.isRefreshing == false)
    #expect(harness.newRequests().last == "GET filter.php?c=Dessert")
  }
}
