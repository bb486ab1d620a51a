import Foundation
import MealDB
import VirtualTime

/// One recipe's detail screen: loads the full recipe with `lookup.php?i=` and toggles its heart.
///
/// `state.detail` is `.loaded(nil)` when the server knows no such recipe (`null` or
/// `"Invalid ID"`); the screen shows `ErrorMessage.notFound` for it. `state.isFavorite` follows
/// the shared `FavoritesStore`, whoever changes it.
///
/// A SwiftUI view follows it like the list:
///
/// ```swift
/// .task {
///   model.appeared()
///   for await snapshot in model.stateUpdates() { state = snapshot }
/// }
/// ```
@MainActor
public final class MealDetailViewModel {
  /// The snapshot a screen draws; every change is passed to `observe(_:)` and `stateUpdates()`.
  public private(set) var state: MealDetailState {
    didSet {
      if state != oldValue { broadcaster.send(state) }
    }
  }

  private let api: MealAPI
  private let favoritesStore: FavoritesStore
  private let tracker: TaskTracker
  private let broadcaster = Broadcaster<MealDetailState>()
  private var favoritesToken: ObservationToken?
  private var loadTask: Task<Void, Never>?
  /// Counts loads; only the latest one's answer is applied.
  private var loadGeneration = 0

  public init(
    meal: Meal, api: MealAPI, favorites: FavoritesStore, tracker: TaskTracker = TaskTracker()
  ) {
    self.api = api
    self.favoritesStore = favorites
    self.tracker = tracker
    state = MealDetailState(meal: meal, isFavorite: favorites.contains(id: meal.id))
    favoritesToken = favorites.observe { [weak self] _ in
      guard let self else { return }
      state.isFavorite = favoritesStore.contains(id: state.meal.id)
    }
  }

  // MARK: - Following changes

  /// Calls `onChange` with every new snapshot, until the token is cancelled or released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable (MealDetailState) -> Void
  ) -> ObservationToken {
    broadcaster.observe(onChange)
  }

  /// The current snapshot, then every new one; ends when the view model is gone.
  public func stateUpdates(
    bufferingPolicy: AsyncStream<MealDetailState>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<MealDetailState> {
    broadcaster.stream(startingWith: state, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - Intents

  /// The screen appeared: the recipe loads, showing `loading`, unless it has loaded already.
  public func appeared() {
    guard case .idle = state.detail else { return }
    load()
  }

  /// "Erneut versuchen": loads the recipe again, showing `loading`.
  public func retryTapped() {
    load()
  }

  /// The heart button: adds the meal (id, name, thumbnail) to the favourites or removes it.
  public func heartTapped() {
    favoritesStore.toggle(state.meal)
  }

  /// The screen went away: the load in flight is cancelled.
  public func disappeared() {
    loadTask?.cancel()
    loadTask = nil
    loadGeneration += 1
  }

  // MARK: - Loading

  private func load() {
    loadTask?.cancel()
    loadGeneration += 1
    let generation = loadGeneration
    let id = state.meal.id
    state.detail = .loading
    loadTask = tracker.spawn { [weak self, api] in
      let result: Result<MealDetail?, any Error>
      do {
        result = .success(try await api.detail(id: id))
      } catch {
        result = .failure(error)
      }
      guard let self, generation == loadGeneration else { return }
      switch result {
      case .success(let detail):
        state.detail = .loaded(detail)
      case .failure(let error):
        // Cancellation is not an error: whoever cancelled started the next load or left.
        if let message = ErrorMessage.text(for: error) { state.detail = .failed(message) }
      }
    }
  }
}
