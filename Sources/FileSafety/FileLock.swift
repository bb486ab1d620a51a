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

  /// Runs `body` while holding the lock; waits for other holders to finish first.
  public func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: path, reason: "the lock file cannot be opened (\(AtomicFile.describe(errno)))")
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw FileWriteError(
          path: path, reason: "the lock cannot be taken (\(AtomicFile.describe(errno)))")
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
