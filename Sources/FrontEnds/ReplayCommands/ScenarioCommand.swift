import CommandLineKit
import Foundation
import Scenarios
import Spelling
import ViewDescription

/// `rezepte run` and `rezepte show` without the process around them: reads the files, reports bad
/// input, replays each scenario on a fresh driver, prints the report and records screens.
@MainActor
public struct ScenarioCommand {
  /// Names the files are checked against.
  public var context: ScenarioContext
  /// A new app for each scenario.
  public var makeDriver: () -> any ScenarioDriver
  /// Whether the report is coloured (see `ColorPolicy`).
  public var useColor: Bool
  /// Standard output, one line per call.
  public var output: (String) -> Void
  /// Standard error, one line (or block of lines) per call.
  public var errorOutput: (String) -> Void
  /// The time source for the report.
  public var now: () -> Duration

  public init(
    context: ScenarioContext, makeDriver: @escaping () -> any ScenarioDriver, useColor: Bool,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    now: @escaping () -> Duration = ScenarioRunner.wallClock()
  ) {
    self.context = context
    self.makeDriver = makeDriver
    self.useColor = useColor
    self.output = output
    self.errorOutput = errorOutput
    self.now = now
  }

  /// `rezepte run`: replays every scenario at `options.paths` (those of `options.shard`, if
  /// given); writes files only with `--record` and only when every file parsed and can be
  /// written. With `--list`
  /// it prints the files instead of running them.
  public func run(_ options: CommandLineOptions.RunOptions) async -> ExitCode {
    let (entries, missing) = ScenarioFiles.collectEntries(options.paths)
    let files = entries.filter { options.shard?.contains(key: $0.key) ?? true }.map(\.file)
    let (loaded, diagnostics) = ScenarioFiles.load(
      files, context: context, allowsEmptyScreens: options.record)
    let scenarios = ScenarioFiles.filter(loaded, by: options.filter)
    guard missing.isEmpty, diagnostics.isEmpty else {
      for diagnostic in missing + diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    guard !entries.isEmpty else {
      let paths = options.paths.joined(separator: ", ")
      errorOutput(Console.errorLine("there are no .scenario files in \(paths)"))
      return .badInput
    }
    if scenarios.isEmpty, !loaded.isEmpty, let filter = options.filter {
      errorOutput(Console.errorLine("no scenario's file name or title contains `\(filter)`"))
      return .badInput
    }
    if options.list {
      for scenario in scenarios { output(scenario.file) }
      return .success
    }

    if options.record {
      // Every file is checked before anything replays, so that no file is rewritten while
      // another cannot be.
      var unwritable: [Diagnostic] = []
      for scenario in scenarios {
        do throws(Diagnostic) {
          try ScenarioWriter.checkWritable(scenario.file)
        } catch {
          unwritable.append(error)
        }
      }
      guard unwritable.isEmpty else {
        for diagnostic in unwritable { errorOutput(diagnostic.description) }
        return .badInput
      }
    }

    let runner = ScenarioRunner(mode: options.record ? .record : .check, now: now)
    let report = Report(useColor: useColor, showsWallTime: options.timing)
    var results: [ScenarioResult] = []
    var failedToRecord = false
    await replay(scenarios, runner: runner, jobs: options.jobs) { scenario, result in
      guard !failedToRecord else { return false }
      results.append(result)
      for line in report.lines(for: result) { output(line) }
      if options.record, !record(scenario, result) { failedToRecord = true }
      return !failedToRecord
    }
    output(report.summary(results))
    return failedToRecord ? .badInput : ExitCode(results)
  }

  /// Replays `scenarios`, up to `jobs` at once, and hands each result to `report` in the order
  /// of `scenarios`, as soon as it and all before it are done; once `report` returns `false`,
  /// no further replay starts and no further result is handed on.
  ///
  /// The app and the runner live on the main actor, so the replays take turns on one thread:
  /// running several at once overlaps only their waiting (answers over `--base-url` or `--live`),
  /// never their computing. Each replay has its own app, clock and transport, so the results,
  /// and the report, are the same bytes as in a serial run.
  func replay(
    _ scenarios: [Scenario], runner: ScenarioRunner, jobs: Int,
    report: (Scenario, ScenarioResult) -> Bool
  ) async {
    guard jobs > 1, scenarios.count > 1 else {
      for scenario in scenarios {
        guard report(scenario, await runner.run(scenario, on: makeDriver())) else { return }
      }
      return
    }
    let replayer = Replayer(runner: runner, makeDriver: makeDriver)
    await withTaskGroup(of: (Int, ScenarioResult).self) { group in
      var next = 0
      var done: [Int: ScenarioResult] = [:]
      var reported = 0
      while next < scenarios.count || reported < scenarios.count {
        // Keep `jobs` replays going; then take the next one that ends.
        if next < scenarios.count, next - reported - done.count < jobs {
          let (index, scenario) = (next, scenarios[next])
          group.addTask { (index, await replayer.run(scenario)) }
          next += 1
          continue
        }
        guard let (index, result) = await group.next() else { break }
        done[index] = result
        while let result = done.removeValue(forKey: reported) {
          guard report(scenarios[reported], result) else {
            group.cancelAll()
            return
          }
          reported += 1
        }
      }
    }
  }

  /// Writes the screens `result` recorded into the scenario's file, if any changed, and says
  /// what changed in each block: how many nodes are new, changed and gone.
  func record(_ scenario: Scenario, _ result: ScenarioResult) -> Bool {
    let text = scenario.recording(actualScreens: result.recordedScreens)
    guard text != scenario.source else { return true }
    do {
      try ScenarioWriter.write(text, to: scenario.file)
      output("recorded \(Quoting.visible(scenario.file))")
      for (index, screen) in result.recordedScreens.sorted(by: { $0.key < $1.key }) {
        let step = scenario.steps[index]
        guard case .expectScreen(let expected) = step.action, expected != screen else { continue }
        output("  line \(step.line): " + Self.summary(ScreenDiff(old: expected, new: screen)))
      }
      return true
    } catch {
      errorOutput("\(error)")
      return false
    }
  }

  /// `3 nodes differ (2 new, 1 changed)`, or `a screen of 25 nodes` for a block that was empty.
  static func summary(_ diff: ScreenDiff) -> String {
    let counts = diff.counts
    guard diff.entries.contains(where: { $0.change != .added }) else {
      return "a screen of \(counts.added) \(counts.added == 1 ? "node" : "nodes")"
    }
    var parts: [String] = []
    if counts.added > 0 { parts.append("\(counts.added) new") }
    if counts.changed > 0 { parts.append("\(counts.changed) changed") }
    if counts.removed > 0 { parts.append("\(counts.removed) gone") }
    let total = counts.added + counts.changed + counts.removed
    return (total == 1 ? "1 node differs" : "\(total) nodes differ")
      + " (\(parts.joined(separator: ", ")))"
  }

  /// `rezepte show FILE`: the walkthrough of one scenario.
  public func show(_ options: CommandLineOptions.ShowOptions) async -> ExitCode {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: options.file, isDirectory: &isFolder),
      isFolder.boolValue
    {
      errorOutput(
        Console.errorLine(
          "show takes one scenario file, and \(options.file) is a folder; "
            + "'rezepte run \(options.file)' replays a folder"))
      return .badInput
    }
    let (scenarios, diagnostics) = ScenarioFiles.load([options.file], context: context)
    guard diagnostics.isEmpty, let scenario = scenarios.first else {
      for diagnostic in diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    let walkthrough = Walkthrough(runner: ScenarioRunner(now: now), full: options.full)
    let result = await walkthrough.run(scenario, on: makeDriver(), output: output)
    return ExitCode([result])
  }
}

/// A runner and the drivers it replays on, isolated to the main actor so that the replays of
/// `--jobs` can share them.
@MainActor
private final class Replayer {
  let runner: ScenarioRunner
  let makeDriver: () -> any ScenarioDriver

  init(runner: ScenarioRunner, makeDriver: @escaping () -> any ScenarioDriver) {
    self.runner = runner
    self.makeDriver = makeDriver
  }

  func run(_ scenario: Scenario) async -> ScenarioResult {
    await runner.run(scenario, on: makeDriver())
  }
}
