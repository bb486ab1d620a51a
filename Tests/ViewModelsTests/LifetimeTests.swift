import Fixtures
import RezepteTesting
import Testing

/// Work in flight ends with the app model or screen that started it.
@MainActor
@Suite struct LifetimeTests {
  @Test("A request in flight at relaunch never reaches the new app")
  func relaunchDropsOldWork() async {
    let (app, network) = TestApp.overCatalog()
    await app.launch()
    network.enqueueRandom(ids: ["52982"])
    network.setDelay(.milliseconds(500), for: "random.php")
    await app.send(.diceTapped)
    weak let old = app.model
    await app.relaunch()
    #expect(old == nil)
    await app.advance(by: .seconds(1))
    #expect(app.state.path.isEmpty)
    #expect(app.state.list?.isDiceBusy == false)
    #expect(app.pendingWork.isEmpty)
  }

  @Test("Letting go of a view model cancels its load")
  func deinitCancels() async {
    let (app, network) = TestApp.overCatalog()
    network.setDelay(.milliseconds(500), for: "lookup.php")
    let wiring = app.wiring
    var model: MealDetailViewModel? = MealDetailViewModel(
      meal: TestCatalog.tart, api: wiring.api, favorites: FavoritesStore(storage: wiring.favorites),
      tracker: wiring.tracker)
    model?.appeared()
    await app.settle()
    #expect(app.pendingWork == ["the load of GET lookup.php?i=52768, waiting for its answer"])
    model = nil
    await app.settle()
    #expect(app.pendingWork.isEmpty)
  }
}
