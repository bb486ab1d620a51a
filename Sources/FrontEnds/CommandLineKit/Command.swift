/// One command of the program, declared once: its name, what it does, its arguments and options
/// with their help, and what it runs; the parser, the help and the errors come from it.
public struct Command: Sendable {
  /// The word after the program's name: `serve`.
  public var name: String
  /// One line for the list of commands.
  public var summary: String
  /// Paragraphs printed after the usage in `help <command>`.
  public var discussion: String
  /// The words that are not options, such as `PATH…` or `FILE`.
  public var arguments: Arguments
  /// The options, in the order the help lists them: read from their declarations when asked,
  /// so that a program reads only those of the command it runs.
  public var options: [any CommandOption] { readOptions() }
  private let readOptions: @Sendable () -> [any CommandOption]
  /// More help after the options (a reference, examples); built only when the help is shown.
  public var epilogue: @Sendable () -> String?
  /// Does the work, once the arguments parsed. A `UsageError` thrown here (options that exclude
  /// each other) is reported like a parse error: exit 2.
  public var run: @MainActor @Sendable (Invocation) async throws(UsageError) -> ExitCode

  /// A command whose options are the properties of `Options`; `run` gets them with the values
  /// the command line gave, once `validate()` has accepted them.
  public init<Options: CommandOptions>(
    name: String, summary: String, discussion: String = "", arguments: Arguments = .none,
    options: Options.Type, epilogue: @escaping @Sendable () -> String? = { nil },
    run: @escaping @MainActor @Sendable (Options, Invocation) async -> ExitCode
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments
    readOptions = {
      Mirror(reflecting: Options()).children.compactMap { $0.value as? any CommandOption }
    }
    self.epilogue = epilogue
    self.run = { invocation throws(UsageError) in
      let options = Options(invocation)
      try options.validate()
      return await run(options, invocation)
    }
  }
}

/// A command's options, each a property declared with `@Option` or `@Flag`; the help lists them
/// in the order of the properties.
public protocol CommandOptions: Sendable {
  /// Every option at its default.
  init()
  /// Refuses a command line whose options exclude each other.
  func validate() throws(UsageError)
}

extension CommandOptions {
  public func validate() throws(UsageError) {}

  /// The options of `invocation`: each property holds what the command line gave, else its
  /// default.
  public init(_ invocation: Invocation) {
    // Each `Option` made while the invocation is current takes its value from it.
    self = Invocation.$current.withValue(invocation) { Self() }
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
