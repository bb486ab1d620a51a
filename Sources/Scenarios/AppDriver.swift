import Foundation
import MealCatalog
import MealDB
import ViewDescription
import ViewModels
import VirtualTime

/// Drives the real app (`AppModel`): the step table finds the node a user would touch in
/// `screen()` and hands that node's intent to `send(_:)`, which passes it to `AppModel.send`, the
/// app's one entry for user actions. Nothing else reaches into the view models.
///
/// Time is a `VirtualClock`; after each step all work that is ready at the current virtual time
/// runs to its end (`TaskTracker.settle()`), so the same scenario gives the same screens on
/// every run.
@MainActor
public final class AppDriver: ScenarioDriver {
  /// Where the app's requests go.
  public enum Backend: Sendable {
    /// The offline catalog in this process, with simulated faults and delays.
    case catalog
    /// Real HTTP to a TheMealDB-compatible server (`rezepte serve`, or the real one), over a
    /// transport `network` makes (`HTTPTransportMaker.urlSession` in `LiveNetwork`); faults
    /// cannot be simulated there.
    case http(URL, network: HTTPTransportMaker)
  }

  /// The catalog, for the names of `given favorites`; it may still be loading, then this waits.
  private let catalog: () -> Catalog?
  private let tracker = TaskTracker()
  private let clock: VirtualClock
  private let catalogTransport: CatalogTransport?
  /// The app's transport: it logs every request for `expect requests`.
  private let log: RequestLedger
  private let renderer: TextRenderer
  private var storage = FavoritesStorage.inMemory()
  private var start = StartScreen.list
  private var app: AppModel?

  /// - Parameters:
  ///   - catalog: answers requests in `.catalog` mode, and names the meals of `given favorites`.
  ///   - seed: seeds `random.php` in `.catalog` mode.
  public convenience init(
    catalog: Catalog, backend: Backend = .catalog, seed: UInt64 = 1,
    renderer: TextRenderer = TextRenderer()
  ) {
    self.init(source: .loaded(catalog), backend: backend, seed: seed, renderer: renderer)
  }

  /// A driver over a catalog whose meals are still being read: the app launches at once, and a
  /// request that needs the meals waits for them (see `CatalogTransport.init(loading:clock:seed:)`).
  public convenience init(
    loading load: CatalogLoad, backend: Backend = .catalog, seed: UInt64 = 1,
    renderer: TextRenderer = TextRenderer()
  ) {
    self.init(source: .loading(load), backend: backend, seed: seed, renderer: renderer)
  }

  private enum CatalogSource {
    case loaded(Catalog)
    case loading(CatalogLoad)
  }

  private init(source: CatalogSource, backend: Backend, seed: UInt64, renderer: TextRenderer) {
    switch source {
    case .loaded(let catalog): self.catalog = { catalog }
    case .loading(let load): self.catalog = { try? load.catalog() }
    }
    self.renderer = renderer
    clock = VirtualClock(tracker: tracker)
    switch (backend, source) {
    case (.catalog, .loaded(let catalog)):
      let transport = CatalogTransport(catalog: catalog, clock: clock, seed: seed)
      catalogTransport = transport
      log = RequestLedger(transport)
    case (.catalog, .loading(let load)):
      let transport = CatalogTransport(loading: load, clock: clock, seed: seed)
      catalogTransport = transport
      log = RequestLedger(transport)
    case (.http(let baseURL, let network), _):
      catalogTransport = nil
      log = RequestLedger(network(baseURL))
    }
  }

  /// Asks the server at `baseURL` for its categories once, before any scenario runs over HTTP.
  ///
  /// - Returns: `nil` when it answers with categories, else one sentence saying what is wrong.
  public static func probe(
    _ baseURL: URL, network: HTTPTransportMaker, timeout: TimeInterval = 5
  ) async -> String? {
    let api = MealAPI(transport: network(baseURL, timeout: timeout))
    let address = baseURL.absoluteString
    do {
      let categories = try await api.categories()
      return categories.isEmpty ? "\(address) answers, but lists no categories" : nil
    } catch let error as URLError {
      return "\(address) cannot be reached (\(error.code.description)); is the network up and "
        + "the server running?"
    } catch APIError.badStatus(let status) {
      return "\(address) answers categories.php with HTTP \(status); is it TheMealDB's API folder?"
    } catch {
      return "\(address) does not answer categories.php like TheMealDB (\(error))"
    }
  }

  // MARK: - Setup

  public func configure(_ setting: DriverSetting) async throws {
    switch setting {
    case .favorites(let ids):
      let catalog = catalog()
      let favorites = ids.map { id in
        catalog?.record(id: id).map {
          FavoriteMeal(id: id, name: $0.name, thumbnail: $0.thumbnail)
        } ?? FavoriteMeal(id: id, name: id)
      }
      storage = .inMemory(favorites)
    case .start(let start):
      // The next launch (and every relaunch after it) opens this screen: an app setting.
      self.start =
        switch start {
        case .list: .list
        case .categories: .categories
        }
    case .random(let ids):
      try offlineTransport("given random").enqueueRandom(ids: ids)
    case .network(let fault, let endpoint):
      try offlineTransport("network").setFault(fault, for: endpoint)
    case .delay(let delay, let endpoint):
      try offlineTransport("network delay").setDelay(delay, for: endpoint)
    }
  }

  // MARK: - Primitives

  public func launch() async throws {
    let app = AppModel(
      api: MealAPI(transport: log), clock: clock,
      favorites: FavoritesStore(storage: storage), tracker: tracker, start: start)
    self.app = app
    app.launch()
    await tracker.settle()
  }

  public func relaunch() async throws {
    // The old app's work in flight is cancelled as it goes: its answers never reach the new one.
    app = nil
    try await launch()
  }

  public func wait(_ duration: Duration) async throws {
    await clock.advance(by: duration)
    await tracker.settle()
  }

  public func send(_ intent: UserIntent) async throws {
    guard let app else { throw StepUnavailable("the app is not running; `launch` it first") }
    _ = app.send(intent)
    await tracker.settle()
  }

  // MARK: - Observations

  public func screen() -> Node? {
    app.map { AppScreen.body($0.state) }
  }

  public func screenText() -> String {
    screen().map(renderer.render) ?? Self.notRunning
  }

  public func simulatedTime() -> Duration {
    clock.now.offset
  }

  public func takeRequests() -> [String] {
    log.takeNew().map(\.description)
  }

  /// Every request the app has sent so far, oldest first; unlike `takeRequests`, reading them
  /// marks nothing as read, so a storyboard lists each step's requests without changing what
  /// `expect requests` sees.
  public func sentRequests() -> [String] {
    log.all().map(\.description)
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

extension URLError.Code {
  /// A short English name for the codes a probe meets, and the number for the rest.
  var description: String {
    switch self {
    case .notConnectedToInternet: "no internet connection"
    case .cannotFindHost, .dnsLookupFailed: "the host name does not resolve"
    case .cannotConnectToHost: "the connection was refused"
    case .timedOut: "no answer in time"
    case .networkConnectionLost: "the connection was lost"
    default: "URL error \(rawValue)"
    }
  }
}
