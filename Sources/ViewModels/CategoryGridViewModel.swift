import MealDB
import VirtualTime

/// The category grid start screen (Bonus 2): loads `categories.php` and shows every category as
/// a tile; the app model pushes a tapped tile's recipe list.
///
/// Unlike the list's picker, which loads the categories silently, the grid *is* the categories:
/// it shows `loading`, and a failure shows the lesson's error view with "Erneut versuchen".
///
/// A SwiftUI view follows it like the list:
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) { /* tiles from state.categories */ }
///   .task {
///     model.appeared()
///     for await snapshot in model.stateUpdates() { state = snapshot }
///   }
/// ```
@MainActor
public final class CategoryGridViewModel {
  /// The snapshot a screen draws; every change is passed to `observe(_:)` and `stateUpdates()`.
  public private(set) var state: CategoryGridState {
    didSet {
      if state != oldValue { broadcaster.send(state) }
    }
  }

  private let api: MealAPI
  private let tracker: TaskTracker
  private let broadcaster = Broadcaster<CategoryGridState>()
  private var loadTask: Task<Void, Never>?
  /// Counts loads; only the latest one's answer is applied.
  private var loadGeneration = 0

  public init(api: MealAPI, tracker: TaskTracker = TaskTracker()) {
    self.api = api
    self.tracker = tracker
    state = CategoryGridState()
  }

  // MARK: - Following changes

  /// Calls `onChange` with every new snapshot, until the token is cancelled or released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable (CategoryGridState) -> Void
  ) -> ObservationToken {
    broadcaster.observe(onChange)
  }

  /// The current snapshot, then every new one; ends when the view model is gone.
  public func stateUpdates(
    bufferingPolicy: AsyncStream<CategoryGridState>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<CategoryGridState> {
    broadcaster.stream(startingWith: state, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - Intents

  /// The screen appeared: the categories load, showing `loading`, unless they have been asked
  /// for already (coming back from a category's list changes nothing).
  public func appeared() {
    guard case .idle = state.categories else { return }
    load()
  }

  /// "Erneut versuchen": loads the categories again, showing `loading`.
  public func retryTapped() {
    load()
  }

  // MARK: - Loading

  private func load() {
    loadTask?.cancel()
    loadGeneration += 1
    let generation = loadGeneration
    state.categories = .loading
    loadTask = tracker.spawn { [weak self, api] in
      let result: Result<[Category], any Error>
      do {
        result = .success(try await api.categories())
      } catch {
        result = .failure(error)
      }
      guard let self, generation == loadGeneration else { return }
      switch result {
      case .success(let categories):
        state.categories = .loaded(categories)
      case .failure(let error):
        // Cancellation is not an error: whoever cancelled has started the next load.
        if let message = ErrorMessage.text(for: error) { state.categories = .failed(message) }
      }
    }
  }
}
