import AppHarness
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import ViewDescription
import ViewModels
import VirtualTime

/// Drives the real app on a `TestApp` (the one harness: virtual time, the request log, the
/// favourites across relaunches): the step replays find the node a user would touch in
/// `screen()` and hand that node's intent to `send(_:)`, which passes it to the app's one entry
/// for user actions. Nothing else reaches into the view models.
///
/// Setup that is no gesture (`configure(_:)`) sets the harness's start screen and favourites, and
/// the offline catalog's faults, delays and dice; over real HTTP, the catalog's settings are
/// unsupported.
@MainActor
public final class AppDriver: ScenarioDriver {
  /// Where the app's requests go.
  public enum Backend: Sendable {
    /// The offline catalog in this process, with simulated faults and delays.
    case catalog
    /// Real HTTP to a TheMealDB-compatible server (`rezepte serve`, or the real one) over
    /// `URLSessionTransport`; faults cannot be simulated there.
    case http(URL)
  }

  /// The harness the app runs on.
  public let app: TestApp
  /// How many intents the steps sent, and the last of them: a step's own intent is the last
  /// one when the count went up during it. (The intents themselves are not kept: each
  /// keystroke of a long `type` holds the whole text so far.)
  public private(set) var intentCount = 0
  public private(set) var lastIntent: UserIntent?

  /// The catalog: it names the meals of `given favorites`, and answers in `.catalog` mode.
  private let catalog: Catalog
  private let catalogTransport: CatalogTransport?
  private let renderer: TextRenderer
  /// The last screen drawn and the snapshot it was drawn from.
  private var drawn: (state: AppState, screen: Node)?

  /// - Parameters:
  ///   - catalog: answers requests in `.catalog` mode, and names the meals of `given favorites`.
  ///   - backend: where the app's requests go.
  ///   - seed: seeds `random.php` in `.catalog` mode.
  ///   - renderer: draws the screen that `expect screen` compares.
  ///   - wrap: puts a stand-in around each app (tests of rules that must be able to fail).
  ///   - wrapTransport: puts another transport in front of the catalog's (tests of such rules).
  ///   - start: the screen the app starts with (`given start` changes it later).
  ///   - favorites: the stored favourites (`given favorites` changes them later).
  public init(
    catalog: Catalog, backend: Backend = .catalog, seed: UInt64 = 1,
    start: StartScreen = .list, favorites: FavoritesStorage = .inMemory(),
    renderer: TextRenderer = TextRenderer(),
    wrap: ((AppModel, AppWiring) -> any AppUnderTest)? = nil,
    transport wrapTransport: @escaping (CatalogTransport, VirtualClock) -> any Transport = {
      base, _ in base
    }
  ) {
    self.catalog = catalog
    self.renderer = renderer
    switch backend {
    case .catalog:
      let clock = VirtualClock(tracker: TaskTracker())
      let transport = CatalogTransport(catalog: catalog, clock: clock, seed: seed)
      catalogTransport = transport
      app = TestApp(
        start: start, favorites: favorites, wrap: wrap, clock: clock,
        transport: wrapTransport(transport, clock),
        faultInForce: { transport.fault(for: $0.path)?.rawValue })
    case .http(let baseURL):
      catalogTransport = nil
      app = TestApp(start: start, favorites: favorites, wrap: wrap) { _ in
        URLSessionTransport(baseURL: baseURL)
      }
    }
    // A scenario may end anywhere, during a search pause too.
    app.checksWorkLeft = false
  }

  /// Asks the server at `baseURL` for its categories once, before any scenario runs over HTTP.
  ///
  /// - Returns: `nil` when it answers with categories, else one sentence saying what is wrong.
  public static func probe(_ baseURL: URL, timeout: TimeInterval = 5) async -> String? {
    await probe(baseURL, over: URLSessionTransport(baseURL: baseURL, timeout: timeout))
  }

  /// Asks the server at `baseURL` for its categories over `transport`.
  static func probe(_ baseURL: URL, over transport: any Transport) async -> String? {
    let api = MealAPI(transport: transport)
    let address = baseURL.absoluteString
    do {
      let categories = try await api.categories()
      return categories.isEmpty ? "\(address) answers, but lists no categories" : nil
    } catch let error as URLError where error.code == .dataLengthExceedsMaximum {
      return "\(address) answers categories.php with more than the transport's size limit"
    } catch let error as URLError {
      return "\(address) cannot be reached (\(error.code.reason)); is the network up and "
        + "the server running?"
    } catch APIError.badStatus(let status) {
      return "\(address) answers categories.php with HTTP \(status); is it TheMealDB's API folder?"
    } catch {
      return "\(address) does not answer categories.php like TheMealDB (\(error))"
    }
  }

  // MARK: - Setup

  public func configure(_ setup: Step.Action) async throws {
    switch setup {
    case .givenFavorites(let ids):
      let favorites = ids.map { id in
        catalog.record(id: id).map {
          Meal(id: id, name: $0.name, thumbnail: $0.thumbnail)
        } ?? Meal(id: id, name: id)
      }
      app.storage = .inMemory(favorites)
    case .givenStart(let start):
      // The next launch (and every relaunch after it) opens this screen: an app setting.
      app.start = start
    case .givenRandom(let ids):
      try offlineTransport("given random").enqueueRandom(ids: ids)
    case .network(let fault, let endpoint):
      try offlineTransport("network").setFault(fault, for: endpoint)
    case .networkDelay(let delay, let endpoint):
      try offlineTransport("network delay").setDelay(delay, for: endpoint)
    default:
      break
    }
  }

  // MARK: - Primitives

  public func launch() async throws {
    await app.launch()
  }

  public func relaunch() async throws {
    await app.relaunch()
  }

  public func wait(_ duration: Duration) async throws {
    await app.advance(by: duration)
  }

  public func send(_ intent: UserIntent) async throws {
    guard app.isLaunched else {
      throw StepUnavailable("the app is not running; `launch` it first")
    }
    intentCount += 1
    lastIntent = intent
    await app.send(intent)
  }

  // MARK: - Observations

  /// The screen on top, drawn again only when the snapshot changed since the last call.
  public func screen() -> Node? {
    guard app.isLaunched else { return nil }
    let state = app.state
    if let drawn, drawn.state == state { return drawn.screen }
    let screen = AppScreen.body(state)
    drawn = (state, screen)
    return screen
  }

  public func screenText() -> String {
    screen().map(renderer.render) ?? Self.notRunning
  }

  public func simulatedTime() -> Duration {
    app.now
  }

  public func takeRequests() -> [String] {
    app.takeRequests()
  }

  public func sentRequests(from index: Int) -> [String] {
    app.sentRequests(from: index)
  }

  // MARK: - Helpers

  private func offlineTransport(_ step: String) throws -> CatalogTransport {
    guard let catalogTransport else {
      throw StepUnsupported(
        "`\(step)` needs the offline catalog; over real HTTP it is not supported")
    }
    return catalogTransport
  }
}
