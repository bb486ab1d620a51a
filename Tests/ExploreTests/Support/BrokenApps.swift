import Explore
import Foundation
import MealCatalog
import MealDB
import Scenarios
import ViewDescription
import ViewModels
import VirtualTime

// Deliberately broken pieces, each breaking one rule; they exist only in these tests.

/// Answers every search with the answer to the search before it: a stale answer (rule 1).
final class StaleSearchTransport: Transport {
  private let base: any Transport
  private let previous = Locked<APIRequest?>(nil)

  init(_ base: any Transport) {
    self.base = base
  }

  func send(_ request: APIRequest) async throws -> APIResponse {
    guard request.path == "search.php" else { return try await base.send(request) }
    let answered = previous.withLock { previous in
      defer { previous = request }
      return previous ?? request
    }
    return try await base.send(answered)
  }
}

/// Never answers `lookup.php` within any reasonable virtual time (rule 7).
final class HangingLookupTransport: Transport {
  private let base: any Transport
  private let clock: VirtualClock

  init(_ base: any Transport, clock: VirtualClock) {
    self.base = base
    self.clock = clock
  }

  func send(_ request: APIRequest) async throws -> APIResponse {
    if request.path == "lookup.php" { try await clock.sleep(for: .seconds(1_000_000)) }
    return try await base.send(request)
  }
}

/// The real app with one intent bent into another, or dropped.
@MainActor
final class BentApp: ExplorableApp {
  private let base: LiveApp
  private let bend: @MainActor (UserIntent, AppState) -> UserIntent?

  init(_ wiring: AppWiring, bend: @escaping @MainActor (UserIntent, AppState) -> UserIntent?) {
    base = LiveApp(wiring)
    self.bend = bend
  }

  var state: AppState { base.state }

  func launch() { base.launch() }

  func send(_ intent: UserIntent) {
    if let bent = bend(intent, base.state) { base.send(bent) }
  }

  /// Searches at every keystroke, without the pause (rule 2).
  static let noPause: AppFactory = { wiring in
    BentApp(wiring) { intent, _ in
      if case .searchTextChanged(let text) = intent,
        !text.trimmingCharacters(in: .whitespaces).isEmpty
      {
        return .suggestionPicked(text)
      }
      return intent
    }
  }

  /// Reloads on a pull to refresh as a retry does, showing the spinner (rule 3).
  static let refreshAsRetry: AppFactory = { wiring in
    BentApp(wiring) { intent, _ in intent == .pulledToRefresh ? .retryTapped : intent }
  }

  /// Ignores the back button (rule 7).
  static let noBack: AppFactory = { wiring in
    BentApp(wiring) { intent, _ in intent == .backTapped ? nil : intent }
  }
}

/// Shows a cancelled load as an error: a query changed while the list loads leaves the general
/// error message as a notice (rule 4).
@MainActor
final class CancellationAsErrorApp: ExplorableApp {
  private let base: LiveApp
  private var notice: LoadFailure?

  init(_ wiring: AppWiring) {
    base = LiveApp(wiring)
  }

  var state: AppState {
    var state = base.state
    if let notice, case .list(var list) = state.root, state.path.isEmpty {
      list.notice = notice
      state.root = .list(list)
    }
    return state
  }

  func launch() { base.launch() }

  func send(_ intent: UserIntent) {
    switch intent {
    case .searchTextChanged, .categoryPicked:
      if case .list(let list) = base.state.top, case .loading = list.meals {
        notice = .other
      }
    case .noticeDismissed:
      notice = nil
    default: break
    }
    base.send(intent)
  }

  static let factory: AppFactory = { CancellationAsErrorApp($0) }
}

/// Asks `random.php` itself when the dice is tapped and pushes the answer whenever it arrives,
/// over whatever the user opened meanwhile: the race the real app closes by dropping an answer
/// whose list is no longer on top (rule 6).
@MainActor
final class LateDiceApp: ExplorableApp {
  private let base: LiveApp
  private let wiring: AppWiring
  /// Whether its own `random.php` request is out (a second tap waits for it, as in the app).
  private var rolling = false

  init(_ wiring: AppWiring) {
    base = LiveApp(wiring)
    self.wiring = wiring
  }

  var state: AppState { base.state }

  func launch() { base.launch() }

  func send(_ intent: UserIntent) {
    guard intent == .diceTapped else { return base.send(intent) }
    guard !rolling else { return }
    rolling = true
    let (api, model) = (wiring.api, base.model)
    wiring.tracker.spawn { [weak self] in
      let meal = try? await api.random()
      self?.rolling = false
      if let meal { model.send(.pathChanged(model.path + [.detail(meal)])) }
    }
  }

  static let factory: AppFactory = { LateDiceApp($0) }
}

/// The scenario driver of `rezepte run` with a back button that does nothing: the scenario of
/// a rule 7 finding fails on it as it fails on `BentApp.noBack`.
@MainActor
final class NoBackDriver: ScenarioDriver {
  private let base: AppDriver

  init(_ base: AppDriver) {
    self.base = base
  }

  func configure(_ setting: DriverSetting) async throws { try await base.configure(setting) }
  func launch() async throws { try await base.launch() }
  func relaunch() async throws { try await base.relaunch() }
  func wait(_ duration: Duration) async throws { try await base.wait(duration) }

  func send(_ intent: UserIntent) async throws {
    if intent != .backTapped { try await base.send(intent) }
  }

  func screen() -> Node? { base.screen() }
  func screenText() -> String { base.screenText() }
  func takeRequests() -> [String] { base.takeRequests() }
  func simulatedTime() -> Duration { base.simulatedTime() }
}

/// Favourites that are never saved: a relaunch forgets them (rule 5).
let forgetfulStorage: @Sendable () -> FavoritesStorage = {
  FavoritesStorage(load: { FavoritesLoadResult(favorites: []) }, save: { _ in })
}
