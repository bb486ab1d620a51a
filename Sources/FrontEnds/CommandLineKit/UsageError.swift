/// Bad command-line input, said in one sentence without the `error: ` in front and without a
/// final full stop (`Program` prints it and the command's usage, and exits 2).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
