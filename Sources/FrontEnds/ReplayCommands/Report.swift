import CommandLineKit
import Foundation
import Scenarios
import Spelling

extension ExitCode {
  /// The status for these results: `failure` when any failed, else `success`.
  init(_ results: [ScenarioResult]) {
    self = results.contains { $0.failure != nil } ? .failure : .success
  }
}

/// The run's report: one line per scenario, the failures, and `N passed, N failed` last.
struct Report: Sendable {
  /// Whether `passed`, `failed`, `skipped` and `recorded` are coloured.
  var useColor: Bool
  /// Whether each line ends with the wall time the scenario took. Off by default, so that the
  /// same scenarios print the same bytes on every run and machine.
  var showsWallTime = false

  /// Whether standard output (or an output that is a terminal or not) gets colours: only on a
  /// terminal, and never when `NO_COLOR` is set.
  static func usesColor(
    isTerminal: Bool = isatty(1) == 1, noColor: Bool = getenv("NO_COLOR") != nil
  ) -> Bool {
    isTerminal && !noColor
  }

  /// `passed  Titel (file)  12 steps  1.4s simulated` (and the wall time with `showsWallTime`);
  /// a failure's text follows on the next lines, then the blocks `--record` wrote, one per line
  /// (`recorded` replaces `passed` when it wrote one).
  func lines(for result: ScenarioResult, recorded: [String] = []) -> [String] {
    let (word, color) =
      result.skipped
      ? ("skipped", 33)
      : !result.passed ? ("failed", 31) : recorded.isEmpty ? ("passed", 32) : ("recorded", 33)
    // Green, red or yellow on a terminal.
    let status = useColor ? "\u{1B}[\(color)m\(word)\u{1B}[0m" : word
    // Titles, file names and failures come from files and catalogs: their control characters
    // are shown, not sent to the terminal.
    let name = Quoting.visible(
      result.title == result.name ? result.name : "\(result.title) (\(result.name))")
    let steps =
      result.passed
      ? (result.stepCount == 1 ? "1 step" : "\(result.stepCount) steps")
      : "step \(result.stepsRun) of \(result.stepCount)"
    var line =
      "\(status)  \(name)  \(steps)  \(DurationText.format(result.simulatedTime)) simulated"
    if showsWallTime { line += "  \(DurationText.measured(result.time)) wall" }
    let details =
      (result.skipReason.map { [$0] } ?? [])
      + (result.failure?.description.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init) ?? []) + recorded
    return [line] + details.map { "    " + Quoting.visible($0) }
  }

  /// `N passed, N failed`: always the last line of a run; `, N skipped` when a mode skipped
  /// some, and `, N recorded` for the passing scenarios whose blocks `--record` wrote.
  func summary(_ results: [ScenarioResult], recorded: Int = 0) -> String {
    let passed = results.filter(\.passed).count - recorded
    let skipped = results.filter(\.skipped).count
    let failed = results.count - passed - skipped - recorded
    return "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
      + (recorded > 0 ? ", \(recorded) recorded" : "")
  }
}
