import MealDB
import Scenarios
import Spelling
import ViewDescription

extension ScenarioRunner {
  /// `rezepte show FILE`, the learner's walkthrough of one scenario: replays it, handing each
  /// printed line to `output`, and returns how it went; `full` prints the whole screen after
  /// every step that acts on the app instead of what changed, `voiceOver` what VoiceOver reads
  /// of it and what the app announced.
  ///
  /// It speaks German, as the lesson and the storyboard do; a failed step is said as `run` says
  /// it. Every line has its control characters made visible (`Quoting.visible`): comments,
  /// steps, requests and failures come from the file and the catalog, not from this program.
  func walkthrough(
    _ scenario: Scenario, on driver: AppDriver, full: Bool, voiceOver: Bool = false,
    output print: (String) -> Void
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
        // The failure's own lines (its diff, say) stay lines.
        for line in failure.description.split(separator: "\n", omittingEmptySubsequences: false) {
          output(String(line))
        }
        return
      }
      output(step.displayText + (step.action.role == .expectation ? "  ✓" : ""))
      guard [.gesture, .app].contains(step.action.role) else { return }
      for line in lines(after: moment, of: scenario, on: driver, full: full) { output(line) }
      guard voiceOver else { return }
      output("  VoiceOver liest:")
      for line in driver.spokenLines() { output("    " + line) }
      for said in driver.announced { output("  angesagt: „\(said)“") }
    }
  }

  /// What one step did: the time, the requests it sent, and what became of the screen.
  private func lines(
    after moment: ReplayMoment, of scenario: Scenario, on driver: AppDriver, full: Bool
  ) -> [String] {
    let requests = moment.requests
    let sent =
      switch requests.count {
      case 0: "keine Anfrage gesendet"
      case 1: "1 Anfrage gesendet:"
      default: "\(requests.count) Anfragen gesendet:"
      }
    let summary = "  t = \(DurationText.format(driver.app.now)), \(sent)"
    func whole(_ title: String) -> [String] {
      ["  " + title]
        + driver.screenText().split(separator: "\n", omittingEmptySubsequences: false).map {
          "    " + $0
        }
    }
    let screen: [String]
    switch (full, moment.comparison) {
    case (true, _), (false, .first?), (false, nil):
      screen = whole("Bildschirm:")
    case (false, .unchanged?):
      guard !requests.isEmpty else { return [summary + "; Bildschirm unverändert"] }
      screen = ["  Bildschirm unverändert"]
    case (false, .since(_, _, let shownAfter?)?):
      let step = scenario.steps[shownAfter]
      screen = ["  Bildschirm wie nach Zeile \(step.line) (`\(step.displayText)`)"]
    case (false, .since(let before, let now, nil)?):
      screen =
        ["  Bildschirm geändert (+ neue oder geänderte Zeilen):"]
        + ScreenDiff(old: before, new: now).lines(context: 1, style: .newSide).map { "    " + $0 }
    case (false, .new?):
      screen = whole("neuer Bildschirm:")
    }
    return [summary] + requests.map { "    " + $0 } + screen
  }
}
