/// Bad command-line input, said in one sentence without the `error: ` in front and without a
/// final full stop; the program prints it as `error: <message>` followed by the command's usage,
/// and exits with `ExitCode.badInput`.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
