import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal on standard input and output: raw mode, the alternate screen, its
/// size, and restoring everything as it was on every way out.
final class Terminal {
  private var original = termios()
  private var isRaw = false

  /// Whether standard input and standard output are both terminals.
  static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Switches to raw mode and the alternate screen, with the cursor hidden.
  func enter() throws {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else {
      throw TerminalError(
        "cannot read the terminal's settings (\(String(cString: strerror(errno))))")
    }
    var raw = original
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
    isRaw = true
    // The alternate screen, the cursor hidden, no automatic wrap at the last column.
    output("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
  }

  /// Puts the terminal back as it was; safe to call more than once.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    output("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// The size in columns and lines; 80 × 24 when the terminal does not say.
  var size: (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `text` to standard output.
  func output(_ text: String) {
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
