import CommandLineKit
import FileSafety
import Foundation
import Scenarios
import Spelling
import ViewDescription

/// `rezepte run`, `show` and `storyboard` without the process around them: reads the files,
/// reports bad input, replays each scenario on a fresh driver, prints the report, and records
/// screens or writes pages.
@MainActor
struct ScenarioCommand {
  /// Names the files are checked against.
  var context: ScenarioContext
  /// A new app for each scenario.
  var makeDriver: @MainActor () -> AppDriver
  /// Whether the report is coloured (see `Report.usesColor`).
  var useColor: Bool
  /// Standard output, one line per call.
  var output: (String) -> Void
  /// Standard error, one line (or block of lines) per call.
  var errorOutput: (String) -> Void
  /// The time source for the report.
  var now: () -> Duration = ScenarioRunner.wallClock()

  /// `rezepte run`: replays every scenario at the invocation's paths (of its `--shard`, if
  /// given), or lists them; writes files only with `--record` and when every file parsed and
  /// can be written, and then exits with 1 when it wrote a block.
  func run(_ invocation: Invocation) async -> ExitCode {
    let options = ScenarioCommands.RunOptions(invocation)
    let (record, list, filter) = (options.record, options.list, options.filter)
    let paths = ScenarioCommands.paths(invocation)
    let (entries, missing) = ScenarioFiles.collectEntries(paths)
    let files = entries.filter { options.shard?.contains(key: $0.key) ?? true }.map(\.file)
    let (loaded, diagnostics) = ScenarioFiles.load(
      files, context: context, allowsEmptyScreens: record)
    let scenarios = ScenarioFiles.filter(loaded, by: filter)
    // With `--record`, every file is checked before anything replays, so that no file is
    // rewritten while another cannot be.
    let unwritable =
      record && !list ? Self.unwritable(scenarios.map(\.file), "cannot record the file") : []
    guard noneOf(missing + diagnostics + unwritable) else { return .badInput }
    guard !entries.isEmpty else {
      return badInput("there are no .scenario files in \(paths.joined(separator: ", "))")
    }
    if scenarios.isEmpty, !loaded.isEmpty, let filter {
      return badInput("no scenario's file name or title contains `\(filter)`")
    }
    if list {
      // Names of files and folders are anyone's: their control characters are shown.
      for scenario in scenarios { output(Quoting.visible(scenario.file)) }
      return .success
    }

    let runner = ScenarioRunner(mode: record ? .record : .check, now: now)
    let report = Report(useColor: useColor, showsWallTime: options.timing)
    var results: [ScenarioResult] = []
    var recorded = 0
    var failedToRecord = false
    await replay(scenarios, runner: runner, jobs: options.jobs) { scenario, result in
      var blocks: [String] = []
      if record {
        guard let written = writeRecording(scenario, result) else {
          failedToRecord = true
          return false
        }
        blocks = written
        if result.passed, !blocks.isEmpty { recorded += 1 }
      }
      results.append(result)
      for line in report.lines(for: result, recorded: blocks) { output(line) }
      return true
    }
    guard !failedToRecord else { return .badInput }
    output(report.summary(results, recorded: recorded))
    return recorded > 0 ? .failure : ExitCode(results)
  }

  /// Replays `scenarios`, `jobs` at a time, and hands each result to `report` in file order
  /// until it returns `false`. Replays at once overlap only their waiting for a server; each has
  /// its own app, clock and transport, so the report is the same bytes as a serial run's.
  func replay(
    _ scenarios: [Scenario], runner: ScenarioRunner, jobs: Int,
    report: (Scenario, ScenarioResult) -> Bool
  ) async {
    let replay: @MainActor (Scenario) async -> ScenarioResult = {
      await runner.run($0, on: makeDriver())
    }
    for start in stride(from: 0, to: scenarios.count, by: jobs) {
      let batch = start..<min(start + jobs, scenarios.count)
      var results: [Int: ScenarioResult] = [:]
      await withTaskGroup(of: (Int, ScenarioResult).self) { group in
        for index in batch {
          group.addTask { [scenario = scenarios[index]] in (index, await replay(scenario)) }
        }
        for await (index, result) in group { results[index] = result }
      }
      for index in batch {
        guard let result = results[index], report(scenarios[index], result) else { return }
      }
    }
  }

  /// Writes the screens `result` recorded into the scenario's file, if any changed; returns
  /// what changed in each block written (how many nodes are new, changed and gone), or `nil`
  /// after saying why the file cannot be written.
  func writeRecording(_ scenario: Scenario, _ result: ScenarioResult) -> [String]? {
    let text = scenario.recording(actualScreens: result.recordedScreens)
    guard text != scenario.source else { return [] }
    do throws(FileWriteError) {
      try AtomicFile.write(Data(text.utf8), to: scenario.file)
    } catch {
      errorOutput(Self.fileError(error, "cannot record the file").description)
      return nil
    }
    return result.recordedScreens.sorted { $0.key < $1.key }.compactMap {
      index, screen -> String? in
      let step = scenario.steps[index]
      guard let expected = step.action.recordedText, expected != screen else { return nil }
      let noun = if case .expectSpoken = step.action { "line" } else { "node" }
      return "recorded line \(step.line): "
        + Self.summary(ScreenDiff(old: expected, new: screen), of: noun)
    }
  }

  /// Writes `problems` to standard error, one a line; whether there were none.
  func noneOf(_ problems: [Diagnostic]) -> Bool {
    for problem in problems { errorOutput(problem.description) }
    return problems.isEmpty
  }

  /// Writes `message` to standard error as an error line: bad input.
  func badInput(_ message: String) -> ExitCode {
    errorOutput(Console.errorLine(message))
    return .badInput
  }

  /// The error of a file that cannot be written: `what` it was for, and why.
  static func fileError(_ error: FileWriteError, _ what: String) -> Diagnostic {
    Diagnostic(file: error.path, line: nil, message: "\(what): \(error.reason)")
  }

  /// `fileError` for each of `files` that cannot be written now: a symbolic link is written
  /// through, a file keeps its permissions, and a read-only file is left alone.
  static func unwritable(_ files: [String], _ what: String) -> [Diagnostic] {
    files.compactMap { file in
      do throws(FileWriteError) {
        try AtomicFile.checkWritable(file)
        return nil
      } catch {
        return fileError(error, what)
      }
    }
  }

  /// `3 nodes differ (2 new, 1 changed)`, or `a screen of 25 nodes` for a block that was empty.
  static func summary(_ diff: ScreenDiff, of noun: String = "node") -> String {
    let counts = diff.counts
    guard diff.entries.contains(where: { $0.change != .added }) else {
      return "a screen of \(counts.added) \(counts.added == 1 ? noun : noun + "s")"
    }
    let parts = [(counts.added, "new"), (counts.changed, "changed"), (counts.removed, "gone")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    let total = counts.added + counts.changed + counts.removed
    return (total == 1 ? "1 \(noun) differs" : "\(total) \(noun)s differ")
      + " (\(parts.joined(separator: ", ")))"
  }

  /// `rezepte show FILE`: the walkthrough of one scenario.
  func show(_ file: String, full: Bool = false, voiceOver: Bool = false) async -> ExitCode {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
      return badInput(
        "show takes one scenario file, and \(file) is a folder; 'rezepte run \(file)' replays a "
          + "folder")
    }
    let (scenarios, diagnostics) = ScenarioFiles.load([file], context: context)
    guard noneOf(diagnostics), let scenario = scenarios.first else { return .badInput }
    let result = await ScenarioRunner(now: now).walkthrough(
      scenario, on: makeDriver(), full: full, voiceOver: voiceOver, output: output)
    return ExitCode([result])
  }
}
