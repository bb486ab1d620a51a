import AppHarness
import MealCatalog
import MealDB
import Scenarios
import ViewModels
import VirtualTime

/// What an exploration runs against: the catalog, and (for tests) broken pieces put in place of
/// the real ones. The command always explores the real app.
@MainActor
public struct ExploreSetup {
  public var catalog: Catalog
  /// Puts a stand-in around each app made; `nil` explores the real app.
  public var wrap: ((AppModel, AppWiring) -> any AppUnderTest)?
  /// Puts another transport in front of the offline catalog's; the app's requests pass through
  /// it after they are logged.
  public var wrapTransport: (CatalogTransport, VirtualClock) -> any Transport
  /// The favourites' storage of a session, shared by its launches.
  public var makeStorage: @Sendable () -> FavoritesStorage

  public init(
    catalog: Catalog, wrap: ((AppModel, AppWiring) -> any AppUnderTest)? = nil,
    wrapTransport: @escaping (CatalogTransport, VirtualClock) -> any Transport = { base, _ in
      base
    },
    makeStorage: @escaping @Sendable () -> FavoritesStorage = { .inMemory() }
  ) {
    self.catalog = catalog
    self.wrap = wrap
    self.wrapTransport = wrapTransport
    self.makeStorage = makeStorage
  }

  /// A session's app on the harness `rezepte run` drives, launched on `start`.
  func launch(_ start: StartScreen) async -> AppDriver {
    // Made with its settings, so that the launch starts the app made here rather than a new one;
    // seeded as `rezepte run` seeds `random.php`, so that a written scenario replays its meals.
    let driver = AppDriver(
      catalog: catalog, seed: 1, start: start, favorites: makeStorage(), wrap: wrap,
      transport: wrapTransport)
    await driver.app.launch()
    return driver
  }
}
