import Foundation
import MealCatalog
import MealDB
import Testing
import ViewModels

/// Navigation: the app model routes intents to the screen on top and owns the path.
@MainActor
@Suite struct AppModelTests {
  @Test("Launch starts on the list and loads categories and Dessert")
  func launch() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    #expect(app.state.path.isEmpty)
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
    #expect(harness.newRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
  }

  @Test("Tapping a meal pushes its detail and loads it")
  func tapPushesDetail() async throws {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.mealTapped(TestCatalog.tart))
    guard case .detail(let loading) = app.state.top else {
      Issue.record("expected a detail on top")
      return
    }
    #expect(loading.recipe == .loading)
    await harness.settle()
    guard case .detail(let detail) = app.state.top else { return }
    #expect(detail.recipe.value?.name == "Apple Frangipan Tart")
    #expect(harness.newRequests().last == "GET lookup.php?i=52768")
  }

  @Test("Back pops the detail and shows the list as it was")
  func backPops() async throws {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    let list = try #require(app.state.list)
    app.send(.mealTapped(TestCatalog.tart))
    await harness.settle()
    app.send(.backTapped)
    #expect(app.state.top == .list(list))
    #expect(app.path.isEmpty)
  }

  @Test("Actions the screen on top does not offer are ignored and change nothing")
  func refusedIntents() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    let onList = app.state
    app.send(.backTapped)
    app.send(.heartTapped)
    await harness.settle()
    #expect(app.state == onList)
    #expect(app.favorites.favorites.isEmpty)
    app.send(.mealTapped(TestCatalog.tart))
    await harness.settle()
    let state = app.state
    app.send(.searchTextChanged("Las"))
    app.send(.diceTapped)
    app.send(.categoryPicked("Pasta"))
    app.send(.pulledToRefresh)
    app.send(.noticeDismissed)
    await harness.settle()
    #expect(app.state == state)
  }

  @Test("The dice pushes the random meal's detail")
  func dicePushes() async {
    let harness = Harness()
    harness.transport.enqueueRandom(ids: ["52982"])
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.diceTapped)
    await harness.settle()
    #expect(app.shownPath == [.detail(TestCatalog.carbonara)])
    #expect(harness.newRequests().suffix(2) == ["GET random.php", "GET lookup.php?i=52982"])
  }

  @Test("A failed dice tap navigates nowhere")
  func diceFailureStays() async {
    let harness = Harness()
    harness.transport.setFault(.timeout, for: "random.php")
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.diceTapped)
    await harness.settle()
    #expect(app.state.path.isEmpty)
    #expect(
      app.state.list?.notice == .timeout)
  }

  @Test("The heart on a detail fills the row's heart in the list")
  func heartReachesList() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    app.send(.mealTapped(TestCatalog.tart))
    app.send(.heartTapped)
    #expect(app.state.list?.favoriteIDs == ["52768"])
    #expect(app.state.list?.favorites == [TestCatalog.tart])
    guard case .detail(let detail) = app.state.top else { return }
    #expect(detail.isFavorite)
  }

  @Test("Retry goes to the screen on top")
  func retryGoesToTop() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    harness.transport.setFault(.offline, for: "lookup.php")
    app.send(.mealTapped(TestCatalog.tart))
    await harness.settle()
    harness.transport.setFault(nil)
    _ = harness.newRequests()
    app.send(.retryTapped)
    await harness.settle()
    #expect(harness.newRequests() == ["GET lookup.php?i=52768"])
  }

  @Test("A tapped link is recorded and nothing else happens")
  func linkRecorded() async {
    let harness = Harness()
    let app = harness.appModel()
    app.launch()
    await harness.settle()
    let state = app.state
    let url = URL(string: "https://www.youtube.com/watch?v=4aZr5hZXP_s")!
    app.send(.linkTapped(url))
    #expect(app.openedLinks == [url])
    #expect(app.state == state)
  }

  @Test("A relaunch starts on the list with the favourites that were saved")
  func relaunch() async {
    let storage = FavoritesStorage.inMemory()
    let first = Harness(storage: storage)
    let app = first.appModel()
    app.launch()
    await first.settle()
    app.send(.mealTapped(TestCatalog.lasagne))
    app.send(.heartTapped)
    await first.settle()

    let second = Harness(storage: storage)
    let relaunched = second.appModel()
    relaunched.launch()
    await second.settle()
    #expect(relaunched.state.path.isEmpty)
    #expect(relaunched.state.list?.favorites == [TestCatalog.lasagne])
  }

  @Test("The change callback hears every new snapshot until its token is cancelled")
  func callbackUntilCancelled() async {
    let harness = Harness()
    let app = harness.appModel()
    let recorder = Recorder<AppState>()
    let token = app.observe { recorder.record($0) }
    app.launch()
    await harness.settle()
    #expect(recorder.values.last == app.state)
    let count = recorder.values.count
    token.cancel()
    app.send(.mealTapped(TestCatalog.tart))
    await harness.settle()
    #expect(recorder.values.count == count)
  }

  @Test("The snapshot stream starts with the current state and yields every change")
  func stream() async {
    let harness = Harness()
    let app = harness.appModel()
    var updates = app.stateUpdates().makeAsyncIterator()
    #expect(await updates.next() == AppState(list: MealListState()))
    app.launch()
    #expect(await updates.next()?.list?.meals == .loading)
    await harness.settle()
    var last: AppState?
    while last != app.state { last = await updates.next() }
    #expect(last?.list?.meals == .loaded(TestCatalog.desserts))
  }
}
