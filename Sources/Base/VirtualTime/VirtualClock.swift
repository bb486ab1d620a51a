/// A clock whose time moves only when told to: the search pause and response delays run in
/// virtual time, so a scenario that waits a minute replays in milliseconds, the same way each run.
///
/// `advance(by:)` wakes sleepers one at a time in deadline order (ties in the order they went to
/// sleep); with a `TaskTracker`, each woken piece of work settles before it wakes the next, so
/// they also *run* in that order. A cancelled sleeper throws `CancellationError` at once.
public final class VirtualClock: Clock, Sendable {
  public struct Instant: InstantProtocol, Sendable {
    /// Time since the clock started.
    public let offset: Duration

    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let tracker: TaskTracker?
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
  }

  private let state: Locked<State>
  /// The tracker whose work `advance(by:)` waits for between deadlines.
  public let tracker: TaskTracker?

  public init(tracker: TaskTracker? = nil) {
    self.tracker = tracker
    state = Locked(State(now: Instant(offset: .zero)))
  }

  public var now: Instant { state.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleep(until: deadline, isolation: #isolation)
  }

  /// The sleep, on the caller's actor (`isolation`). Without the explicit parameter the
  /// continuation below resumed on the global executor and the caller hopped back: two thread
  /// wake-ups for every sleep.
  func sleep(
    until deadline: Instant, isolation: isolated (any Actor)?
  ) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    let tracker = TaskTracker.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = state.withLock { state -> Bool in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers.append(
            Sleeper(id: id, deadline: deadline, tracker: tracker, continuation: continuation))
          return false
        }
        if resumeNow {
          continuation.resume()
        } else {
          tracker?.willSleep()
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      sleeper?.tracker?.willWake()
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    try Task.checkCancellation()
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, in
  /// deadline order.
  public func advance(
    by duration: Duration, isolation: isolated (any Actor)? = #isolation
  ) async {
    let target = now.advanced(by: duration)
    await tracker?.settle(isolation: isolation)
    // One sleeper at a time, and its work settles before the next wakes: ties resume in the order
    // they went to sleep, whichever threads the runtime resumes them on.
    while let sleeper = removeNextDue(notAfter: target) {
      sleeper.tracker?.willWake()
      sleeper.continuation.resume()
      await tracker?.settle(isolation: isolation)
    }
    state.withLock { state in
      if state.now < target { state.now = target }
    }
  }

  /// Removes the first sleeper with the earliest deadline not after `target`, and sets the time
  /// to its deadline.
  private func removeNextDue(notAfter target: Instant) -> Sleeper? {
    state.withLock { state -> Sleeper? in
      guard
        let index = state.sleepers.indices.min(by: { lhs, rhs in
          state.sleepers[lhs].deadline < state.sleepers[rhs].deadline
        }), state.sleepers[index].deadline <= target
      else { return nil }
      state.now = max(state.now, state.sleepers[index].deadline)
      return state.sleepers.remove(at: index)
    }
  }
}
