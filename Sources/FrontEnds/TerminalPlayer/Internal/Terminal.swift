import Foundation
import VirtualTime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal on standard input and output: raw mode, the alternate screen, its
/// size, and restoring everything as it was on every way out.
///
/// Safe to use from any thread: a signal's watchdog may restore the terminal while the main
/// actor is busy. Writing and restoring take one lock, so a frame is never cut by the restore,
/// and nothing is drawn once the terminal is restored.
final class Terminal: Sendable {
  private struct State {
    var original = termios()
    var isRaw = false
  }

  private let state = Locked(State())

  /// Whether standard input and standard output are both terminals.
  static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Switches to raw mode and the alternate screen, with the cursor hidden.
  func enter() throws {
    try state.withLock { state in
      guard tcgetattr(STDIN_FILENO, &state.original) == 0 else {
        throw TerminalError(
          "cannot read the terminal's settings (\(String(cString: strerror(errno))))")
      }
      var raw = state.original
      // Keys arrive one by one, unechoed, with Ctrl-C as a byte rather than a signal.
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
      raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
      raw.c_cflag |= tcflag_t(CS8)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
        throw TerminalError(
          "cannot switch the terminal to raw mode (\(String(cString: strerror(errno))))")
      }
      state.isRaw = true
      // The alternate screen, the cursor hidden, no automatic wrap at the last column.
      Self.writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
    }
  }

  /// Puts the terminal back as it was; safe to call more than once, from any thread.
  func restore() {
    state.withLock { state in
      guard state.isRaw else { return }
      state.isRaw = false
      Self.writeAll("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &state.original)
    }
  }

  /// The size in columns and lines; 80 × 24 when the terminal does not say.
  var size: (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `text` to standard output, unless the terminal has been restored.
  func output(_ text: String) {
    state.withLock { state in
      if state.isRaw { Self.writeAll(text) }
    }
  }

  private static func writeAll(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// A terminal that cannot be set up; the message is one sentence.
struct TerminalError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
