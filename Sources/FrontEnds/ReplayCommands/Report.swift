import CommandLineKit
import Scenarios
import Spelling
import ViewDescription

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ExitCode {
  /// The status for these results: `failure` when any failed, else `success`.
  public init(_ results: [ScenarioResult]) {
    self = results.contains { $0.failure != nil } ? .failure : .success
  }
}

/// Whether output gets colours: only on a terminal, and never when `NO_COLOR` is set.
public enum ColorPolicy {
  /// Colours for an output that is (or is not) a terminal, in this environment.
  public static func useColor(isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && environment["NO_COLOR"] == nil
  }

  /// Whether standard output is a terminal.
  public static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// `useColor` for standard output in this process's environment. Asks for the one variable:
  /// `ProcessInfo.environment` copies all of them into a dictionary, a fifth of the time
  /// `rezepte run` spends reading its scenario files.
  public static var standardOutput: Bool {
    standardOutputIsTerminal && getenv("NO_COLOR") == nil
  }
}

/// The run's report: one line per scenario, the failures, and `N passed, N failed` last.
public struct Report: Sendable {
  /// Whether `passed` and `failed` are coloured green and red.
  public var useColor: Bool
  /// Whether each line ends with the wall time the scenario took. Off by default, so that the
  /// same scenarios print the same bytes on every run and machine.
  public var showsWallTime: Bool

  public init(useColor: Bool, showsWallTime: Bool = false) {
    self.useColor = useColor
    self.showsWallTime = showsWallTime
  }

  /// `passed  Titel (file)  12 steps  1.4s simulated` (and the wall time with `showsWallTime`);
  /// a failure's text follows on the next lines.
  public func lines(for result: ScenarioResult) -> [String] {
    let status =
      result.passed
      ? paint("passed", .green) : result.skipped ? paint("skipped", .yellow) : paint("failed", .red)
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
    var lines = [line]
    if let reason = result.skipReason {
      lines.append("    " + Quoting.visible(reason))
    }
    if let failure = result.failure {
      lines += failure.description.split(separator: "\n", omittingEmptySubsequences: false).map {
        "    " + Quoting.visible(String($0))
      }
    }
    return lines
  }

  /// `N passed, N failed`: always the last line of a run.
  /// `N passed, N failed, N skipped` when a mode skipped some.
  public func summary(_ results: [ScenarioResult]) -> String {
    let passed = results.filter(\.passed).count
    let skipped = results.filter(\.skipped).count
    let failed = results.count - passed - skipped
    return "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }

  /// The whole report.
  public func render(_ results: [ScenarioResult]) -> String {
    (results.flatMap(lines(for:)) + [summary(results)]).joined(separator: "\n")
  }

  enum Color: String {
    case green = "\u{1B}[32m"
    case red = "\u{1B}[31m"
    case yellow = "\u{1B}[33m"
  }

  func paint(_ text: String, _ color: Color) -> String {
    guard useColor else { return text }
    return color.rawValue + text + "\u{1B}[0m"
  }
}
