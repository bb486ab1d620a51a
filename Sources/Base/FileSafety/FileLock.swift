#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held while a closure runs.
///
/// Processes that change the same file take the same lock first, so a read-change-write of one
/// never interleaves with another's. The lock file itself stays empty and is never removed:
/// removing it would let a later process lock a new file while an earlier one still holds the old.
public struct FileLock: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The lock for `file`: `file.lock` in the same folder (after following symbolic links, so that
  /// every name of the file shares one lock).
  public init(beside file: String) {
    let target = (try? AtomicFile.resolvingLinks(file)) ?? file
    self.init(path: target + ".lock")
  }

  /// Runs `body` while holding the lock; waits for other holders to finish first, but for at most
  /// `patience`: a holder that hangs (a stopped process, a stuck network file system) must not
  /// freeze the caller, which may be a user interface.
  public func withLock<Result>(
    patience: Duration = .seconds(5), _ body: () throws -> Result
  ) throws -> Result {
    let descriptor = try take(patience: patience)
    defer { close(descriptor) }  // which lets go of the lock
    return try body()
  }

  /// `withLock(patience:_:)` for work that suspends, such as a download that takes minutes.
  public func withLock<Result>(
    patience: Duration = .seconds(5), _ body: () async throws -> Result
  ) async throws -> Result {
    let descriptor = try take(patience: patience)
    defer { close(descriptor) }
    return try await body()
  }

  /// The reason of the error that `withLock` throws without patience (`.zero`) when another
  /// process holds the lock.
  public static let heldReason = "another process holds it"

  /// Opens the lock file and takes the lock; the descriptor holds it until it is closed.
  private func take(patience: Duration) throws -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: path, reason: "the lock file cannot be opened (\(AtomicFile.describe(errno)))")
    }
    let deadline = ContinuousClock.now + patience
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      switch code {
      case EINTR: continue
      case EWOULDBLOCK where ContinuousClock.now < deadline:
        // Another process holds it, for the few milliseconds a save takes: ask again shortly.
        usleep(2_000)
        continue
      default: break
      }
      close(descriptor)
      throw FileWriteError(
        path: path,
        reason: code != EWOULDBLOCK
          ? "the lock cannot be taken (\(AtomicFile.describe(code)))"
          : patience == .zero
            ? Self.heldReason
            : "another process has held the lock for \(patience); it may have stopped")
    }
    return descriptor
  }
}
