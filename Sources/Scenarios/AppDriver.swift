import Foundation
import MealCatalog
import MealDB
import ViewDescription
import ViewModels
import VirtualTime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Drives the real app (`AppModel`) through its screens: every action finds the node a user
/// would touch on the current screen, by its visible label, and sends that node's intent.
/// Nothing else reaches into the view models.
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
    /// Real HTTP through `URLSession` to a TheMealDB-compatible server (`rezepte serve`, or the
    /// real one); faults cannot be simulated there.
    case http(URL)
  }

  private let catalog: Catalog
  private let tracker = TaskTracker()
  private let clock: VirtualClock
  private let catalogTransport: CatalogTransport?
  /// The app's transport: it logs every request for `expect requests`.
  private let log: LoggingTransport
  private let renderer: TextRenderer
  private var storage = FavoritesStorage.inMemory()
  private var start = AppModel.Start.list
  private var app: AppModel?

  /// - Parameters:
  ///   - catalog: answers requests in `.catalog` mode, and names the meals of `given favorites`.
  ///   - seed: seeds `random.php` in `.catalog` mode.
  public init(
    catalog: Catalog, backend: Backend = .catalog, seed: UInt64 = 1,
    renderer: TextRenderer = TextRenderer()
  ) {
    self.catalog = catalog
    self.renderer = renderer
    clock = VirtualClock(tracker: tracker)
    switch backend {
    case .catalog:
      let transport = CatalogTransport(catalog: catalog, clock: clock, seed: seed)
      catalogTransport = transport
      log = LoggingTransport(transport)
    case .http(let baseURL):
      catalogTransport = nil
      log = LoggingTransport(URLSessionTransport(baseURL: baseURL))
    }
  }

  /// Asks the server at `baseURL` for its categories once, before any scenario runs over HTTP.
  ///
  /// - Returns: `nil` when it answers with categories, else one sentence saying what is wrong.
  public static func probe(_ baseURL: URL, timeout: TimeInterval = 5) async -> String? {
    let api = MealAPI(transport: URLSessionTransport(baseURL: baseURL, timeout: timeout))
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

  public func setFavorites(_ ids: [String]) async throws {
    let favorites = ids.map { id in
      catalog.record(id: id).map { FavoriteMeal(id: id, name: $0.name, thumbnail: thumbnail($0)) }
        ?? FavoriteMeal(id: id, name: id)
    }
    storage = .inMemory(favorites)
  }

  public func setStart(_ start: StartScreen) async throws {
    // The next launch (and every relaunch after it) opens this screen: an app setting.
    self.start =
      switch start {
      case .list: .list
      case .categories: .categories
      }
  }

  public func enqueueRandom(_ ids: [String]) async throws {
    try offlineTransport("given random").enqueueRandom(ids: ids)
  }

  public func setNetwork(_ fault: NetworkFault?, for endpoint: String?) async throws {
    try offlineTransport("network").setFault(fault, for: endpoint)
  }

  public func setDelay(_ delay: Duration, for endpoint: String?) async throws {
    try offlineTransport("network delay").setDelay(delay, for: endpoint)
  }

  // MARK: - Actions

  public func launch() async throws {
    let app = AppModel(
      api: MealAPI(transport: log), clock: clock,
      favorites: FavoritesStore(storage: storage), tracker: tracker, start: start)
    self.app = app
    app.launch()
    await tracker.settle()
  }

  public func relaunch() async throws {
    // The old app's work in flight ends with it: its answers have no screen to reach.
    app = nil
    try await launch()
  }

  public func type(_ text: String) async throws {
    let field = try searchField()
    var current = field.text ?? ""
    for character in text {
      current.append(character)
      try await send(.searchTextChanged(current))
    }
  }

  public func clearSearch() async throws {
    _ = try searchField()
    try await send(.searchTextChanged(""))
  }

  public func wait(_ duration: Duration) async throws {
    await clock.advance(by: duration)
    await tracker.settle()
  }

  public func pickCategory(_ name: String) async throws {
    let screen = try currentScreen()
    guard let picker = screen.first(where: { $0.kind == .picker }) else {
      throw StepUnavailable("this screen has no category picker; \(offers(screen))")
    }
    guard picker.options.contains(name) else {
      let options =
        picker.options.isEmpty
        ? "it offers no categories (they have not loaded)"
        : "it offers \(picker.options.joined(separator: ", "))"
      throw StepUnavailable("the picker \"\(picker.label ?? "")\" has no \"\(name)\": \(options)")
    }
    try await send(.categoryPicked(name))
  }

  public func pullToRefresh() async throws {
    let screen = try currentScreen()
    guard let list = screen.first(where: { $0.has(.refreshable) }), let intent = list.intent else {
      throw StepUnavailable("nothing on this screen can be pulled to refresh; \(offers(screen))")
    }
    try await send(intent)
  }

  public func tapDice() async throws {
    try await tap(AppText.dice, kinds: [.button], what: "no dice button")
  }

  public func open(_ name: String) async throws {
    try await tap(name, kinds: [.row, .tile], what: "no row or tile named \"\(name)\"")
  }

  public func back() async throws {
    let screen = try currentScreen()
    guard let top = screen.first(where: { $0.kind == .screen }), top.back != nil,
      let intent = top.intent
    else {
      throw StepUnavailable("this is the first screen, there is nothing to go back to")
    }
    try await send(intent)
  }

  public func toggleHeart() async throws {
    let screen = try currentScreen()
    let hearts = screen.tappables.filter {
      $0.label == MealDetailState.addFavoriteTitle
        || $0.label == MealDetailState.removeFavoriteTitle
    }
    guard let heart = hearts.first else {
      throw StepUnavailable("this screen has no heart button; \(offers(screen))")
    }
    try await send(heart.intent)
  }

  public func retry() async throws {
    try await tap(AppText.retry, kinds: [.button], what: "no \"\(AppText.retry)\" button")
  }

  public func focusSearch() async throws {
    guard let intent = try searchField().focusing else { return }
    try await send(intent)
  }

  public func pickSuggestion(_ text: String) async throws {
    let field = try searchField()
    let suggestions = field.suggestions
    guard field.has(.focused) else {
      throw StepUnavailable(
        "the search field is not focused, so it shows no suggestions; `focus search` first")
    }
    guard !suggestions.isEmpty else {
      throw StepUnavailable(
        "the search field shows no suggestions while it holds \"\(field.text ?? "")\"; "
          + "they show while it is empty (`clear search`)")
    }
    guard suggestions.contains(text) else {
      let shown = suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
      throw StepUnavailable("there is no suggestion \"\(text)\"; the suggestions are \(shown)")
    }
    try await send(.suggestionPicked(text))
  }

  public func tap(_ label: String) async throws {
    let screen = try currentScreen()
    let target: Tappable
    do {
      target = try screen.tappable(labeled: label)
    } catch {
      throw StepUnavailable(error.description)
    }
    // A disabled button ignores the tap, as on a phone: the step succeeds and nothing happens.
    guard !target.isDisabled else { return }
    try await send(target.intent)
  }

  public func dismissNotice() async throws {
    try await tap(AppText.noticeDismiss, kinds: [.button], what: "no notice to dismiss")
  }

  // MARK: - Observations

  public func screenText() -> String {
    guard let app else { return "(the app is not running)" }
    return renderer.render(AppScreen.body(app.state))
  }

  public func visibleTexts() -> [String] {
    app.map { AppScreen.body($0.state).visibleTexts } ?? []
  }

  public func title() -> String? {
    app.flatMap { AppScreen.body($0.state).screenTitle }
  }

  public func simulatedTime() -> Duration {
    clock.now.offset
  }

  public func takeRequests() -> [String] {
    log.takeNewRequests().map(\.description)
  }

  /// The screen on top as a node tree, or `nil` before `launch`: what a storyboard draws.
  public func screen() -> Node? {
    app.map { AppScreen.body($0.state) }
  }

  /// Every request the app has sent so far, oldest first; unlike `takeRequests`, reading them
  /// marks nothing as read, so a storyboard lists each step's requests without changing what
  /// `expect requests` sees.
  public func sentRequests() -> [String] {
    log.allRequests().map(\.description)
  }

  // MARK: - Helpers

  private func currentScreen() throws -> Node {
    guard let app else { throw StepUnavailable("the app is not running; `launch` it first") }
    return AppScreen.body(app.state)
  }

  private func searchField() throws -> Node {
    let screen = try currentScreen()
    guard let field = screen.first(where: { $0.kind == .searchField }) else {
      throw StepUnavailable("this screen has no search field; \(offers(screen))")
    }
    return field
  }

  /// Presses the one node of these kinds labelled `label`.
  private func tap(_ label: String, kinds: Set<Node.Kind>, what: String) async throws {
    let screen = try currentScreen()
    guard
      let target = screen.tappables.first(where: { kinds.contains($0.kind) && $0.label == label })
    else {
      throw StepUnavailable("this screen has \(what); \(offers(screen, kinds: kinds))")
    }
    // A disabled button ignores the tap, as on a phone: the step succeeds and nothing happens.
    guard !target.isDisabled else { return }
    try await send(target.intent)
  }

  private func send(_ intent: UserIntent) async throws {
    guard let app else { throw StepUnavailable("the app is not running; `launch` it first") }
    guard app.send(intent) else {
      throw StepUnavailable("the screen on top does not accept \(intent)")
    }
    await tracker.settle()
  }

  /// `it offers "Zufallsrezept", "Apam balik", …`: what can be tapped instead, the nodes of
  /// `kinds` first when there are any (the rows, for `open`). Picker options are left out: they
  /// hide in a closed menu, and `pick category` names them in its own message.
  private func offers(_ screen: Node, kinds: Set<Node.Kind> = []) -> String {
    let all = screen.tappables.filter { $0.kind != .picker }
    let preferred = all.filter { kinds.contains($0.kind) }
    var seen: Set<String> = []
    let labels = (preferred.isEmpty ? all : preferred).map(\.label).filter {
      seen.insert($0).inserted
    }
    guard !labels.isEmpty else { return "it offers nothing to tap" }
    let shown = labels.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
    return "it offers " + shown + (labels.count > 12 ? " and \(labels.count - 12) more" : "")
  }

  private func offlineTransport(_ step: String) throws -> CatalogTransport {
    guard let catalogTransport else {
      throw StepUnsupported(
        "`\(step)` needs the offline catalog; over real HTTP it is not supported")
    }
    return catalogTransport
  }

  private func thumbnail(_ record: Catalog.Record) -> String? {
    record.fields["strMealThumb"]?.string
  }
}

/// Passes requests on to another transport and keeps a log of them.
final class LoggingTransport: Transport {
  private let base: any Transport
  private let log = Locked<(all: [APIRequest], unread: Int)>(([], 0))

  init(_ base: any Transport) {
    self.base = base
  }

  /// Every request sent so far, read or not.
  func allRequests() -> [APIRequest] { log.withLock { $0.all } }

  func takeNewRequests() -> [APIRequest] {
    log.withLock { log in
      defer { log.unread = log.all.count }
      return Array(log.all[log.unread...])
    }
  }

  func send(_ request: APIRequest) async throws -> APIResponse {
    log.withLock { $0.all.append(request) }
    return try await base.send(request)
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
