/// A command line that parsed against a command's declaration, and where the command writes.
public struct Invocation: Sendable {
  /// The command's name.
  public let command: String
  /// The words that are not options, in order.
  public let arguments: [String]
  /// Every option given, in order, with its value (`nil` for a flag without one).
  public let options: [(name: String, value: String?)]
  /// Where the command writes its output and its errors.
  public let console: Console

  public init(
    command: String, arguments: [String], options: [(name: String, value: String?)],
    console: Console
  ) {
    self.command = command
    self.arguments = arguments
    self.options = options
    self.console = console
  }

  /// Whether the option was given.
  public func flag(_ name: String) -> Bool {
    options.contains { $0.name == name }
  }

  /// The option's value (the parser lets an option with a value be given only once).
  public func value(_ name: String) -> String? {
    options.last { $0.name == name }?.value
  }

  /// The option's value read by `read`, or `nil` when it was not given.
  public func value<Value>(
    _ name: String, _ read: (String) throws(UsageError) -> Value
  ) throws(UsageError) -> Value? {
    guard let text = value(name) else { return nil }
    return try read(text)
  }
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
