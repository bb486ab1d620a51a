import CommandLineKit
import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// A clock for the runner that advances 5 ms every time it is read.
final class SteppingTime {
  var readings = 0

  func now() -> Duration {
    readings += 1
    return .milliseconds(5 * readings)
  }
}

/// The names of a catalog with three categories, for files that are only parsed.
let testContext = ScenarioContext(
  categories: ["Beef", "Chicken", "Dessert"],
  endpoints: ["categories.php", "filter.php", "search.php", "lookup.php", "random.php", "list.php"])

/// The names of the embedded catalog, for files replayed on the real app.
let appContext = ScenarioContext(catalog: embeddedCatalog)

/// The scenario parsed from `text`, failing the test when it does not parse.
func parse(
  _ text: String, file: String = "test.scenario", context: ScenarioContext = testContext,
  allowsEmptyScreens: Bool = false
) throws -> Scenario {
  try ScenarioParser.parse(
    text, file: file, context: context, allowsEmptyScreens: allowsEmptyScreens
  ).get()
}

/// The diagnostics of `text`, or none when it parses.
func errors(
  _ text: String, file: String = "test.scenario", context: ScenarioContext = testContext
) -> [String] {
  switch ScenarioParser.parse(text, file: file, context: context) {
  case .success: []
  case .failure(let diagnostics): diagnostics.all.map(\.description)
  }
}

/// The real app on the embedded catalog.
@MainActor
func makeDriver() -> AppDriver {
  AppDriver(catalog: embeddedCatalog)
}

/// `rezepte run` and `show` on the real app, writing into `output`.
@MainActor
func makeCommand(_ output: Output, makeDriver: @escaping @MainActor () -> AppDriver = makeDriver)
  -> ScenarioCommand
{
  ScenarioCommand(
    context: appContext, makeDriver: makeDriver, useColor: false,
    output: { output.lines.append($0) }, errorOutput: { output.errors.append($0) },
    now: { .zero })
}

/// What a command printed, line by line.
final class Output {
  var lines: [String] = []
  var errors: [String] = []
}

/// The command line `rezepte run PATH…`, with `--record` and then the words `more`.
func runOptions(_ paths: [String], record: Bool = false, _ more: [String] = []) -> Invocation {
  let words = ["--"] + paths
  let silent = Console(output: { _ in }, errorOutput: { _ in })
  return try! ScenarioCommands.run.parse(
    (record ? ["--record"] : []) + more + words, console: silent)
}

/// What the real app shows after `launch`, as `expect screen` compares it.
@MainActor
func launchedScreen() async throws -> String {
  let driver = makeDriver()
  await driver.app.launch()
  return driver.screenText()
}

extension AppDriver {
  /// Replays one step line, as a scenario would, with the embedded catalog's names; throws
  /// what the replay throws, or the details of a failed expectation.
  func step(_ line: String) async throws {
    let action = try Step.Action(line: line, context: appContext)
    if case .failed(let details) = try await action.replay(on: self) {
      throw StepUnavailable(details.joined(separator: "\n"))
    }
  }
}

/// `rezepte help run`.
let runHelp = ScenarioCommands.program().help(for: ScenarioCommands.run)

/// `rezepte --help` for `run`, `show` and `storyboard` alone.
let mainHelp = ScenarioCommands.program().help()
