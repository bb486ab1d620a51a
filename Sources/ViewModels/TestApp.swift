import Foundation
import MealDB
import VirtualTime

/// The app wired for a test: an `AppModel` on a `VirtualClock`, with `settle()`, virtual time,
/// the ledger of requests and relaunches, over any transport (an offline catalog, a fake).
///
/// ```swift
/// let app = TestApp { clock in CatalogTransport(catalog: .embedded(), clock: clock) }
/// await app.launch()
/// await app.send(.mealTapped(tart))
/// #expect(app.state.top.detail?.detail.isLoaded == true)
/// #expect(app.takeRequests() == ["GET categories.php", "GET filter.php?c=Dessert", …])
/// ```
///
/// Every task of the app runs under one `TaskTracker`, which is also the clock's, so `settle()`
/// waits for exactly the work that is ready at the current virtual time.
@MainActor
public final class TestApp {
  /// The virtual clock: the search pause and simulated delays sleep on it.
  public let clock: VirtualClock
  /// Where the favourites are kept across relaunches.
  public let storage: FavoritesStorage
  /// The running app; `relaunch()` replaces it.
  public private(set) var model: AppModel

  private let tracker: TaskTracker
  private let ledger: RequestLedger
  private let api: MealAPI
  private let start: StartScreen
  private let searchPause: Duration

  /// - Parameters:
  ///   - start: the screen the app starts with.
  ///   - favorites: the stored favourites; a relaunch reads them again.
  ///   - transport: makes the transport the app's requests go to, given the virtual clock.
  public init(
    start: StartScreen = .list,
    favorites: FavoritesStorage = .inMemory(),
    searchPause: Duration = .milliseconds(400),
    transport: (VirtualClock) -> any Transport
  ) {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let ledger = RequestLedger(transport(clock))
    self.tracker = tracker
    self.clock = clock
    self.ledger = ledger
    self.storage = favorites
    self.start = start
    self.searchPause = searchPause
    api = MealAPI(transport: ledger)
    model = AppModel(
      api: api, clock: clock, favorites: FavoritesStore(storage: favorites), tracker: tracker,
      searchPause: searchPause, start: start)
  }

  /// The running app's snapshot.
  public var state: AppState { model.state }

  /// Launches the app and waits until its first loads have ended.
  public func launch() async {
    model.launch()
    await settle()
  }

  /// Sends the intent to the running app and waits until the work it started has ended, or
  /// sleeps on the virtual clock (the search pause).
  public func send(_ intent: UserIntent) async {
    model.send(intent)
    await settle()
  }

  /// Returns once every task of the app has finished or sleeps on the virtual clock.
  public func settle() async {
    await tracker.settle()
  }

  /// Moves virtual time forward, running what becomes due, then settles.
  public func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    await tracker.settle()
  }

  /// The requests sent since the last call, oldest first, as `GET search.php?s=Lasagne`.
  public func takeRequests() -> [String] {
    ledger.takeNew().map(\.description)
  }

  /// Quits the app and starts a new one over the same favourites storage, and launches it.
  /// The old app's work in flight is cancelled: none of it reaches the new app.
  public func relaunch() async {
    model = AppModel(
      api: api, clock: clock, favorites: FavoritesStore(storage: storage), tracker: tracker,
      searchPause: searchPause, start: start)
    await launch()
  }
}
