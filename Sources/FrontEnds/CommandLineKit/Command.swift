/// One command of the program, declared once: its name, what it does, its arguments and options
/// with their help, and what it runs. The parser, the help, the usage line printed after an
/// error and the did-you-mean all come from this declaration.
public struct Command: Sendable {
  /// The word after the program's name: `serve`.
  public var name: String
  /// One line for the list of commands.
  public var summary: String
  /// Paragraphs printed after the usage in `help <command>`.
  public var discussion: String
  /// The words that are not options, such as `PATH…` or `FILE`.
  public var arguments: Arguments
  /// The options, in the order the help lists them.
  public var options: [Option]
  /// More help after the options (a reference, examples); built only when the help is shown.
  public var epilogue: @Sendable () -> String?
  /// Does the work, once the arguments parsed. A `UsageError` thrown here (options that exclude
  /// each other, a value that does not parse) is reported like a parse error: exit 2.
  public var run: @MainActor @Sendable (Invocation) async throws(UsageError) -> ExitCode

  public init(
    name: String, summary: String, discussion: String = "", arguments: Arguments = .none,
    options: [Option], epilogue: @escaping @Sendable () -> String? = { nil },
    run: @escaping @MainActor @Sendable (Invocation) async throws(UsageError) -> ExitCode
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.epilogue = epilogue
    self.run = run
  }

  /// The declared option spelled `name`.
  public func option(named name: String) -> Option? {
    options.first { $0.name == name }
  }
}

/// The words of a command line that are not options: how many, and how the help names them.
public struct Arguments: Sendable, Equatable {
  /// How the usage line names them: `PATH…`, `FILE`.
  public var placeholder: String
  /// What they are, for the help.
  public var help: String
  /// How many may be given.
  public var count: ClosedRange<Int>

  public init(placeholder: String, help: String, count: ClosedRange<Int>) {
    self.placeholder = placeholder
    self.help = help
    self.count = count
  }

  /// No words besides options.
  public static let none = Arguments(placeholder: "", help: "", count: 0...0)
}

/// One option of a command: `--record`, `--catalog DIR`, `--broken-data[=ENDPOINT]`.
public struct Option: Sendable, Equatable {
  /// Whether and how the option takes a value.
  public enum Value: Sendable, Equatable {
    /// A flag: `--record`.
    case none
    /// A value after a space or `=`: `--catalog DIR`, `--catalog=DIR`.
    case required(placeholder: String)
    /// An optional value, only after `=`: `--broken-data`, `--broken-data=filter`.
    case optional(placeholder: String)
  }

  /// The spelling, with its dashes: `--catalog`.
  public var name: String
  public var value: Value
  /// One sentence or two for the help.
  public var help: String
  /// Whether the command needs it (shown without brackets in the usage line).
  public var isRequired: Bool

  public init(name: String, value: Value, help: String, isRequired: Bool = false) {
    self.name = name
    self.value = value
    self.help = help
    self.isRequired = isRequired
  }

  /// A flag: `--record`.
  public static func flag(_ name: String, help: String) -> Option {
    Option(name: name, value: .none, help: help)
  }

  /// An option with a value: `--catalog DIR`.
  public static func value(
    _ name: String, _ placeholder: String, help: String, required: Bool = false
  ) -> Option {
    Option(name: name, value: .required(placeholder: placeholder), help: help, isRequired: required)
  }

  /// A flag that may carry a value after `=`: `--broken-data[=ENDPOINT]`.
  public static func flagWithValue(_ name: String, _ placeholder: String, help: String) -> Option {
    Option(name: name, value: .optional(placeholder: placeholder), help: help)
  }

  /// `--catalog DIR`, `--record`, `--broken-data[=ENDPOINT]`.
  public var synopsis: String {
    switch value {
    case .none: name
    case .required(let placeholder): "\(name) \(placeholder)"
    case .optional(let placeholder): "\(name)[=\(placeholder)]"
    }
  }
}
