import CommandLineKit
import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

@Suite struct CommandLineOptionsTests {
  static func run(_ change: (inout RunOptions) -> Void)
    -> RunOptions
  {
    var options = RunOptions()
    change(&options)
    return options
  }

  /// The `run` options of the words after `run`.
  static func parseRun(_ words: [String]) throws(UsageError) -> RunOptions {
    try RunOptions(ScenarioCommands.run.parse(words, console: silent))
  }

  static let silent = Console(output: { _ in }, errorOutput: { _ in })

  static let valid: [([String], RunOptions)] = [
    ([], run { _ in }),
    (["Scenarios/02-suche.scenario"], run { $0.paths = ["Scenarios/02-suche.scenario"] }),
    (
      ["a", "b", "--record"],
      run {
        $0.paths = ["a", "b"]
        $0.record = true
      }
    ),
    (
      ["--catalog", "Data", "--filter=suche"],
      run {
        $0.catalog = "Data"
        $0.filter = "suche"
      }
    ),
    (
      ["--base-url", "http://127.0.0.1:8080"],
      run { $0.baseURL = URL(string: "http://127.0.0.1:8080") }
    ),
    (["--timing"], run { $0.timing = true }),
    (["--live"], run { $0.live = true }),
    (
      ["--shard", "2/3", "--list"],
      run {
        $0.shard = Shard(index: 2, count: 3)
        $0.list = true
      }
    ),
    (["--jobs", "4"], run { $0.jobs = 4 }),
    (["--", "--odd-name.scenario"], run { $0.paths = ["--odd-name.scenario"] }),
  ]

  @Test("Valid run command lines parse into their options", arguments: valid)
  func parses(arguments: [String], expected: RunOptions) throws {
    #expect(try Self.parseRun(arguments) == expected)
  }

  static let invalid: [([String], String)] = [
    (["--recrod"], "unknown option '--recrod' for 'run'; did you mean '--record'?"),
    (["--catalog"], "'--catalog' needs a value: --catalog DIR"),
    (["--timing=yes"], "'--timing' takes no value"),
    (
      ["--base-url", "localhost"],
      "--base-url needs an http:// or https:// URL, not 'localhost'"
    ),
    (
      ["--live", "--base-url", "http://x"],
      "--live and --base-url exclude each other; choose one server"
    ),
    (["--live", "--record"], "--record cannot be combined with --live, whose answers change"),
    (["--shard", "0/3"], "--shard '0/3' names shard 0, but there are shards 1 to 3"),
    (["--shard", "4/3"], "--shard '4/3' names shard 4, but there are shards 1 to 3"),
    (["--shard", "x"], "--shard takes K/N, such as 1/3, not 'x'"),
    (["--shard", "1/0"], "--shard '1/0' splits into 0 shards; use 1 to 10000"),
    (["--jobs", "0"], "--jobs takes a number from 1 to 64, not '0'"),
  ]

  @Test("Bad run command lines give one sentence", arguments: invalid)
  func rejects(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Self.parseRun(arguments) }
  }

  @Test(
    "An unusable base URL is bad input, never a fall-back to the offline catalog",
    arguments: [
      (
        "http://a b/", "--base-url needs an http:// or https:// URL, but 'http://a b/' is not a URL"
      ),
      (
        "http://[::1/",
        "--base-url needs an http:// or https:// URL, but 'http://[::1/' is not a URL"
      ),
      (
        "http://%zz/", "--base-url needs an http:// or https:// URL, but 'http://%zz/' is not a URL"
      ),
      ("ftp://x/", "--base-url needs an http:// or https:// URL, not 'ftp://x/'"),
      (
        "http:///api/",
        "--base-url needs a URL with a host name, like http://127.0.0.1:8080/, not 'http:///api/'"
      ),
    ])
  func badBaseURL(text: String, message: String) {
    #expect(throws: UsageError(message)) { try Self.parseRun(["--base-url", text]) }
  }

  @Test("show reads one file, the catalog and --full")
  func showOptions() throws {
    let invocation = try ScenarioCommands.show.parse(
      ["f.scenario", "--catalog", "D", "--full"], console: Self.silent)
    #expect(invocation.arguments == ["f.scenario"])
    #expect(invocation[ScenarioCommands.catalog] == "D")
    #expect(invocation[ScenarioCommands.full])
  }

  @Test(
    "show needs exactly one file",
    arguments: [
      ([String](), "'show' needs FILE: the scenario file to walk through"),
      (["a", "b"], "'show' takes one FILE, but 'b' follows 'a'"),
    ])
  func showFiles(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) {
      try ScenarioCommands.show.parse(arguments, console: Self.silent)
    }
  }

  @Test(
    "`help run` explains every step with an example; `--help` lists the commands and points there")
  func helpListsEverySteps() {
    for entry in StepTable.entries {
      #expect(runHelp.contains(entry.syntax))
      #expect(runHelp.contains("e.g. " + entry.example.split(separator: "\n")[0]))
      #expect(!mainHelp.contains("e.g. " + entry.example.split(separator: "\n")[0]))
    }
    #expect(mainHelp.contains("'rezepte help run'"))
    #expect(mainHelp.split(separator: "\n").count < 40)
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
