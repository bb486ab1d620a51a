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
    var sleeping = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  public init() {}

  /// The tracker of the task that is running, if it was spawned by one.
  @TaskLocal public static var current: TaskTracker?

  /// Starts `operation` on the main actor as a tracked task.
  @discardableResult
  public func spawn(
    _ operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // Counted before the task exists, so that `settle()` called right after cannot miss it.
    state.withLock { $0.busy += 1 }
    return Task { @MainActor in
      await TaskTracker.$current.withValue(self) {
        await operation()
      }
      self.finished()
    }
  }

  /// Whether no tracked task is busy.
  public var isSettled: Bool { state.withLock { $0.busy == 0 } }

  /// Tracked tasks that are waiting on a virtual clock.
  public var sleepingCount: Int { state.withLock { $0.sleeping } }

  /// Returns once every tracked task has finished or sleeps on a virtual clock.
  ///
  /// - Parameter isolation: where the caller runs, and where it resumes: on its own actor, so
  ///   that waiting costs no hop to a worker thread and back.
  public func settle(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) {
      (continuation: CheckedContinuation<Void, Never>) in
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
    update {
      $0.busy -= 1
      $0.sleeping += 1
    }
  }

  /// Called by the clock *before* it resumes the sleeper, so the task counts as busy at once.
  func willWake() {
    update {
      $0.busy += 1
      $0.sleeping -= 1
    }
  }

  private func finished() {
    update { $0.busy -= 1 }
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
