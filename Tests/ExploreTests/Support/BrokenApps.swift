import Explore
import Foundation
import MealCatalog
import MealDB
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

/// Favourites that are never saved: a relaunch forgets them (rule 5).
let forgetfulStorage: @Sendable () -> FavoritesStorage = {
  FavoritesStorage(load: { FavoritesLoadResult(favorites: []) }, save: { _ in })
}
