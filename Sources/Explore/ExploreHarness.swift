import MealCatalog
import MealDB
import Scenarios
import ViewDescription
import ViewModels
import VirtualTime

/// What an exploration runs against: the catalog, and (for tests) broken pieces put in place of
/// the real ones. The command always explores the real app.
@MainActor
public struct ExploreSetup {
  public var catalog: Catalog
  /// Makes the app for each launch.
  public var makeApp: AppFactory
  /// Wraps the offline catalog's transport; the app's requests pass through it after they are
  /// logged.
  public var wrapTransport: @Sendable (any Transport, VirtualClock) -> any Transport
  /// The favourites' storage of a session, shared by its launches.
  public var makeStorage: @Sendable () -> FavoritesStorage

  public init(
    catalog: Catalog, makeApp: @escaping AppFactory = LiveApp.factory,
    wrapTransport: @escaping @Sendable (any Transport, VirtualClock) -> any Transport = { base, _ in
      base
    },
    makeStorage: @escaping @Sendable () -> FavoritesStorage = { .inMemory() }
  ) {
    self.catalog = catalog
    self.makeApp = makeApp
    self.wrapTransport = wrapTransport
    self.makeStorage = makeStorage
  }
}

/// One session's app on the virtual clock, driven through its screen as `rezepte run` drives it:
/// every gesture finds the node a user would touch and sends that node's intent.
@MainActor
final class ExploreHarness {
  /// What carrying out an action did.
  struct Performed {
    /// The intent sent, if a node's intent was sent.
    var intent: UserIntent?
    /// The node was disabled: the tap did nothing, as on a phone.
    var wasDisabled = false
  }

  /// The `random.php` seed of `rezepte run`, so that a written scenario replays the same meals.
  static let randomSeed: UInt64 = 1

  let clock: VirtualClock
  let tracker = TaskTracker()
  private let catalogTransport: CatalogTransport
  let recorder: RecordingTransport
  private let wiring: AppWiring
  private let makeApp: AppFactory
  private(set) var app: (any ExplorableApp)?
  /// How many requests the last `expect requests` had seen.
  private var requestsRead = 0

  init(setup: ExploreSetup, start: StartScreen) {
    clock = VirtualClock(tracker: tracker)
    catalogTransport = CatalogTransport(
      catalog: setup.catalog, clock: clock, seed: Self.randomSeed)
    let catalogTransport = catalogTransport
    recorder = RecordingTransport(
      setup.wrapTransport(catalogTransport, clock), clock: clock,
      faultInForce: { catalogTransport.fault(for: $0) })
    wiring = AppWiring(
      api: MealAPI(transport: recorder), clock: clock, tracker: tracker,
      favorites: setup.makeStorage(), start: start)
    makeApp = setup.makeApp
  }

  var state: AppState { app?.state ?? AppState(list: MealListState()) }

  var now: Duration { clock.now.offset }

  /// The screen on top, as nodes.
  ///
  /// A step that changes nothing (a wait with nothing due, a network change) draws nothing
  /// again: comparing two snapshots that share their storage is far cheaper than a screen.
  func screen() -> Node {
    let state = state
    if let drawn, drawn.state == state { return drawn.screen }
    let screen = AppScreen.body(state)
    drawn = (state, screen)
    return screen
  }

  /// The last screen drawn and the snapshot it was drawn from.
  private var drawn: (state: AppState, screen: Node)?

  func launch() async {
    let app = makeApp(wiring)
    self.app = app
    app.launch()
    await tracker.settle()
  }

  /// The requests sent since the last call (what `expect requests` compares).
  func takeRequests() -> [String] {
    let log = recorder.log
    defer { requestsRead = log.count }
    return log[requestsRead...].map(\.request.description)
  }

  // MARK: - Actions

  /// Carries out `action`; `nil` when the screen does not offer it (nothing happens then).
  ///
  /// - Parameter drawn: the screen as it is now, when the caller has drawn it already (building
  ///   the screen is the largest cost of a step after the app's own work).
  func perform(_ action: Step.Action, on drawn: Node? = nil) async -> Performed? {
    let screen = drawn ?? screen()
    switch action {
    case .type(let text):
      // The field is read once: while typing only its text changes (as `rezepte run` types).
      guard let field = screen.first(where: { $0.kind == .searchField }) else { return nil }
      var current = field.text ?? ""
      var last: UserIntent?
      for character in text {
        current.append(character)
        guard let intent = field.typing(current) else { break }
        await send(intent)
        last = intent
      }
      return Performed(intent: last)
    case .clearSearch:
      guard let field = screen.first(where: { $0.kind == .searchField }),
        let intent = field.typing("")
      else { return nil }
      return await sent(intent)
    case .wait(let duration):
      await clock.advance(by: duration)
      await tracker.settle()
      return Performed()
    case .pickCategory(let name):
      return await tap(name, kinds: [.picker], on: screen)
    case .pullToRefresh:
      guard let list = screen.first(where: { $0.has(.refreshable) }), let intent = list.intent
      else { return nil }
      return await sent(intent)
    case .tapDice:
      return await tap(AppText.dice, kinds: [.button], on: screen)
    case .open(let name):
      return await tap(name, kinds: [.row, .tile], on: screen)
    case .back:
      guard let top = screen.first(where: { $0.kind == .screen }), top.back != nil,
        let intent = top.intent
      else { return nil }
      return await sent(intent)
    case .toggleHeart:
      let hearts = [AppText.addFavorite, AppText.removeFavorite]
      guard let heart = screen.tappables.first(where: { hearts.contains($0.label) }) else {
        return nil
      }
      return await sent(heart.intent)
    case .retry:
      return await tap(AppText.retry, kinds: [.button], on: screen)
    case .focusSearch:
      guard let field = screen.first(where: { $0.kind == .searchField }),
        let intent = field.focusing
      else { return nil }
      return await sent(intent)
    case .pickSuggestion(let text):
      guard let field = screen.first(where: { $0.kind == .searchField }), field.has(.focused)
      else { return nil }
      return await tap(text, kinds: [.suggestion], on: field)
    case .tap(let label):
      guard let target = try? screen.tappable(labeled: label) else { return nil }
      if target.isDisabled { return Performed(intent: target.intent, wasDisabled: true) }
      return await sent(target.intent)
    case .dismissNotice:
      return await tap(AppText.noticeDismiss, kinds: [.button], on: screen)
    case .relaunch:
      // The old app's work in flight ends with it: its answers have no screen to reach.
      app = nil
      await launch()
      return Performed()
    case .network(let fault, let endpoint):
      catalogTransport.setFault(fault, for: endpoint)
      return Performed()
    case .networkDelay(let duration, let endpoint):
      catalogTransport.setDelay(duration, for: endpoint)
      return Performed()
    default:
      return nil
    }
  }

  /// Presses the first node of these kinds labelled `label` inside `node`.
  private func tap(_ label: String, kinds: Set<Node.Kind>, on node: Node) async -> Performed? {
    guard
      let target = node.tappables.first(where: { kinds.contains($0.kind) && $0.label == label })
    else { return nil }
    if target.isDisabled { return Performed(intent: target.intent, wasDisabled: true) }
    return await sent(target.intent)
  }

  private func sent(_ intent: UserIntent) async -> Performed {
    await send(intent)
    return Performed(intent: intent)
  }

  private func send(_ intent: UserIntent) async {
    app?.send(intent)
    await tracker.settle()
  }
}
