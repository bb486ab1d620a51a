import Foundation

/// A value guarded by a lock, for the few places where state is shared across tasks.
///
/// Safe to mark `@unchecked Sendable`: `value` is private and only read or written inside
/// `withLock`, which holds `lock` for the whole access, so no two threads ever touch it at once.
/// `NSLock` rather than `Mutex` because `Mutex` needs macOS 15 and the package supports macOS 14.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
