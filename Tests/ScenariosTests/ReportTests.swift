import CommandLineKit
import Spelling
import Testing

@testable import ReplayCommands
@testable import Scenarios

@Suite struct ReportTests {
  static func result(
    title: String = "02-suche", failure: ScenarioFailure? = nil, stepsRun: Int = 12
  ) -> ScenarioResult {
    ScenarioResult(
      file: "Scenarios/02-suche.scenario", title: title, name: "02-suche", stepCount: 12,
      stepsRun: stepsRun, time: .milliseconds(12), simulatedTime: .milliseconds(1400),
      failure: failure, skipReason: nil, recordedScreens: [:])
  }

  static let failure = ScenarioFailure(
    file: "Scenarios/02-suche.scenario", line: 7, step: "expect title \"Suche\"",
    details: ["expected the title: \"Suche\"", "found:              \"Dessert\""])

  @Test("A report has one line per scenario, the failure beneath it, and the counts last")
  func reportLines() {
    let report = Report(useColor: false)
    let results = [
      Self.result(title: "Suche mit Pause"), Self.result(failure: Self.failure, stepsRun: 7),
    ]
    #expect(
      (results.flatMap { report.lines(for: $0) } + [report.summary(results)])
        == """
        passed  Suche mit Pause (02-suche)  12 steps  1.4s simulated
        failed  02-suche  step 7 of 12  1.4s simulated
            Scenarios/02-suche.scenario:7: failed: expect title "Suche"
              expected the title: "Suche"
              found:              "Dessert"
        1 passed, 1 failed
        """.split(separator: "\n").map(String.init))
  }

  @Test("A scenario whose blocks --record wrote says `recorded`, the blocks, and is counted apart")
  func recordedLine() {
    let report = Report(useColor: false)
    #expect(
      report.lines(for: Self.result(), recorded: ["recorded line 3: a screen of 2 nodes"]) == [
        "recorded  02-suche  12 steps  1.4s simulated",
        "    recorded line 3: a screen of 2 nodes",
      ])
    #expect(
      report.summary(
        [Self.result(), Self.result(), Self.result(failure: Self.failure)], recorded: 1)
        == "1 passed, 1 failed, 1 recorded")
  }

  @Test("Wall times appear only when asked for, so that a report is the same on every run")
  func wallTimeOnRequest() {
    #expect(
      Report(useColor: false).lines(for: Self.result()) == [
        "passed  02-suche  12 steps  1.4s simulated"
      ])
    #expect(
      Report(useColor: false, showsWallTime: true).lines(for: Self.result()) == [
        "passed  02-suche  12 steps  1.4s simulated  12ms wall"
      ])
  }

  @Test("A skipped scenario says where and why, and is counted apart")
  func skippedLine() {
    let skipped = ScenarioResult(
      file: "a.scenario", title: "a", name: "a", stepCount: 3, stepsRun: 2, time: .zero,
      simulatedTime: .zero, failure: nil,
      skipReason: "a.scenario:2: `network offline`: needs the offline catalog",
      recordedScreens: [:])
    let report = Report(useColor: false)
    #expect(
      report.lines(for: skipped) == [
        "skipped  a  step 2 of 3  0s simulated",
        "    a.scenario:2: `network offline`: needs the offline catalog",
      ])
    #expect(report.summary([skipped, Self.result()]) == "1 passed, 0 failed, 1 skipped")
    #expect(ExitCode([skipped, Self.result()]) == .success)
    #expect(ExitCode([skipped, Self.result(failure: Self.failure)]) == .failure)
  }

  @Test("Without colours the report has no escape codes")
  func noColor() {
    let report = Report(useColor: false)
    let lines =
      report.lines(for: Self.result()) + report.lines(for: Self.result(failure: Self.failure))
    #expect(!lines.joined().contains("\u{1B}"))
  }

  @Test("With colours passed is green and failed is red, and the last line stays plain")
  func color() {
    let report = Report(useColor: true)
    #expect(report.lines(for: Self.result())[0].hasPrefix("\u{1B}[32mpassed\u{1B}[0m"))
    #expect(report.lines(for: Self.result(failure: Self.failure))[0].hasPrefix("\u{1B}[31mfailed"))
    #expect(report.summary([Self.result()]) == "1 passed, 0 failed")
  }

  @Test(
    "Colours are used only on a terminal and never with NO_COLOR set",
    arguments: [(true, false, true), (false, false, false), (true, true, false)])
  func colorPolicy(isTerminal: Bool, noColor: Bool, expected: Bool) {
    #expect(Report.usesColor(isTerminal: isTerminal, noColor: noColor) == expected)
  }

  @Test("The exit code is 0 when all passed and 1 when one failed")
  func exitCodes() {
    #expect(ExitCode([Self.result(), Self.result()]) == .success)
    #expect(ExitCode([Self.result(), Self.result(failure: Self.failure)]) == .failure)
    #expect(ExitCode.badInput.rawValue == 2)
  }

  @Test("Wall times are rounded to what a reader takes in and spelled as scenario files spell time")
  func times() {
    #expect(DurationText.measured(.microseconds(400)) == "0.4ms")
    #expect(DurationText.measured(.microseconds(9_999)) == "9.9ms")
    #expect(DurationText.measured(.microseconds(12_345)) == "12ms")
    #expect(DurationText.measured(.milliseconds(1250)) == "1.25s")
    #expect(DurationText.measured(.milliseconds(61_234)) == "61.23s")
    #expect(DurationText.measured(.zero) == "0s")
  }
}
