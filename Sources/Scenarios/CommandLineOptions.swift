/// The `rezepte` command line, parsed: which command to run, with which options.
public enum CommandLineOptions: Equatable, Sendable {
  /// `rezepte [run] [PATH…] …`.
  case run(RunOptions)
  /// `rezepte show FILE`.
  case show(ShowOptions)
  /// `rezepte help [COMMAND]`, `rezepte --help`.
  case help(command: String?)

  /// The options of `run`.
  public struct RunOptions: Equatable, Sendable {
    /// Files and folders; `Scenarios` when none are given.
    public var paths: [String] = ["Scenarios"]
    public var record = false
    public var catalog: String?
    public var filter: String?
    public var baseURL: String?
    public var live = false
    /// `--timing`: each report line also gives the wall time the scenario took.
    public var timing = false

    public init() {}
  }

  /// The options of `show`.
  public struct ShowOptions: Equatable, Sendable {
    public var file: String
    public var catalog: String?

    public init(file: String, catalog: String? = nil) {
      self.file = file
      self.catalog = catalog
    }
  }

  /// A command-line mistake: one sentence, printed as `error: …` followed by the usage; exit 2.
  public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
      self.message = message
    }

    /// `error: <message>` and the usage.
    public var description: String { "error: \(message)\n\(HelpText.usage)" }
  }

  /// Parses the arguments after the program's name.
  public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
    if arguments.contains("--help") || arguments.contains("-h") {
      let command = arguments.first.flatMap { HelpText.commands.contains($0) ? $0 : nil }
      return .help(command: command == "help" ? nil : command)
    }
    var rest = arguments[...]
    switch rest.first {
    case "help":
      rest.removeFirst()
      guard rest.count <= 1 else {
        throw UsageError("`help` takes one command, but `\(rest.dropFirst().first!)` follows it")
      }
      if let command = rest.first, HelpText.text(for: command) == nil {
        throw UsageError(
          "unknown command `\(command)`; the commands are "
            + HelpText.commands.map { "`\($0)`" }.joined(separator: ", "))
      }
      return .help(command: rest.first)
    case "show":
      rest.removeFirst()
      return .show(try parseShow(rest))
    case "run":
      rest.removeFirst()
      return .run(try parseRun(rest))
    default:
      return .run(try parseRun(rest))
    }
  }

  static func parseRun(_ arguments: ArraySlice<String>) throws(UsageError) -> RunOptions {
    var options = RunOptions()
    var paths: [String] = []
    var rest = arguments
    while let argument = rest.popFirst() {
      switch argument {
      case "--record": options.record = true
      case "--live": options.live = true
      case "--timing": options.timing = true
      case "--catalog": options.catalog = try value(of: argument, in: &rest)
      case "--filter": options.filter = try value(of: argument, in: &rest)
      case "--base-url":
        let url = try value(of: argument, in: &rest)
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
          throw UsageError("`--base-url` needs an http:// or https:// address, not `\(url)`")
        }
        options.baseURL = url
      case "--":
        paths += rest
        rest = []
      default:
        guard !argument.hasPrefix("-") else { throw unknownOption(argument) }
        paths.append(argument)
      }
    }
    if !paths.isEmpty { options.paths = paths }
    if options.live, options.baseURL != nil {
      throw UsageError("`--live` and `--base-url` exclude each other; choose one server")
    }
    if options.record, options.live {
      throw UsageError("`--record` cannot be combined with `--live`, whose answers change")
    }
    return options
  }

  static func parseShow(_ arguments: ArraySlice<String>) throws(UsageError) -> ShowOptions {
    var file: String?
    var catalog: String?
    var rest = arguments
    while let argument = rest.popFirst() {
      if argument == "--catalog" {
        catalog = try value(of: argument, in: &rest)
      } else if argument.hasPrefix("-") {
        throw unknownOption(argument)
      } else if let file {
        throw UsageError("`show` takes one file, but `\(argument)` follows `\(file)`")
      } else {
        file = argument
      }
    }
    guard let file else { throw UsageError("`show` needs a scenario file") }
    return ShowOptions(file: file, catalog: catalog)
  }

  static func value(
    of option: String, in rest: inout ArraySlice<String>
  ) throws(UsageError) -> String {
    guard let value = rest.popFirst(), !value.hasPrefix("--") else {
      throw UsageError("`\(option)` needs a value")
    }
    return value
  }

  static func unknownOption(_ option: String) -> UsageError {
    let known = ["--record", "--catalog", "--filter", "--base-url", "--live", "--help"]
    if let match = closest(to: option, in: known) {
      return UsageError("unknown option `\(option)`; did you mean `\(match)`?")
    }
    return UsageError("unknown option `\(option)`")
  }
}
