/// Replays parsed scenarios step by step against a driver and checks their expectations.
@MainActor
public struct ScenarioRunner {
  /// Whether `expect screen` compares the screen or records it.
  public enum Mode: Equatable, Sendable {
    /// Compare every expectation.
    case check
    /// Record the actual screen for every `expect screen` instead of comparing it.
    case record
  }

  /// What happened to one step, as `run(_:on:observe:)` reports it while it goes.
  public struct StepEvent: Sendable {
    /// The index of the step in `scenario.steps`.
    public let index: Int
    /// The step.
    public let step: Step
    /// Why the step failed, or `nil` when it passed.
    public let failure: ScenarioFailure?
  }

  public var mode: Mode
  /// The time elapsed since some fixed moment; the difference of two readings times a scenario.
  public var now: () -> Duration

  public init(mode: Mode = .check, now: @escaping () -> Duration = ScenarioRunner.wallClock()) {
    self.mode = mode
    self.now = now
  }

  /// A reading of the machine's monotonic clock, for timing scenarios in the report.
  public nonisolated static func wallClock() -> () -> Duration {
    let clock = ContinuousClock()
    let origin = clock.now
    return { clock.now - origin }
  }

  /// Runs every step in order until the first failure.
  public func run(
    _ scenario: Scenario, on driver: some ScenarioDriver,
    observe: (StepEvent) -> Void = { _ in }
  ) async -> ScenarioResult {
    let start = now()
    var recorded: [Int: String] = [:]
    var failure: ScenarioFailure?
    var stepsRun = 0
    var skipReason: String?
    for (index, step) in scenario.steps.enumerated() {
      stepsRun += 1
      do {
        if let problem = try await perform(step, index: index, on: driver, recorded: &recorded) {
          failure = ScenarioFailure(
            file: scenario.file, line: step.line, step: step.displayText, details: problem)
        }
      } catch {
        skipReason = "\(scenario.file):\(step.line): `\(step.displayText)`: \(error.message)"
        break
      }
      observe(StepEvent(index: index, step: step, failure: failure))
      if failure != nil { break }
    }
    return ScenarioResult(
      file: scenario.file, title: scenario.title, name: scenario.name,
      stepCount: scenario.steps.count, stepsRun: stepsRun, time: now() - start,
      simulatedTime: driver.simulatedTime(), failure: failure, skipReason: skipReason,
      recordedScreens: recorded)
  }

  /// Carries out one step; returns what went wrong, if anything, as the failure's detail lines.
  ///
  /// - Throws: `StepUnsupported` when the driver cannot carry out this kind of step at all, so the
  ///   rest of the scenario is skipped rather than failed.
  func perform(
    _ step: Step, index: Int, on driver: some ScenarioDriver, recorded: inout [Int: String]
  ) async throws(StepUnsupported) -> [String]? {
    do {
      switch step.action {
      case .title: break
      case .givenFavorites(let ids): try await driver.setFavorites(ids)
      case .givenRandom(let ids): try await driver.enqueueRandom(ids)
      case .givenStart(let start): try await driver.setStart(start)
      case .launch: try await driver.launch()
      case .relaunch: try await driver.relaunch()
      case .type(let text): try await driver.type(text)
      case .clearSearch: try await driver.clearSearch()
      case .wait(let duration): try await driver.wait(duration)
      case .pickCategory(let name): try await driver.pickCategory(name)
      case .pullToRefresh: try await driver.pullToRefresh()
      case .tapDice: try await driver.tapDice()
      case .open(let name): try await driver.open(name)
      case .back: try await driver.back()
      case .toggleHeart: try await driver.toggleHeart()
      case .retry: try await driver.retry()
      case .network(let fault, let endpoint): try await driver.setNetwork(fault, for: endpoint)
      case .networkDelay(let delay, let endpoint): try await driver.setDelay(delay, for: endpoint)
      case .focusSearch: try await driver.focusSearch()
      case .pickSuggestion(let text): try await driver.pickSuggestion(text)
      case .tap(let label): try await driver.tap(label)
      case .dismissNotice: try await driver.dismissNotice()
      case .expectTitle(let expected):
        let title = driver.title()
        guard title == expected else {
          return [
            "expected the title: \(quote(expected))",
            "found:              " + (title.map(quote) ?? "no title"),
          ]
        }
      case .expectVisible(let text):
        let texts = driver.visibleTexts()
        guard texts.contains(text) else {
          return ["expected a node showing \(quote(text)), but none does; the screen shows:"]
            + texts.map { "  " + quote($0) }
        }
      case .expectHidden(let text):
        let count = driver.visibleTexts().filter { $0 == text }.count
        guard count == 0 else {
          let nodes = count == 1 ? "1 node shows it" : "\(count) nodes show it"
          return ["expected no node showing \(quote(text)), but \(nodes)"]
        }
      case .expectRequests(let count, let listed):
        return checkRequests(driver.takeRequests(), count: count, listed: listed)
      case .expectScreen(let expected):
        let actual = driver.screenText()
        if mode == .record {
          recorded[index] = actual
        } else if actual != expected {
          return ["the screen differs from the block (− expected, + actual):"]
            + ScreenDiff.lines(expected: expected, actual: actual).map { "  " + $0 }
        }
      }
    } catch let unavailable as StepUnavailable {
      return ["cannot do this here: \(unavailable.message)"]
    } catch let unsupported as StepUnsupported {
      throw unsupported
    } catch {
      return ["the step threw an error: \(error)"]
    }
    return nil
  }

  func checkRequests(_ sent: [String], count: Int, listed: [String]?) -> [String]? {
    if let listed, listed != sent {
      return [
        "expected \(requests(count)), found \(requests(sent.count)) (− expected, + actual):"
      ] + ScreenDiff.lines(expected: listed, actual: sent, context: .max).map { "  " + $0 }
    }
    guard sent.count == count else {
      return [
        "expected \(requests(count)), found \(requests(sent.count))" + (sent.isEmpty ? "" : ":")
      ]
        + sent.map { "  " + $0 }
    }
    return nil
  }

  func requests(_ count: Int) -> String { count == 1 ? "1 request" : "\(count) requests" }

  func quote(_ text: String) -> String { "\"" + text + "\"" }
}

/// How one scenario went.
public struct ScenarioResult: Equatable, Sendable {
  /// The scenario's file as given.
  public let file: String
  /// The scenario's title.
  public let title: String
  /// The file name without folders and extension.
  public let name: String
  /// The number of steps in the scenario.
  public let stepCount: Int
  /// The steps that ran, the failing one included.
  public let stepsRun: Int
  /// The wall time the scenario took.
  public let time: Duration
  /// The virtual time the scenario spanned: what its `wait`s moved the clock by.
  public let simulatedTime: Duration
  /// Why the scenario failed, or `nil` when it passed or was skipped.
  public let failure: ScenarioFailure?
  /// Where and why the scenario stopped without a verdict: a step this mode cannot carry out.
  public let skipReason: String?
  /// The screens found at `expect screen` steps while recording, by step index.
  public let recordedScreens: [Int: String]

  /// Whether every step passed.
  public var passed: Bool { failure == nil && skipReason == nil }

  /// Whether a step stopped the scenario that this mode cannot carry out.
  public var skipped: Bool { skipReason != nil }

  public init(
    file: String, title: String, name: String, stepCount: Int, stepsRun: Int, time: Duration,
    simulatedTime: Duration = .zero, failure: ScenarioFailure?, skipReason: String? = nil,
    recordedScreens: [Int: String]
  ) {
    self.file = file
    self.title = title
    self.name = name
    self.stepCount = stepCount
    self.stepsRun = stepsRun
    self.time = time
    self.simulatedTime = simulatedTime
    self.failure = failure
    self.skipReason = skipReason
    self.recordedScreens = recordedScreens
  }
}

/// A failed step: where it is, what it is, what was expected and what was found.
public struct ScenarioFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int
  /// The step as written, without its comment.
  public let step: String
  /// What was expected and what was found, one entry per line.
  public let details: [String]

  /// `file:line: failed: step`, then the details indented by two spaces.
  public var description: String {
    (["\(file):\(line): failed: \(step)"] + details.map { "  " + $0 }).joined(separator: "\n")
  }
}
