import Foundation

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
  /// The lock file's path.
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
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: path, reason: "the lock file cannot be opened (\(AtomicFile.describe(errno)))")
    }
    defer { close(descriptor) }
    let deadline = ContinuousClock.now + patience
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK where ContinuousClock.now < deadline:
        // Another process holds it, for the few milliseconds a save takes: ask again shortly.
        usleep(2_000)
      case EWOULDBLOCK:
        throw FileWriteError(
          path: path,
          reason: "another process has held the lock for \(patience); it may have stopped")
      default:
        throw FileWriteError(
          path: path, reason: "the lock cannot be taken (\(AtomicFile.describe(errno)))")
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
