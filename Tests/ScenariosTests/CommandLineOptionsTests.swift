import CommandLineKit
import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

@Suite struct CommandLineOptionsTests {
  static let silent = Console(output: { _ in }, errorOutput: { _ in })

  @Test("run reads its paths and every option back typed; the paths default to Scenarios")
  func parses() throws {
    let words = [
      "a", "--record", "--catalog", "Data", "--filter=suche", "--base-url",
      "http://127.0.0.1:8080", "--timing", "--live", "--shard", "2/3", "--list", "--jobs", "4",
      "b", "--", "--odd-name.scenario",
    ]
    let invocation = try ScenarioCommands.run.parse(words, console: Self.silent)
    let run = ScenarioCommands.RunOptions(invocation)
    #expect(ScenarioCommands.paths(invocation) == ["a", "b", "--odd-name.scenario"])
    #expect(run.record && run.timing && run.live && run.list)
    #expect(run.catalog == "Data")
    #expect(run.filter == "suche")
    #expect(run.baseURL == URL(string: "http://127.0.0.1:8080"))
    #expect(run.shard == Shard(index: 2, count: 3))
    #expect(run.jobs == 4)
    let none = try ScenarioCommands.run.parse([], console: Self.silent)
    #expect(ScenarioCommands.paths(none) == ["Scenarios"])
    #expect(ScenarioCommands.RunOptions(none).jobs == 1 && !ScenarioCommands.RunOptions(none).list)
  }

  /// The first line `rezepte run` writes to standard error for `words`, and that it exits 2.
  @MainActor
  static func error(_ words: [String]) async -> String? {
    let capture = CommandLineTests.Capture()
    let code = await ScenarioCommands.program().run(["run"] + words, console: capture.console)
    #expect(code == .badInput)
    return capture.errors.split(separator: "\n").first.map(String.init)
  }

  @Test("show reads one file, the catalog and --full")
  func showOptions() throws {
    let invocation = try ScenarioCommands.show.parse(
      ["f.scenario", "--catalog", "D", "--full"], console: Self.silent)
    #expect(invocation.arguments == ["f.scenario"])
    let show = ScenarioCommands.ShowOptions(invocation)
    #expect(show.catalog == "D")
    #expect(show.full)
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

  @Test("An empty --catalog is refused, as an empty --out is, not taken for the current folder")
  func emptyCatalog() {
    #expect(throws: UsageError("--catalog needs a folder, not an empty name")) {
      try ScenarioCommands.run.parse(["--catalog="], console: Self.silent)
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
