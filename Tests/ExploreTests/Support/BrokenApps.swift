import AppHarness
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

/// Puts a stand-in around each app a harness makes.
typealias Wrap = (AppModel, AppWiring) -> any AppUnderTest

extension ExploreSetup {
  /// The setup over `catalog` with broken pieces in place of the real ones.
  init(
    catalog: Catalog, wrap: Wrap? = nil,
    wrapTransport: @escaping (CatalogTransport, VirtualClock) -> any Transport = { base, _ in
      base
    },
    makeStorage: @escaping @Sendable () -> FavoritesStorage = { .inMemory() }
  ) {
    self.init(catalog: catalog)
    self.wrap = wrap
    self.wrapTransport = wrapTransport
    self.makeStorage = makeStorage
  }
}

/// The real app with one intent bent into another, or dropped.
@MainActor
final class BentApp: AppUnderTest {
  private let base: AppModel
  private let bend: @MainActor (UserIntent, AppState) -> UserIntent?

  init(_ base: AppModel, bend: @escaping @MainActor (UserIntent, AppState) -> UserIntent?) {
    self.base = base
    self.bend = bend
  }

  var state: AppState { base.state }

  func launch() -> IntentTask { base.launch() }

  func send(_ intent: UserIntent) -> IntentTask {
    guard let bent = bend(intent, base.state) else { return .none }
    return base.send(bent)
  }

  /// Searches at every keystroke, without the pause (rule 2).
  static let noPause: Wrap = { model, _ in
    BentApp(model) { intent, _ in
      if case .searchTextChanged(let text) = intent,
        !text.trimmingCharacters(in: .whitespaces).isEmpty
      {
        return .suggestionPicked(text)
      }
      return intent
    }
  }

  /// Reloads on a pull to refresh as a retry does, showing the spinner (rule 3).
  static let refreshAsRetry: Wrap = { model, _ in
    BentApp(model) { intent, _ in intent == .pulledToRefresh ? .retryTapped : intent }
  }

  /// Ignores the back button (rule 7).
  static let noBack: Wrap = { model, _ in
    BentApp(model) { intent, _ in intent == .backTapped ? nil : intent }
  }
}

/// Shows a cancelled load as an error: a query changed while the list loads leaves the general
/// error message as a notice (rule 4).
@MainActor
final class CancellationAsErrorApp: AppUnderTest {
  private let base: AppModel
  private var notice: LoadFailure?

  init(_ base: AppModel) {
    self.base = base
  }

  var state: AppState {
    var state = base.state
    if let notice, case .list(var list) = state.root, state.path.isEmpty {
      list.notice = notice
      state.root = .list(list)
    }
    return state
  }

  func launch() -> IntentTask { base.launch() }

  func send(_ intent: UserIntent) -> IntentTask {
    switch intent {
    case .searchTextChanged, .categoryPicked:
      if case .list(let list) = base.state.top, case .loading = list.meals {
        notice = .other
      }
    case .noticeDismissed:
      notice = nil
    default: break
    }
    return base.send(intent)
  }

  static let wrap: Wrap = { model, _ in CancellationAsErrorApp(model) }
}

/// Asks `random.php` itself when the dice is tapped and pushes the answer whenever it arrives,
/// over whatever the user opened meanwhile: the race the real app closes by dropping an answer
/// whose list is no longer on top (rule 6).
@MainActor
final class LateDiceApp: AppUnderTest {
  private let base: AppModel
  private let wiring: AppWiring
  /// Whether its own `random.php` request is out (a second tap waits for it, as in the app).
  private var rolling = false

  init(_ base: AppModel, wiring: AppWiring) {
    self.base = base
    self.wiring = wiring
  }

  var state: AppState { base.state }

  func launch() -> IntentTask { base.launch() }

  func send(_ intent: UserIntent) -> IntentTask {
    guard intent == .diceTapped else { return base.send(intent) }
    guard !rolling else { return .none }
    rolling = true
    let (api, model) = (wiring.api, base)
    wiring.tracker.spawn { [weak self] in
      let meal = try? await api.random()
      self?.rolling = false
      if let meal { model.send(.pathChanged(model.path + [model.makeDetail(meal)])) }
    }
    return .none
  }

  static let wrap: Wrap = { model, wiring in LateDiceApp(model, wiring: wiring) }
}

/// Favourites that are never saved: a relaunch forgets them (rule 5).
let forgetfulStorage: @Sendable () -> FavoritesStorage = {
  FavoritesStorage(load: { FavoritesLoadResult(favorites: []) }, save: { _ in })
}
