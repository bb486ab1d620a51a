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
    await ReplayCollector(runner: runner).replay(scenario, on: driver) { moment in
      let step = moment.event.step
      // The comments and blank lines since the previous step explain this one.
      for line in moment.caption {
        let trimmed = line.trimmingWhitespace()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { output(line) }
      }
      if let failure = moment.event.failure {
        output(step.displayText)
        output(failure.description)
        return
      }
      output(step.displayText + (step.action.isExpectation ? "  ✓" : ""))
      guard step.action.changesScreen else { return }
      let change: ScreenChange =
        switch (full, moment.comparison) {
        case (true, _): .whole(driver.screenText(), title: "the screen:")
        case (false, .unchanged?): .none
        case (false, .since(_, _, let shownAfter?)?): .again(scenario.steps[shownAfter])
        case (false, .since(let before, let now, nil)?): .diff(ScreenDiff(old: before, new: now))
        case (false, .new?): .whole(driver.screenText(), title: "a new screen:")
        case (false, .first?), (false, nil): .whole(driver.screenText(), title: "the screen:")
        }
      let lines = Self.lines(
        time: moment.simulatedTime, requests: moment.requests, change: change)
      for line in lines { output(line) }
    }
  }

  /// What a step did to the screen, as the walkthrough tells it.
  enum ScreenChange {
    /// Nothing.
    case none
    /// It is exactly the screen shown after this step before.
    case again(Step)
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
      return lines + [
        "  the screen is again the one after line \(step.line) (`\(step.displayText)`)"
      ]
    case .diff(let diff):
      return lines + ["  the screen changed (+ new or changed lines):"]
        + diff.lines(context: 1, style: .newSide).map { "    " + $0 }
    case .whole(let text, let title):
      return lines + ["  " + title]
        + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    }
  }
}
