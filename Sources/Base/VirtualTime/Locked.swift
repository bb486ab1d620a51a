import Foundation

/// A value guarded by a lock, for the few places where state is shared across tasks.
///
/// Safe to mark `@unchecked Sendable`: `value` is private and only read or written inside
/// `withLock`, which holds `lock` for the whole access, so no two threads ever touch it at once.
/// `Value` need not be `Sendable` (a server's state holds dispatch sources), so, as with the
/// standard library's `Mutex`, the value comes in as `sending` and `body` may give out only a
/// `sending` result: the compiler refuses a result that still shares state with the value.
/// `NSLock` rather than `Mutex` because `Mutex` needs macOS 15 and the package supports macOS 14.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: sending Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  public func withLock<Result>(
    _ body: (inout sending Value) throws -> sending Result
  ) rethrows -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
