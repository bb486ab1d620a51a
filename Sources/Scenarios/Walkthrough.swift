/// `rezepte show FILE`: prints each step of a scenario, with its comments, and the screen after
/// every step that acts on the app.
@MainActor
public struct Walkthrough {
  public var runner: ScenarioRunner

  public init(runner: ScenarioRunner = ScenarioRunner()) {
    self.runner = runner
  }

  /// Replays the scenario, handing each printed line to `output`, and returns how it went.
  public func run(
    _ scenario: Scenario, on driver: some ScenarioDriver, output: (String) -> Void
  ) async -> ScenarioResult {
    var printedUpTo = 0
    let source = scenario.sourceLines
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
      if Self.showsScreen(after: event.step.action) {
        for line in driver.screenText().split(separator: "\n", omittingEmptySubsequences: false) {
          output("    " + line)
        }
      }
    }
  }

  /// Whether the step changes what the user sees, so that the walkthrough shows the screen.
  static func showsScreen(after action: Step.Action) -> Bool {
    switch action {
    case .title, .givenFavorites, .givenRandom, .givenStart, .network, .networkDelay,
      .expectTitle, .expectVisible, .expectHidden, .expectRequests, .expectScreen:
      false
    default:
      true
    }
  }
}
