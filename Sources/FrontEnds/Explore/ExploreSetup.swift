import AppHarness
import MealCatalog
import MealDB
import Scenarios
import ViewModels
import VirtualTime

/// What an exploration runs against: the catalog, and (for the package's tests) broken pieces put
/// in place of the real ones. The command always explores the real app.
@MainActor
public struct ExploreSetup {
  public var catalog: Catalog
  /// Puts a stand-in around each app made; `nil` explores the real app.
  package var wrap: ((AppModel, AppWiring) -> any AppUnderTest)?
  /// Puts another transport in front of the offline catalog's; the app's requests pass through
  /// it after they are logged.
  package var wrapTransport: (CatalogTransport, VirtualClock) -> any Transport = { base, _ in base }
  /// The favourites' storage of a session, shared by its launches.
  package var makeStorage: @Sendable () -> FavoritesStorage = { .inMemory() }

  /// The real app over `catalog`.
  public init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// A session's app on the harness `rezepte run` drives, launched on `start`.
  func launch(_ start: StartScreen) async -> AppDriver {
    // Made with its settings, so that the launch starts the app made here rather than a new one;
    // seeded as `rezepte run` seeds `random.php`, so that a written scenario replays its meals.
    let driver = AppDriver(
      catalog: catalog, seed: 1, start: start, favorites: makeStorage(), transport: wrapTransport)
    driver.app.wrap = wrap
    await driver.app.launch()
    return driver
  }
}
