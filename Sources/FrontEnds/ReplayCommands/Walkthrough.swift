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
    _ scenario: Scenario, on driver: AppDriver, output print: (String) -> Void
  ) async -> ScenarioResult {
    func output(_ line: String) { print(Quoting.visible(line)) }
    return await ReplayCollector(runner: runner).replay(scenario, on: driver) { moment in
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
      for line in lines(after: moment, of: scenario, on: driver) { output(line) }
    }
  }

  /// What one step did: the time, the requests it sent, and what became of the screen.
  private func lines(
    after moment: ReplayCollector.Moment, of scenario: Scenario, on driver: AppDriver
  ) -> [String] {
    let requests = moment.requests
    let sent =
      switch requests.count {
      case 0: "sent no requests"
      case 1: "sent 1 request:"
      default: "sent \(requests.count) requests:"
      }
    let summary = "  at \(DurationText.format(moment.simulatedTime)), \(sent)"
    func whole(_ title: String) -> [String] {
      ["  " + title]
        + driver.screenText().split(separator: "\n", omittingEmptySubsequences: false).map {
          "    " + $0
        }
    }
    let screen: [String]
    switch (full, moment.comparison) {
    case (true, _):
      screen = whole("the screen:")
    case (false, .unchanged?):
      guard !requests.isEmpty else { return [summary + "; the screen did not change"] }
      screen = ["  the screen did not change"]
    case (false, .since(_, _, let shownAfter?)?):
      let step = scenario.steps[shownAfter]
      screen = ["  the screen is again the one after line \(step.line) (`\(step.displayText)`)"]
    case (false, .since(let before, let now, nil)?):
      screen =
        ["  the screen changed (+ new or changed lines):"]
        + ScreenDiff(old: before, new: now).lines(context: 1, style: .newSide).map { "    " + $0 }
    case (false, .new?):
      screen = whole("a new screen:")
    case (false, .first?), (false, nil):
      screen = whole("the screen:")
    }
    return [summary] + requests.map { "    " + $0 } + screen
  }
}
