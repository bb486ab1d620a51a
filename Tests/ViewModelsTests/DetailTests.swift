import Fixtures
import RezepteTesting
import Testing

/// The detail screen: `lookup.php?i=`, not found, retry and the heart.
@MainActor
@Suite struct DetailTests {
  let app: TestApp
  let network: CatalogTransport

  init() {
    (app, network) = TestApp.overCatalog()
  }

  /// The detail of `meal` pushed over the launched list, as the app has it.
  func pushedDetail(_ meal: Meal) async -> MealDetailViewModel? {
    await app.launch()
    _ = app.takeRequests()
    await app.send(.mealTapped(meal))
    guard case .detail(let detail) = app.model.path.last else { return nil }
    return detail
  }

  @Test("Appearing loads the recipe with lookup.php, showing loading first")
  func appearLoads() async throws {
    await app.launch()
    _ = app.takeRequests()
    let recorder = app.model.record()
    await app.send(.mealTapped(TestCatalog.lasagne)) {
      $0.path = [
        .init(
          id: 1,
          .detail(
            MealDetailState(
              meal: TestCatalog.lasagne, recipe: .loaded(TestCatalog.detail(TestCatalog.lasagne)))))
      ]
    }
    #expect(
      recorder.values.map(\.detail?.recipe) == [
        .idle, .loading, .loaded(TestCatalog.detail(TestCatalog.lasagne)),
      ])
    #expect(app.takeRequests() == ["GET lookup.php?i=52844"])
    #expect(app.state.detail?.title == "Lasagne")
  }

  @Test("Appearing again after the recipe loaded loads nothing")
  func appearTwice() async throws {
    let detail = try #require(await pushedDetail(TestCatalog.lasagne))
    detail.appeared()
    await app.settle()
    #expect(app.takeRequests() == ["GET lookup.php?i=52844"])
  }

  @Test("Appearing again after leaving mid-load loads again instead of spinning forever")
  func appearAfterCancelledLoad() async throws {
    network.setDelay(.seconds(1), for: "lookup.php")
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    let path = app.model.path
    await app.send(.backTapped)
    #expect(app.pendingWork.isEmpty)
    // Pushed again, the same view model is a new entry of the path.
    await app.send(.pathChanged(path)) {
      $0.path = [
        .init(id: 2, .detail(MealDetailState(meal: TestCatalog.lasagne, recipe: .loading)))
      ]
    }
    await app.advance(by: .seconds(1)) {
      $0.detail?.recipe = .loaded(TestCatalog.detail(TestCatalog.lasagne))
    }
    #expect(
      app.sentRequests().suffix(2) == ["GET lookup.php?i=52844", "GET lookup.php?i=52844"])
  }

  @Test(
    "An id the server does not know is its own not-found state",
    arguments: ["99999", "abc"])  // `null` for an unknown number, "Invalid ID" for the rest
  func notFound(id: String) async {
    await app.launch()
    await app.send(.mealTapped(Meal(id: id, name: "Verschwunden")))
    #expect(app.state.detail?.recipe == .failed(.notFound))
    #expect(app.state.detail?.title == "Verschwunden")
  }

  @Test("A failed load shows why", arguments: ListLoadTests.messages)
  func failedLoad(fault: CatalogTransport.Fault, message: LoadFailure) async {
    network.setFault(fault, for: "lookup.php")
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    #expect(app.state.detail?.recipe == .failed(message))
  }

  @Test("Retry after a failure loads again, showing loading")
  func retry() async {
    network.setFault(.offline, for: "lookup.php")
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    network.setFault(nil)
    app.model.send(.retryTapped)
    #expect(app.state.detail?.recipe == .loading)
    await app.settle()
    #expect(app.state.detail?.recipe.value?.id == "52844")
  }

  @Test("Leaving the screen cancels its load without an error")
  func disappearCancels() async {
    network.setDelay(.seconds(1), for: "lookup.php")
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    let recorder = app.model.record()
    await app.send(.backTapped)
    #expect(app.pendingWork.isEmpty)
    #expect(app.sentRequests().last == "GET lookup.php?i=52844")
    #expect(recorder.values.allSatisfy { $0.path.isEmpty && $0.list?.notice == nil })
  }

  @Test("The heart stores the meal's id, name and thumbnail and marks the meal a favourite")
  func heartToggles() async {
    await app.launch()
    await app.send(.mealTapped(TestCatalog.lasagne))
    await app.send(.heartTapped) {
      $0.detail?.isFavorite = true
      $0.list?.favoriteIDs = ["52844"]
      $0.list?.favorites = [TestCatalog.lasagne]
    }
    #expect(
      app.model.favorites.favorites == [
        Meal(id: "52844", name: "Lasagne", thumbnail: TestCatalog.thumb("lasagne"))
      ])
    await app.send(.heartTapped) {
      $0.detail?.isFavorite = false
      $0.list?.favoriteIDs = []
      $0.list?.favorites = []
    }
  }

  @Test("The heart follows the store when someone else changes it")
  func heartFollowsStore() async {
    await app.launch()
    let path = [
      app.model.makeDetail(TestCatalog.lasagne), app.model.makeDetail(TestCatalog.lasagne),
    ]
    await app.send(.pathChanged(path))
    await app.send(.heartTapped)
    #expect(app.state.path.map(\.screen.detail?.isFavorite) == [true, true])
    app.model.favorites.toggle(TestCatalog.lasagne)
    #expect(app.state.path.map(\.screen.detail?.isFavorite) == [false, false])
  }

  @Test("A detail opened for a favourite starts with the heart filled")
  func startsAsFavorite() async {
    let (app, _) = TestApp.overCatalog(favorites: .inMemory([TestCatalog.tart]))
    await app.launch()
    app.model.send(.mealTapped(TestCatalog.tart))
    #expect(app.state.detail?.isFavorite == true)
    await app.settle()
  }
}
