import CommandLineKit
import Scenarios
import Spelling
import ViewDescription
import ViewModels

/// `rezepte show FILE`: the learner's walkthrough of one scenario. It prints each step with the
/// comments before it; after each step that acts on the app, the simulated time, the requests
/// the step sent (spelled as `expect requests` spells them) and the nodes of the screen that are
/// new or changed (`ScreenDiff`, with a screen that comes back compared with itself as it was),
/// or one line saying that nothing changed. `full` prints the whole screen after every such step
/// instead of what changed.
@MainActor
public struct Walkthrough {
  public var runner: ScenarioRunner
  /// Whether to print the whole screen after every step instead of what changed.
  public var full: Bool

  public init(runner: ScenarioRunner = ScenarioRunner(), full: Bool = false) {
    self.runner = runner
    self.full = full
  }

  /// Replays the scenario, handing each printed line to `output`, and returns how it went.
  ///
  /// Every line has its control characters made visible (`Quoting.visible`): comments, steps,
  /// requests and failures come from the file and the catalog, not from this program.
  public func run(
    _ scenario: Scenario, on driver: some ScenarioDriver, output print: (String) -> Void
  ) async -> ScenarioResult {
    await withoutActuallyEscaping(print) { print in
      await replay(scenario, on: driver) { print(Quoting.visible($0)) }
    }
  }

  private func replay(
    _ scenario: Scenario, on driver: some ScenarioDriver, output: (String) -> Void
  ) async -> ScenarioResult {
    var printedUpTo = 0
    let source = scenario.sourceLines
    var requestsShown = 0
    var previousText: String?
    var shown = ShownScreens()
    // The screens shown so far, with the step that led to each: a screen seen again (after
    // `back`, say) is named, not printed again.
    var seen: [String: String] = [:]
    return await runner.run(scenario, on: driver) { event in
      // The comments and blank lines since the previous step explain this one.
      let stepIndex = event.step.line - 1
      for line in source[min(printedUpTo, stepIndex)..<stepIndex] {
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { output(line) }
      }
      printedUpTo =
        (event.step.block?.lines.upperBound).map { max($0, stepIndex + 1) }
        ?? stepIndex + 1
      if let failure = event.failure {
        output(event.step.displayText)
        output(failure.description)
        return
      }
      let mark = event.step.action.isExpectation ? "  ✓" : ""
      output(event.step.displayText + mark)
      guard event.step.action.changesScreen else { return }
      let text = driver.screenText()
      let requests = driver.sentRequests(from: requestsShown)
      requestsShown += requests.count
      let comparison = driver.screen().map { shown.show($0) }
      let change: ScreenChange =
        if full {
          .whole(text, title: "the screen:")
        } else if text == previousText {
          .none
        } else if let step = seen[text] {
          .again(step)
        } else {
          switch comparison {
          case .since(let before, let now)?: .diff(ScreenDiff(old: before, new: now))
          case .new?: .whole(text, title: "a new screen:")
          case .first?, nil: .whole(text, title: "the screen:")
          }
        }
      for line in Self.lines(time: driver.simulatedTime(), requests: requests, change: change) {
        output(line)
      }
      previousText = text
      if seen[text] == nil {
        seen[text] = "line \(event.step.line) (`\(event.step.displayText)`)"
      }
    }
  }

  /// What a step did to the screen, as the walkthrough tells it.
  enum ScreenChange {
    /// Nothing.
    case none
    /// It is a screen shown before exactly, after the step this names.
    case again(String)
    /// The nodes that are new, changed or gone since this screen was last shown.
    case diff(ScreenDiff)
    /// The whole screen, under a title: the first one, one pushed for the first time, or every
    /// screen with `--full`.
    case whole(String, title: String)
  }

  /// What one step did: the time, the requests, and the screen's change.
  static func lines(time: Duration, requests: [String], change: ScreenChange) -> [String] {
    let at = "  at \(DurationText.format(time))"
    let sent =
      switch requests.count {
      case 0: "sent no requests"
      case 1: "sent 1 request:"
      default: "sent \(requests.count) requests:"
      }
    if requests.isEmpty, case .none = change {
      return ["\(at), \(sent); the screen did not change"]
    }
    let lines = ["\(at), \(sent)"] + requests.map { "    " + $0 }
    switch change {
    case .none:
      return lines + ["  the screen did not change"]
    case .again(let step):
      return lines + ["  the screen is again the one after \(step)"]
    case .diff(let diff):
      return lines + ["  the screen changed (+ new or changed lines):"]
        + diff.lines(context: 1, style: .newSide).map { "    " + $0 }
    case .whole(let text, let title):
      return lines + ["  " + title]
        + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
  }
}
