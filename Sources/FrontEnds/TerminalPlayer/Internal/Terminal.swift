import Dispatch
import VirtualTime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal on standard input and output: raw mode, the alternate screen, its
/// size, and restoring everything as it was on every way out. Writing and restoring take one
/// lock, from any thread: a frame is never cut by the watchdog's restore, nor drawn after it.
final class Terminal: Sendable {
  /// The settings to restore, and whether they are changed now.
  private let state = Locked((original: termios(), isRaw: false))

  /// Switches to raw mode and the alternate screen, with the cursor hidden.
  func enter() throws {
    try state.withLock { state in
      guard tcgetattr(STDIN_FILENO, &state.original) == 0 else {
        throw TerminalError("cannot read the terminal's settings")
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
        throw TerminalError("cannot switch the terminal to raw mode")
      }
      state.isRaw = true
      // The alternate screen, the cursor hidden, no automatic wrap at the last column.
      Self.writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J")
    }
  }

  /// Puts the terminal back as it was; safe to call more than once, from any thread.
  func restore() {
    state.withLock { Self.restore(&$0) }
  }

  private static func restore(_ state: inout (original: termios, isRaw: Bool)) {
    guard state.isRaw else { return }
    state.isRaw = false
    writeAll("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &state.original)
  }

  /// The watchdog of `signal` (Ctrl-C counts as SIGINT): unless the terminal is restored within
  /// 2 s (the app keeps the main actor busy), restores it, says so, and ends the process with
  /// 128 + the signal's number, unsaved. Long enough that a busy machine still saves a session.
  func restoreUnlessAnswered(_ signal: Int32) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(2)) { [self] in
      // Under the lock: the player answered first, or the process ends here.
      state.withLock { state in
        guard state.isRaw else { return }
        Self.restore(&state)
        Self.writeAll(
          "error: the player did not answer signal \(signal) within 2 s; the terminal is "
            + "restored and the session was not saved.\n", to: STDERR_FILENO)
        _exit(128 + signal)
      }
    }
  }

  /// The size in columns and lines; 80 columns and 24 lines when the terminal does not say.
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

  private static func writeAll(_ text: String, to file: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
      guard written >= 0 || errno == EINTR else { return }
      bytes = bytes.dropFirst(max(written, 0))
    }
  }
}

/// A terminal that cannot be set up; the message is one sentence.
struct TerminalError: Error, CustomStringConvertible {
  var description: String
  init(_ reason: String) { description = "\(reason) (\(String(cString: strerror(errno))))" }
}
