import MealDB
import ViewModels
import VirtualTime

/// The app on virtual time, for every front end that replays steps: an `AppModel` on a
/// `VirtualClock`, with `settle()`, the request log (`RequestLedger`), the favourites' storage
/// and the start screen across relaunches, over any transport (an offline catalog, a fake, HTTP).
///
/// ```swift
/// let catalog = try Catalog.embedded()
/// let app = Harness { clock in CatalogTransport(catalog: catalog, clock: clock) }
/// await app.launch()
/// await app.send(.searchTextChanged("Lasagne"))
/// await app.advance(by: .milliseconds(400))
/// #expect(
///   app.takeRequests() == [
///     "GET categories.php", "GET filter.php?c=Dessert", "GET search.php?s=Lasagne",
///   ])
/// ```
///
/// Every task of the app runs under one `TaskTracker`, which is also the clock's, so `settle()`
/// waits for exactly the work that is ready at the current virtual time.
@MainActor
open class Harness {
  /// The virtual clock: the search pause and simulated delays sleep on it.
  public let clock: VirtualClock
  public let ledger: RequestLedger
  /// Where the favourites are kept across relaunches; a new storage takes effect at the next
  /// `launch()` or `relaunch()`.
  public var storage: FavoritesStorage {
    didSet { isStale = true }
  }
  /// The screen the app starts with; a change takes effect at the next `launch()` or
  /// `relaunch()`.
  public var start: StartScreen {
    didSet { isStale = true }
  }
  /// The running app, or the one the next `launch()` starts.
  public private(set) var model: AppModel
  /// What the harness drives: `model`, or the stand-in `wrap` puts around it.
  package private(set) var app: any AppUnderTest
  /// Puts a stand-in around the app and each app made after it (tests of rules that must be
  /// able to fail); `nil` drives the app itself.
  package var wrap: ((AppModel, AppWiring) -> any AppUnderTest)? {
    didSet { app = wrap?(model, wiring) ?? model }
  }
  public private(set) var isLaunched = false
  /// Where the app was made: the `init` call's `#fileID`, `#filePath`, `#line` and `#column`.
  public nonisolated let madeAt:
    (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  private let tracker: TaskTracker
  private let api: MealAPI
  private let searchPause: Duration
  /// Whether `model` was made with other settings than the current ones.
  private var isStale = false

  /// The app over the transport that `transport` makes on `clock` (a clock made with a
  /// `TaskTracker`), its favourites read from `favorites` at every launch; `faultInForce` names
  /// the fault the transport simulates for a request now (see `RequestLedger`).
  public init(
    start: StartScreen = .list,
    favorites: FavoritesStorage = .inMemory(),
    searchPause: Duration = .milliseconds(400),
    clock: VirtualClock = VirtualClock(tracker: TaskTracker()),
    transport: (VirtualClock) -> any Transport,
    faultInForce: @escaping @Sendable (APIRequest) -> String? = { _ in nil },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard let tracker = clock.tracker else {
      preconditionFailure("Harness needs a VirtualClock made with a TaskTracker")
    }
    ledger = RequestLedger(transport(clock), clock: clock, faultInForce: faultInForce)
    self.tracker = tracker
    self.clock = clock
    storage = favorites
    self.start = start
    self.searchPause = searchPause
    madeAt = (fileID, filePath, line, column)
    api = MealAPI(transport: ledger)
    let wiring = AppWiring(
      api: api, clock: clock, tracker: tracker, favorites: favorites, start: start,
      searchPause: searchPause)
    model = AppModel(wiring)
    app = model
  }

  /// What each app is built from: the same for every launch but for the settings.
  public var wiring: AppWiring {
    AppWiring(
      api: api, clock: clock, tracker: tracker, favorites: storage, start: start,
      searchPause: searchPause)
  }

  public var state: AppState { app.state }

  /// The virtual time that has passed since the harness was made.
  public var now: Duration { clock.now.offset }

  /// Launches the app and waits until its first loads have ended. A second launch, or one after
  /// the settings changed, starts a new app (as `relaunch()` does).
  public func launch() async {
    if isLaunched || isStale {
      model = AppModel(wiring)
      app = wrap?(model, wiring) ?? model
      isStale = false
    }
    isLaunched = true
    app.launch()
    await settle()
  }

  /// Quits the app and launches a new one over the same favourites storage; the old app's work in
  /// flight is cancelled (unless a test still holds the old `model`).
  public func relaunch() async {
    isStale = true
    await launch()
  }

  /// Sends the intent to the running app and waits until the work it started has ended, or
  /// sleeps on the virtual clock (the search pause).
  public func send(_ intent: UserIntent) async {
    app.send(intent)
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

  /// What the app still runs: each search pause sleeping on the virtual clock, and each load
  /// waiting for its answer, named by its request; empty when nothing is left.
  public nonisolated var pendingWork: [String] {
    let loads = ledger.entries.filter { $0.outcome == .pending }.map {
      "the load of \($0.request), waiting for its answer"
    }
    let pauses = max(0, clock.sleeperCount - loads.count)
    return Array(repeating: "the search pause", count: pauses) + loads
  }

  /// The requests sent since the last call, oldest first, as `GET search.php?s=Lasagne`.
  public func takeRequests() -> [String] {
    ledger.takeNew().map(\.description)
  }

  /// The requests sent so far from the `index`th on (0 for all of them), oldest first;
  /// reading them marks nothing as read.
  public func sentRequests(from index: Int = 0) -> [String] {
    ledger.entries.dropFirst(index).map(\.request.description)
  }
}

/// What a harness drives: the app (`AppModel`), or a stand-in around it that breaks one of the
/// app's rules on purpose, to prove that a check of that rule can fail.
@MainActor
package protocol AppUnderTest: AnyObject {
  var state: AppState { get }
  @discardableResult func launch() -> IntentTask
  @discardableResult func send(_ intent: UserIntent) -> IntentTask
}

extension AppModel: AppUnderTest {}

/// What an app is built from: its API, clock, task tracker, favourites' storage and settings.
public struct AppWiring: Sendable {
  /// The API over the harness's transport (which logs every request).
  public let api: MealAPI
  public let clock: VirtualClock
  public let tracker: TaskTracker
  public let favorites: FavoritesStorage
  public let start: StartScreen
  public let searchPause: Duration
}

extension AppModel {
  /// The app made from a harness's wiring.
  public convenience init(_ wiring: AppWiring) {
    self.init(
      api: wiring.api, clock: wiring.clock, favorites: FavoritesStore(storage: wiring.favorites),
      tracker: wiring.tracker, searchPause: wiring.searchPause, start: wiring.start)
  }
}
