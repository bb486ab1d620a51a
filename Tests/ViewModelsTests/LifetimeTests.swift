import AppHarness
import MealCatalog
import MealDB
import Testing
import ViewModels
import VirtualTime

/// Work in flight ends with the app model or screen that started it.
@MainActor
@Suite struct LifetimeTests {
  @Test("A request in flight at relaunch never reaches the new app")
  func relaunchDropsOldWork() async {
    let storage = FavoritesStorage.inMemory()
    var catalog: CatalogTransport?
    let app = TestApp(favorites: storage) { clock in
      let transport = CatalogTransport(catalog: TestCatalog.catalog, clock: clock)
      catalog = transport
      return transport
    }
    await app.launch()
    catalog?.enqueueRandom(ids: ["52982"])
    catalog?.setDelay(.milliseconds(500), for: "random.php")
    await app.send(.diceTapped)
    weak let old = app.model
    await app.relaunch()
    #expect(old == nil)
    await app.advance(by: .seconds(1))
    #expect(app.model.path.isEmpty)
    #expect(app.state.list?.isDiceBusy == false)
    #expect(app.clock.sleeperCount == 0)
  }

  @Test("Letting go of a view model cancels its load")
  func deinitCancels() async {
    let harness = Harness()
    harness.transport.setDelay(.milliseconds(500), for: "lookup.php")
    var model: MealDetailViewModel? = harness.detailModel(TestCatalog.tart)
    model?.appeared()
    await harness.settle()
    #expect(harness.clock.sleeperCount == 1)
    model = nil
    await harness.settle()
    #expect(harness.clock.sleeperCount == 0)
  }
}
