import VirtualTime

/// Keeps a change callback registered; `cancel()` or letting go of the token removes it.
public final class ObservationToken: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  /// Removes the callback; calling it again does nothing.
  public func cancel() {
    let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
      defer { action = nil }
      return action
    }
    action?()
  }

  deinit {
    cancel()
  }
}
