import MealCatalog
import Scenarios

/// Turns a player session into a scenario file that `rezepte run` passes: its `expect screen`
/// blocks come from replaying the steps on the virtual clock against the catalog, not from the
/// real-time screens, and the finished file is replayed once more and must pass.
@MainActor
struct SessionSaver {
  /// The catalog the replay answers from (the one the player used, or the embedded one).
  var catalog: Catalog

  /// Why a session could not be saved.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The scenario file's text for `log`, to be saved as `file`.
  func text(for log: SessionLog, file: String) async throws(Failure) -> String {
    let bare = (Self.header + log.scenarioLines).joined(separator: "\n") + "\n"
    let scenario = try parse(bare, file: file)
    // Replay the steps alone and note the screen after each of them.
    let driver = AppDriver(catalog: catalog)
    var screens: [Int: String] = [:]
    let result = await ScenarioRunner(mode: .check).run(scenario, on: driver) { event in
      screens[event.index] = driver.screenText()
    }
    try check(result, what: "the session does not replay")

    var lines = Self.header
    var shown = ""
    for (index, step) in scenario.steps.enumerated() {
      lines.append(step.text)
      guard let screen = screens[index], screen != shown,
        [.gesture, .app].contains(step.action.role)
      else {
        continue
      }
      shown = screen
      lines += Step.Action.expectScreen(screen).lines
      lines.append("")
    }
    while lines.last == "" { lines.removeLast() }
    let text = lines.joined(separator: "\n") + "\n"

    let saved = try parse(text, file: file)
    let check = await ScenarioRunner(mode: .check).run(saved, on: AppDriver(catalog: catalog))
    try self.check(check, what: "the saved scenario does not pass")
    return text
  }

  /// Comment lines at the top of every saved file.
  static let header = [
    "# Played with `rezepte play` and saved with `\(PlayCommand.Options().$save)`; replay it with "
      + "`rezepte run FILE`.",
    "",
  ]

  private func parse(_ text: String, file: String) throws(Failure) -> Scenario {
    switch ScenarioParser.parse(text, file: file, context: ScenarioContext(catalog: catalog)) {
    case .success(let scenario): return scenario
    case .failure(let diagnostics):
      throw Failure(message: "the session cannot be written as a scenario:\n\(diagnostics)")
    }
  }

  private func check(_ result: ScenarioResult, what: String) throws(Failure) {
    if let reason = result.failure.map(String.init(describing:)) ?? result.skipReason {
      throw Failure(message: "\(what) against the catalog:\n\(reason)")
    }
  }
}
