import Foundation
import MealCatalog
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// The package's `Scenarios/` folder, found from this file's place in the package.
let lessonFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Scenarios")

/// The scenario files of the lesson, by name.
let lessonFiles: [String] = {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: lessonFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".scenario") }.sorted()
}()

/// The embedded catalog, loaded once for all tests.
let embeddedCatalog: Catalog = {
  do {
    return try Catalog.embedded()
  } catch {
    fatalError("the embedded catalog does not load: \(error)")
  }
}()

@MainActor
func loadLessonScenario(_ name: String) throws -> Scenario {
  let (scenarios, diagnostics) = ScenarioFiles.load(
    [lessonFolder.appendingPathComponent(name).path],
    context: ScenarioContext(catalog: embeddedCatalog))
  #expect(diagnostics.isEmpty, "\(diagnostics)")
  return try #require(scenarios.first)
}

/// Every lesson scenario against the real app, the same way `swift run rezepte` replays it.
@MainActor
@Suite struct LessonScenarioTests {
  @Test("The lesson's scenario folder holds every lesson step")
  func folderHoldsTheLesson() {
    let expected = [
      "01-kategorien", "02-suche", "03-aktualisieren", "04-favoriten", "05-fehlermeldungen",
      "06-zufallsrezept", "07-ladezustaende", "08-suchen-und-aktualisieren", "09-favoriten-liste",
      "10-kategorie-raster", "11-suchvorschlaege",
    ]
    for name in expected {
      #expect(lessonFiles.contains(name + ".scenario"), "missing \(name).scenario")
    }
  }

  @Test("A lesson scenario passes against the real app", arguments: lessonFiles)
  func scenarioPasses(file: String) async throws {
    let scenario = try loadLessonScenario(file)
    let result = await ScenarioRunner().run(scenario, on: AppDriver(catalog: embeddedCatalog))
    #expect(result.failure == nil, "\(result.failure?.description ?? "")")
    #expect(result.stepsRun == scenario.steps.count)
  }

  @Test("A lesson scenario opens with a comment that explains the step", arguments: lessonFiles)
  func opensWithComment(file: String) throws {
    let text = try String(contentsOf: lessonFolder.appendingPathComponent(file), encoding: .utf8)
    #expect(text.hasPrefix("# "))
  }

  @Test(
    "Recording a lesson scenario whose screens match gives the file back byte for byte",
    arguments: lessonFiles)
  func recordRoundTrip(file: String) async throws {
    let scenario = try loadLessonScenario(file)
    let result = await ScenarioRunner(mode: .record).run(
      scenario, on: AppDriver(catalog: embeddedCatalog))
    #expect(result.failure == nil)
    #expect(!result.recordedScreens.isEmpty)
    #expect(scenario.recording(actualScreens: result.recordedScreens) == scenario.source)
  }

  @Test("Replaying the same scenario twice gives identical screens at every step")
  func sameScreensEveryRun() async throws {
    let scenario = try loadLessonScenario("08-suchen-und-aktualisieren.scenario")
    var runs: [[String]] = []
    for _ in 0..<3 {
      let driver = AppDriver(catalog: embeddedCatalog)
      var screens: [String] = []
      _ = await ScenarioRunner().run(scenario, on: driver) { _ in
        screens.append(driver.screenText())
      }
      runs.append(screens)
    }
    #expect(runs[0].count == scenario.steps.count)
    #expect(runs[1] == runs[0])
    #expect(runs[2] == runs[0])
  }

  @Test("The lesson scenarios hold at least 150 steps, with screens and targeted expectations")
  func enoughSteps() throws {
    var steps = 0
    var screens = 0
    var targeted = 0
    for file in lessonFiles {
      let scenario = try loadLessonScenario(file)
      steps += scenario.steps.count
      for step in scenario.steps {
        switch step.action {
        case .expectScreen: screens += 1
        case .expectVisible, .expectHidden, .expectTitle, .expectRequests: targeted += 1
        default: break
        }
      }
    }
    #expect(steps >= 150)
    #expect(screens >= 9)
    #expect(targeted >= 50)
  }

  @Test("`rezepte run` over the lesson folder prints the same bytes on every run")
  func sameReportEveryRun() async {
    var outputs: [[String]] = []
    for _ in 0..<2 {
      var lines: [String] = []
      let command = ScenarioCommand(
        context: ScenarioContext(catalog: embeddedCatalog),
        makeDriver: { AppDriver(catalog: embeddedCatalog) }, useColor: false,
        output: { lines.append($0) }, errorOutput: { lines.append($0) })
      let code = await command.run(runOptions([lessonFolder.path]))
      #expect(code == .success)
      outputs.append(lines)
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].last == "\(lessonFiles.count) passed, 0 failed")
  }
}
