/// Keeps count of the tasks a view model starts, so that a test or the scenario runner can wait
/// until all work that is ready now has finished, without guessing a number of `Task.yield()`s.
///
/// A tracked task is *busy* from the moment it is spawned until it ends, except while it sleeps on
/// a `VirtualClock`: then it waits for virtual time, which only `VirtualClock.advance(by:)` moves.
/// `settle()` returns once no tracked task is busy. Work that waits for something else (a real
/// network answer) stays busy, so `settle()` waits for it too.
public final class TaskTracker: Sendable {
  private struct State {
    var busy = 0
    /// Each `settle()` that waits.
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())
  private let keepsWorkOnMainQueue: Bool

  /// - Parameter keepsWorkOnMainQueue: whether tracked tasks and `settle()` prefer
  ///   `MainQueueExecutor` (macOS 15, iOS 18 and later), right for replays and tests; a live app
  ///   passes `false`, so that `@concurrent` work of its tasks runs off the main thread.
  public init(keepsWorkOnMainQueue: Bool = true) {
    self.keepsWorkOnMainQueue = keepsWorkOnMainQueue
  }

  /// The tracker of the task that is running, if it was spawned by one.
  @TaskLocal public static var current: TaskTracker?

  /// Starts `operation` on the main actor as a tracked task.
  @discardableResult
  public func spawn(
    _ operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // Counted before the task exists, so that `settle()` called right after cannot miss it.
    state.withLock { $0.busy += 1 }
    // A named closure: `Task(executorPreference:)` with a closure literal that is isolated to the
    // main actor trips the compiler's region-based isolation checker.
    let tracked: @MainActor @Sendable () async -> Void = {
      await TaskTracker.$current.withValue(self) {
        await operation()
      }
      self.update { $0.busy -= 1 }
    }
    if keepsWorkOnMainQueue, #available(macOS 15, iOS 18, *) {
      return Task(executorPreference: MainQueueExecutor.shared, operation: tracked)
    }
    return Task(operation: tracked)
  }

  /// Returns once every tracked task has finished or sleeps on a virtual clock.
  ///
  /// - Parameter isolation: where the caller runs, and resumes, without a hop to a worker thread.
  public func settle(isolation: isolated (any Actor)? = #isolation) async {
    if keepsWorkOnMainQueue, #available(macOS 15, iOS 18, *) {
      // The continuation below resumes on the generic executor, which this makes the main queue.
      await withTaskExecutorPreference(MainQueueExecutor.shared, isolation: isolation) {
        await waitUntilSettled(isolation: isolation)
      }
    } else {
      await waitUntilSettled(isolation: isolation)
    }
  }

  private func waitUntilSettled(isolation: isolated (any Actor)?) async {
    // Resumed at once when nothing is busy, else by the `update` that takes it out of
    // `waiters`, under the same lock.
    await withCheckedContinuation(isolation: isolation) { continuation in
      let ready = state.withLock { state -> Bool in
        if state.busy == 0 { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  // MARK: - Reported by VirtualClock

  func willSleep() {
    update { $0.busy -= 1 }
  }

  /// Called by the clock *before* it resumes the sleeper, so the task counts as busy at once.
  func willWake() {
    update { $0.busy += 1 }
  }

  private func update(_ change: (inout State) -> Void) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      change(&state)
      guard state.busy == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
