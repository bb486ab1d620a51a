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

  /// Runs every step in order until the first failure; while recording, a failed expectation
  /// other than a screen is reported and the replay goes on, so every `expect screen` block
  /// is recorded. A step the driver cannot carry out at all (`StepUnavailable.isUnsupported`) skips the rest.
  public func run(
    _ scenario: Scenario, on driver: AppDriver, observe: (StepEvent) -> Void = { _ in }
  ) async -> ScenarioResult {
    let start = now()
    var recorded: [Int: String] = [:]
    var failure: ScenarioFailure?
    var stepsRun = 0
    var skipReason: String?
    for (index, step) in scenario.steps.enumerated() {
      stepsRun = index + 1
      var details: [String]?
      do {
        switch try await step.action.replay(on: driver, mode: mode) {
        case .done: break
        case .failed(let lines): details = lines
        case .recorded(let screen): recorded[index] = screen
        }
      } catch let unsupported as StepUnavailable where unsupported.isUnsupported {
        skipReason = "\(scenario.file):\(step.line): `\(step.displayText)`: \(unsupported)"
        break
      } catch {
        details = ["cannot do this here: \(error)"]
      }
      let stepFailure = details.map {
        ScenarioFailure(file: scenario.file, line: step.line, step: step.displayText, details: $0)
      }
      failure = failure ?? stepFailure
      observe(StepEvent(index: index, step: step, failure: stepFailure))
      if stepFailure != nil, !(mode == .record && step.action.role == .expectation) { break }
    }
    return ScenarioResult(
      file: scenario.file, title: scenario.title, name: scenario.name,
      stepCount: scenario.steps.count, stepsRun: stepsRun, time: now() - start,
      simulatedTime: driver.app.now, failure: failure, skipReason: skipReason,
      recordedScreens: recorded)
  }
}

/// How one scenario went.
public struct ScenarioResult: Equatable, Sendable {
  /// The scenario's file as given.
  public let file: String
  public let title: String
  /// The file name without folders and extension.
  public let name: String
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
