import Foundation
import VirtualTime

/// The process's standard output and standard error, written so that a stream that is closed
/// (`>&-`, `2>&-`) or fails (a full disk) never ends the process: what cannot be written is
/// lost, and a command that would have exited with 0 exits with 1 (`exitCode(for:)`), as
/// `rezepte --help` says.
public enum StandardStreams {
  /// Standard output and error as they stand: closed at the start, or failed since.
  private static let state = Locked((closed: Set<Int32>(), failed: Set<Int32>()))

  /// Puts `/dev/null` on each of standard input, output and error that is closed, so that no
  /// file or socket the program opens gets its number and, with it, its output.
  static func reserveClosedStreams() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 {
      let null = open("/dev/null", O_RDWR)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
      _ = state.withLock { $0.closed.insert(descriptor) }
    }
  }

  /// Writes all of `text` to `descriptor` (standard output or error), or marks it failed.
  public static func write(_ text: String, to descriptor: Int32) {
    let closed = state.withLock { state in
      if state.closed.contains(descriptor) { state.failed.insert(descriptor) }
      return state.failed.contains(descriptor)
    }
    guard !closed else { return }
    var text = text
    text.withUTF8 { bytes in
      var written = 0
      while written < bytes.count {
        let count = Foundation.write(
          descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          _ = state.withLock { $0.failed.insert(descriptor) }
          return
        }
        written += count
      }
    }
  }

  /// `code`, unless it is `.success` and a stream failed: then `.failure`, said on standard
  /// error when that still takes it.
  static func exitCode(for code: ExitCode) -> ExitCode {
    let failed = state.withLock { $0.failed }
    guard code == .success, !failed.isEmpty else { return code }
    let stream = failed.contains(STDOUT_FILENO) ? "standard output" : "standard error"
    write(
      "error: \(stream) is closed or cannot be written; what went there is lost\n",
      to: STDERR_FILENO)
    return .failure
  }
}

extension Console {
  /// Standard output and standard error of the process, through `StandardStreams`.
  public static let standard = Console(
    output: { StandardStreams.write($0 + "\n", to: STDOUT_FILENO) },
    errorOutput: { StandardStreams.write($0 + "\n", to: STDERR_FILENO) })
}
