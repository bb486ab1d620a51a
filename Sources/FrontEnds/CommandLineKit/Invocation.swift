import Spelling

/// A command line that parsed against a command's declaration, and where the command writes.
public struct Invocation: Sendable {
  /// The words that are not options, in order.
  public let arguments: [String]
  /// The value of every option given, by its name; `true` for a flag.
  let values: [String: any Sendable]
  /// Where the command writes its output and its errors.
  public let console: Console

  /// The command line whose options are being made (`CommandOptions.init(_:)`).
  @TaskLocal static var current: Invocation?
}

/// Where a command writes: standard output and standard error, one line (or block) per call.
public struct Console: Sendable {
  public var output: @Sendable (String) -> Void
  public var errorOutput: @Sendable (String) -> Void

  public init(
    output: @escaping @Sendable (String) -> Void, errorOutput: @escaping @Sendable (String) -> Void
  ) {
    self.output = output
    self.errorOutput = errorOutput
  }
}

extension Console {
  /// `error: ` and `message` with its control characters but its line feeds made visible: a
  /// message may carry a path, an option's value or a server's answer, which must not reach a
  /// terminal as escapes.
  public static func errorLine(_ message: String) -> String {
    "error: " + Quoting.visibleLines(message)
  }

  /// Writes `message` to standard error as an error line (`errorLine(_:)`).
  public func error(_ message: String) {
    errorOutput(Self.errorLine(message))
  }
}
