import MealDB
import Scenarios
import Spelling
import ViewDescription

extension ScenarioRunner {
  /// `rezepte show FILE`, the learner's walkthrough of one scenario: replays it, handing each
  /// printed line to `output`, and returns how it went; `full` prints the whole screen after
  /// every step that acts on the app instead of what changed.
  ///
  /// Every line has its control characters made visible (`Quoting.visible`): comments, steps,
  /// requests and failures come from the file and the catalog, not from this program.
  func walkthrough(
    _ scenario: Scenario, on driver: AppDriver, full: Bool, output print: (String) -> Void
  ) async -> ScenarioResult {
    func output(_ line: String) { print(Quoting.visible(line)) }
    let captions = scenario.captions
    return await replay(scenario, on: driver) { moment in
      let step = moment.event.step
      // The comments and blank lines since the previous step explain this one.
      for line in captions[moment.event.index] {
        let trimmed = line.trimmed(.whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { output(line) }
      }
      if let failure = moment.event.failure {
        output(step.displayText)
        output(failure.description)
        return
      }
      output(step.displayText + (step.action.role == .expectation ? "  ✓" : ""))
      guard [.gesture, .app].contains(step.action.role) else { return }
      for line in lines(after: moment, of: scenario, on: driver, full: full) { output(line) }
    }
  }

  /// What one step did: the time, the requests it sent, and what became of the screen.
  private func lines(
    after moment: ReplayMoment, of scenario: Scenario, on driver: AppDriver, full: Bool
  ) -> [String] {
    let requests = moment.requests
    let sent =
      switch requests.count {
      case 0: "sent no requests"
      case 1: "sent 1 request:"
      default: "sent \(requests.count) requests:"
      }
    let summary = "  at \(DurationText.format(driver.app.now)), \(sent)"
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
