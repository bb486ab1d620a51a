/// How a command ended, as the process's exit status: every command of the program uses these.
public enum ExitCode: Int32, Sendable {
  /// Everything asked for was done, and every check passed.
  case success = 0
  /// The input was fine, but a check failed or the work could not be done.
  case failure = 1
  /// An argument or an input file was wrong; nothing ran.
  case badInput = 2
}
