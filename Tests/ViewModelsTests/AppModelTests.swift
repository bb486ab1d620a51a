import Fixtures
import Foundation
import RezepteTesting
import Testing

/// Navigation: the app model routes intents to the screen on top and owns the path.
@MainActor
@Suite struct AppModelTests {
  let app: TestApp
  let network: CatalogTransport

  init() {
    (app, network) = TestApp.overCatalog()
  }

  @Test("Launch starts on the list and loads categories and Dessert")
  func launch() async {
    await app.launch()
    #expect(app.state.path.isEmpty)
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
    expectSnapshot(
      of: app, as: .requests,
      matches: """
        GET categories.php
        GET filter.php?c=Dessert
        """)
  }

  @Test("Tapping a meal pushes its detail and loads it")
  func tapPushesDetail() async throws {
    await app.launch()
    app.model.send(.mealTapped(TestCatalog.tart))
    #expect(
      app.state.path == [
        .init(id: 1, .detail(MealDetailState(meal: TestCatalog.tart, recipe: .loading)))
      ])
    await app.settle()
    #expect(
      app.state.path == [
        .init(
          id: 1,
          .detail(
            MealDetailState(
              meal: TestCatalog.tart, recipe: .loaded(TestCatalog.detail(TestCatalog.tart)))))
      ])
    #expect(app.sentRequests().last == "GET lookup.php?i=52768")
  }

  @Test("Back pops the detail and shows the list as it was")
  func backPops() async throws {
    await app.launch()
    await app.send(.mealTapped(TestCatalog.tart))
    await app.send(.backTapped) {
      $0.path = []
    }
    #expect(app.model.path.isEmpty)
  }

  @Test("Actions the screen on top does not offer are ignored and change nothing")
  func refusedIntents() async {
    await app.launch()
    await app.send(.backTapped) { _ in }
    await app.send(.heartTapped) { _ in }
    #expect(app.model.favorites.favorites.isEmpty)
    await app.send(.mealTapped(TestCatalog.tart))
    for intent: UserIntent in [
      .searchTextChanged("Las"), .diceTapped, .categoryPicked("Pasta"), .pulledToRefresh,
      .noticeDismissed,
    ] {
      await app.send(intent) { _ in }
    }
  }

  @Test("The dice pushes the random meal's detail")
  func dicePushes() async {
    network.enqueueRandom(ids: ["52982"])
    await app.launch()
    await app.send(.diceTapped) {
      $0.path = [
        .init(
          id: 1,
          .detail(
            MealDetailState(
              meal: TestCatalog.carbonara,
              recipe: .loaded(TestCatalog.detail(TestCatalog.carbonara)), isRandom: true)))
      ]
    }
    #expect(app.sentRequests().suffix(2) == ["GET random.php", "GET lookup.php?i=52982"])
  }

  @Test("A failed dice tap navigates nowhere")
  func diceFailureStays() async {
    network.setFault(.timeout, for: "random.php")
    await app.launch()
    await app.send(.diceTapped) {
      $0.list?.notice = .timeout
    }
  }

  @Test("The heart on a detail fills the row's heart in the list")
  func heartReachesList() async {
    await app.launch()
    await app.send(.mealTapped(TestCatalog.tart))
    await app.send(.heartTapped) {
      $0.detail?.isFavorite = true
      $0.list?.favoriteIDs = ["52768"]
      $0.list?.favorites = [TestCatalog.tart]
    }
  }

  @Test("Retry goes to the screen on top")
  func retryGoesToTop() async {
    await app.launch()
    network.setFault(.offline, for: "lookup.php")
    await app.send(.mealTapped(TestCatalog.tart))
    network.setFault(nil)
    _ = app.takeRequests()
    await app.send(.retryTapped) {
      $0.detail?.recipe = .loaded(TestCatalog.detail(TestCatalog.tart))
    }
    #expect(app.takeRequests() == ["GET lookup.php?i=52768"])
  }

  @Test("A tapped link is recorded and nothing else happens")
  func linkRecorded() async {
    await app.launch()
    let url = URL(string: "https://www.youtube.com/watch?v=4aZr5hZXP_s")!
    await app.send(.linkTapped(url)) { _ in }
    #expect(app.model.openedLinks == [url])
  }

  @Test("A relaunch starts on the list with the favourites that were saved")
  func relaunch() async {
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    await app.send(.heartTapped)
    await app.relaunch()
    #expect(app.state.path.isEmpty)
    #expect(app.state.list?.favorites == [TestCatalog.lasagne])
  }

  @Test("The change callback hears every new snapshot until its token is cancelled")
  func callbackUntilCancelled() async {
    let recorder = app.model.record()
    await app.launch()
    #expect(recorder.values.last == app.state)
    let count = recorder.values.count
    recorder.token?.cancel()
    await app.send(.mealTapped(TestCatalog.tart))
    #expect(recorder.values.count == count)
  }

  @Test("The snapshot stream starts with the current state and yields every change")
  func stream() async {
    var updates = app.model.stateUpdates().makeAsyncIterator()
    #expect(await updates.next() == AppState(list: MealListState()))
    app.model.launch()
    #expect(await updates.next()?.list?.meals == .loading)
    await app.settle()
    var last: AppState?
    while last != app.state { last = await updates.next() }
    #expect(last?.list?.meals == .loaded(TestCatalog.desserts))
  }
}
