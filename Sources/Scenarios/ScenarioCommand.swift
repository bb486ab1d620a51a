/// `rezepte run` and `rezepte show` without the process around them: reads the files, reports bad
/// input, replays each scenario on a fresh driver, prints the report and records screens.
@MainActor
public struct ScenarioCommand {
  /// Names the files are checked against.
  public var context: ScenarioContext
  /// A new app for each scenario.
  public var makeDriver: () -> any ScenarioDriver
  /// Whether the report is coloured (see `ColorPolicy`).
  public var useColor: Bool
  /// Standard output, one line per call.
  public var output: (String) -> Void
  /// Standard error, one line (or block of lines) per call.
  public var errorOutput: (String) -> Void
  /// The time source for the report.
  public var now: () -> Duration

  public init(
    context: ScenarioContext, makeDriver: @escaping () -> any ScenarioDriver, useColor: Bool,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    now: @escaping () -> Duration = ScenarioRunner.wallClock()
  ) {
    self.context = context
    self.makeDriver = makeDriver
    self.useColor = useColor
    self.output = output
    self.errorOutput = errorOutput
    self.now = now
  }

  /// `rezepte run`: replays every scenario at `options.paths`; writes files only with `--record`
  /// and only when every file parsed.
  public func run(_ options: CommandLineOptions.RunOptions) async -> ExitCode {
    let (files, missing) = ScenarioFiles.collect(options.paths)
    let (loaded, diagnostics) = ScenarioFiles.load(
      files, context: context, allowsEmptyScreens: options.record)
    guard missing.isEmpty, diagnostics.isEmpty else {
      for diagnostic in missing + diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    guard !files.isEmpty else {
      let paths = options.paths.joined(separator: ", ")
      errorOutput("error: there are no .scenario files in \(paths)")
      return .badInput
    }
    let scenarios = ScenarioFiles.filter(loaded, by: options.filter)
    if scenarios.isEmpty, let filter = options.filter {
      errorOutput("error: no scenario's file name or title contains `\(filter)`")
      return .badInput
    }

    let runner = ScenarioRunner(mode: options.record ? .record : .check, now: now)
    let report = Report(useColor: useColor, showsWallTime: options.timing)
    var results: [ScenarioResult] = []
    for scenario in scenarios {
      let result = await runner.run(scenario, on: makeDriver())
      results.append(result)
      for line in report.lines(for: result) { output(line) }
      if options.record, !record(scenario, result) {
        output(report.summary(results))
        return .badInput
      }
    }
    output(report.summary(results))
    return ExitCode(results)
  }

  /// Writes the screens `result` recorded into the scenario's file, if any changed.
  func record(_ scenario: Scenario, _ result: ScenarioResult) -> Bool {
    let text = scenario.recording(actualScreens: result.recordedScreens)
    guard text != scenario.source else { return true }
    do {
      try ScenarioWriter.write(text, to: scenario.file)
      output("recorded \(scenario.file)")
      return true
    } catch {
      errorOutput("\(error)")
      return false
    }
  }

  /// `rezepte show FILE`: the walkthrough of one scenario.
  public func show(_ options: CommandLineOptions.ShowOptions) async -> ExitCode {
    let (scenarios, diagnostics) = ScenarioFiles.load([options.file], context: context)
    guard diagnostics.isEmpty, let scenario = scenarios.first else {
      for diagnostic in diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    let walkthrough = Walkthrough(runner: ScenarioRunner(now: now))
    let result = await walkthrough.run(scenario, on: makeDriver(), output: output)
    return ExitCode([result])
  }
}
