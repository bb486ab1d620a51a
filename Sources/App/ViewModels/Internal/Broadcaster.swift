import VirtualTime

/// Hands every new value to the registered callbacks and streams, in the order they registered.
///
/// Values are sent on the main actor only; the lock guards registration from tokens and stream
/// terminations, which may run on any thread.
final class Broadcaster<Value: Sendable>: Sendable {
  typealias Handler = @MainActor @Sendable (Value) -> Void

  private struct State {
    var nextID: UInt64 = 0
    var handlers: [(id: UInt64, handler: Handler)] = []
    var continuations: [(id: UInt64, continuation: AsyncStream<Value>.Continuation)] = []
  }

  private let state = Locked(State())

  /// Registers `handler` until the returned token is cancelled or released.
  func observe(_ handler: @escaping Handler) -> ObservationToken {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      state.handlers.append((state.nextID, handler))
      return state.nextID
    }
    return ObservationToken { [weak self] in
      self?.state.withLock { $0.handlers.removeAll { $0.id == id } }
    }
  }

  /// A stream that starts with `current` and then yields every value sent.
  func stream(startingWith current: Value) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    continuation.yield(current)
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      state.continuations.append((state.nextID, continuation))
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { $0.continuations.removeAll { $0.id == id } }
    }
    return stream
  }

  /// Calls every callback, then feeds every stream, with `value`.
  @MainActor
  func send(_ value: Value) {
    let (handlers, continuations) = state.withLock { ($0.handlers, $0.continuations) }
    for entry in handlers { entry.handler(value) }
    for entry in continuations { entry.continuation.yield(value) }
  }

  deinit {
    // The owner is gone: no more values will come, so every stream ends.
    for entry in state.withLock({ $0.continuations }) { entry.continuation.finish() }
  }
}
