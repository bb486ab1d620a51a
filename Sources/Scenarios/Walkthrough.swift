import CommandLineKit
import ViewDescription
import ViewModels

/// `rezepte show FILE`: the learner's walkthrough of one scenario. It prints each step with the
/// comments before it; after each step that acts on the app, the simulated time, the requests
/// the step sent (spelled as `expect requests` spells them) and how the screen changed (a line
/// diff), or one line saying that it did not. `full` prints the whole screen after every such
/// step instead.
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
    var previousScreen: String?
    var previousKey: String?
    // The screens shown so far, with the step that led to each: a screen seen again (after
    // `back`, say) is named, not printed again.
    var seen: [String: String] = [:]
    // The last text of each screen of the navigation: a screen that comes back is compared
    // with itself as it was, not with the screen it covered.
    var lastOfScreen: [String: String] = [:]
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
      let screen = driver.screenText()
      if full {
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
          output("    " + line)
        }
        return
      }
      let sent = driver.sentRequests()
      let requests = Array(sent[min(requestsShown, sent.count)...])
      requestsShown = sent.count
      let key = driver.screen().map(ShownScreens.key(of:))
      let base = key == previousKey ? nil : key.flatMap { lastOfScreen[$0] }
      for line in changes(
        time: driver.simulatedTime(), requests: requests,
        before: previousScreen, after: screen, seenAfter: seen[screen], base: base)
      {
        output(line)
      }
      previousScreen = screen
      previousKey = key
      if let key { lastOfScreen[key] = screen }
      if seen[screen] == nil {
        seen[screen] = "line \(event.step.line) (`\(event.step.displayText)`)"
      }
    }
  }

  /// What one step did: the time, the requests, and the screen's change.
  ///
  /// - Parameters:
  ///   - seenAfter: the step after which this screen was shown before, if it was.
  ///   - base: what the screen is compared with when it is not `before`: the screen that came
  ///     back (after `back`) as it was when it was last on top.
  func changes(
    time: Duration, requests: [String], before: String?, after: String, seenAfter: String? = nil,
    base: String? = nil
  ) -> [String] {
    let at = "  at \(DurationText.format(time))"
    let sent =
      switch requests.count {
      case 0: "sent no requests"
      case 1: "sent 1 request:"
      default: "sent \(requests.count) requests:"
      }
    var lines: [String]
    if requests.isEmpty, before == after {
      return ["\(at), \(sent); the screen did not change"]
    }
    lines = ["\(at), \(sent)"] + requests.map { "    " + $0 }
    guard let before else {
      lines.append("  the screen:")
      return lines
        + after.split(separator: "\n", omittingEmptySubsequences: false).map {
          "    " + $0
        }
    }
    guard before != after else { return lines + ["  the screen did not change"] }
    if let seenAfter { return lines + ["  the screen is again the one after \(seenAfter)"] }
    lines.append("  the screen changed (+ new or changed lines):")
    return lines
      + ScreenDiff(old: base ?? before, new: after).lines(context: 1, style: .newSide).map {
        "    " + $0
      }
  }
}
