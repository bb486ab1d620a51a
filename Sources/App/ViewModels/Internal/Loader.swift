import MealDB
import VirtualTime

/// One kind of load of a view model: starting one cancels the one in flight, and only the
/// latest load's outcome is applied, even if its transport ignores cancellation; a cancelled
/// load applies nothing. Letting go of the loader cancels the load in flight.
@MainActor
final class Loader<Value: Sendable> {
  private let tracker: TaskTracker
  private var task: Task<Void, Never>?
  /// Counts loads; an outcome is applied only while its load is still the latest.
  private var generation = 0

  init(tracker: TaskTracker) {
    self.tracker = tracker
  }

  var isRunning: Bool { task != nil }

  /// Cancels the load in flight and starts `load`; `apply` receives its outcome while it is
  /// still the latest load.
  @discardableResult
  func start(
    _ load: @escaping @MainActor @Sendable () async throws -> Value,
    apply: @escaping @MainActor @Sendable (LoadOutcome<Value>) -> Void
  ) -> Task<Void, Never> {
    cancel()
    let current = generation
    let task = tracker.spawn { [weak self] in
      let outcome: LoadOutcome<Value>
      do {
        outcome = .loaded(try await load())
      } catch {
        outcome = LoadFailure(error).map { .failed($0) } ?? .cancelled
      }
      guard let self, current == generation else { return }
      self.task = nil
      apply(outcome)
    }
    self.task = task
    return task
  }

  /// Cancels the load in flight and starts `load`, showing `loading` at `keyPath` of the state,
  /// then the loaded value or the failure; cancellation leaves the state as it is.
  func load<State>(
    into holder: StateHolder<State>, at keyPath: WritableKeyPath<State, LoadState<Value>>,
    _ load: @escaping @MainActor @Sendable () async throws -> Value
  ) -> Task<Void, Never> {
    holder.value[keyPath: keyPath] = .loading
    return start(load) { [weak holder] outcome in
      switch outcome {
      case .loaded(let value): holder?.value[keyPath: keyPath] = .loaded(value)
      case .failed(let failure): holder?.value[keyPath: keyPath] = .failed(failure)
      case .cancelled: break
      }
    }
  }

  /// Starts `load` as `load(into:at:_:)` does, unless the value at `keyPath` has loaded or is
  /// loading: what a screen whose content is one load does when it appears. A load that
  /// `cancel()` stopped left `loading` behind, so appearing again starts it anew.
  func loadIfNeeded<State>(
    into holder: StateHolder<State>, at keyPath: WritableKeyPath<State, LoadState<Value>>,
    _ load: @escaping @MainActor @Sendable () async throws -> Value
  ) -> Task<Void, Never>? {
    switch holder.value[keyPath: keyPath] {
    case .idle: self.load(into: holder, at: keyPath, load)
    case .loading where !isRunning: self.load(into: holder, at: keyPath, load)
    default: nil
    }
  }

  /// Cancels the load in flight; its outcome is never applied.
  func cancel() {
    task?.cancel()
    task = nil
    generation += 1
  }

  deinit {
    task?.cancel()
  }
}

enum LoadOutcome<Value> {
  case loaded(Value)
  case failed(LoadFailure)
  /// The transport reported cancellation although the load is still the latest one.
  case cancelled
}
