import Testing

@testable import Scenarios

@Suite struct CommandLineOptionsTests {
  static func run(_ change: (inout CommandLineOptions.RunOptions) -> Void) -> CommandLineOptions {
    var options = CommandLineOptions.RunOptions()
    change(&options)
    return .run(options)
  }

  static let valid: [([String], CommandLineOptions)] = [
    ([], run { _ in }),
    (["run"], run { _ in }),
    (["Scenarios/02-suche.scenario"], run { $0.paths = ["Scenarios/02-suche.scenario"] }),
    (
      ["run", "a", "b", "--record"],
      run {
        $0.paths = ["a", "b"]
        $0.record = true
      }
    ),
    (
      ["--catalog", "Data", "--filter", "suche"],
      run {
        $0.catalog = "Data"
        $0.filter = "suche"
      }
    ),
    (["--base-url", "http://127.0.0.1:8080"], run { $0.baseURL = "http://127.0.0.1:8080" }),
    (["--timing"], run { $0.timing = true }),
    (["run", "--live"], run { $0.live = true }),
    (["show", "Scenarios/02-suche.scenario"], .show(.init(file: "Scenarios/02-suche.scenario"))),
    (["show", "f.scenario", "--catalog", "D"], .show(.init(file: "f.scenario", catalog: "D"))),
    (["--help"], .help(command: nil)),
    (["help"], .help(command: nil)),
    (["help", "run"], .help(command: "run")),
    (["run", "--help"], .help(command: "run")),
  ]

  @Test("Valid command lines parse into their options", arguments: valid)
  func parses(arguments: [String], expected: CommandLineOptions) throws {
    #expect(try CommandLineOptions.parse(arguments) == expected)
  }

  static let invalid: [([String], String)] = [
    (["--recrod"], "unknown option `--recrod`; did you mean `--record`?"),
    (["--catalog"], "`--catalog` needs a value"),
    (
      ["--base-url", "localhost"],
      "`--base-url` needs an http:// or https:// address, not `localhost`"
    ),
    (
      ["--live", "--base-url", "http://x"],
      "`--live` and `--base-url` exclude each other; choose one server"
    ),
    (["--live", "--record"], "`--record` cannot be combined with `--live`, whose answers change"),
    (["show"], "`show` needs a scenario file"),
    (["show", "a", "b"], "`show` takes one file, but `b` follows `a`"),
    (["help", "fly"], "unknown command `fly`; the commands are `run`, `show`, `help`"),
  ]

  @Test("Bad command lines give one sentence", arguments: invalid)
  func rejects(arguments: [String], message: String) {
    #expect(throws: CommandLineOptions.UsageError(message)) {
      try CommandLineOptions.parse(arguments)
    }
  }

  @Test("A usage error prints error:, the sentence and the usage")
  func usageErrorText() {
    let error = CommandLineOptions.UsageError("`show` needs a scenario file")
    #expect(error.description == "error: `show` needs a scenario file\n" + HelpText.usage)
  }

  @Test("The help explains every step with an example")
  func helpListsEverySteps() {
    for entry in StepTable.entries {
      #expect(HelpText.main.contains(entry.syntax))
      #expect(HelpText.run.contains("e.g. " + entry.example.split(separator: "\n")[0]))
    }
  }

  @Test("Every example in the step reference parses")
  func examplesParse() throws {
    for entry in StepTable.entries {
      let setup =
        entry.keyword.hasPrefix("given") || entry.keyword == "title" || entry.keyword == "launch"
      let example = entry.example.replacingOccurrences(of: "ENDPOINT", with: "search.php")
      _ = try parse((setup ? "" : "launch\n") + example)
    }
  }
}
