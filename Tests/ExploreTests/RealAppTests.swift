import Explore
import Foundation
import MealCatalog
import Scenarios
import Testing

/// Explores the real app, and checks that the report and the files are reproducible and that
/// a written file is a scenario `rezepte run` replays.
@MainActor
@Suite struct RealAppTests {
  let catalog = try! Catalog.embedded()

  @Test("A short exploration of the real app breaks no rule")
  func realApp() async {
    let result = await Explorer(setup: ExploreSetup(catalog: catalog))
      .explore(ExploreOptions(seed: 2026, sessions: 300, steps: 30))
    #expect(result.sessions == 300)
    #expect(result.findings.isEmpty, "\(result.findings.map(\.violation.message))")
  }

  @Test("The same seed gives the same report and the same files, byte for byte")
  func sameSeed() async {
    func run() async -> [String] {
      let options = ExploreOptions(seed: 5, sessions: 20, steps: 30)
      let setup = ExploreSetup(catalog: catalog, wrap: LateDiceApp.wrap)
      let result = await Explorer(setup: setup).explore(options)
      return ExploreReport.lines(result, files: [:])
        + result.findings.map { ExploreReport.scenario($0, options: options) }
    }
    let first = await run()
    #expect(first.count > 9)
    #expect(await run() == first)
  }

  @Test("A written file is a scenario that `rezepte run` fails while the bug is there")
  func fileFailsOnRun() async throws {
    let options = ExploreOptions(seed: 3, sessions: 10, steps: 30)
    let setup = ExploreSetup(catalog: catalog, wrap: BentApp.noBack)
    let result = await Explorer(setup: setup).explore(options)
    let finding = try #require(result.findings.first { $0.rule == .everyIntentSettles })
    let text = ExploreReport.scenario(finding, options: options)
    #expect(text.contains("# Regel 7 (every-intent-settles): "))
    let scenario = try ScenarioParser.parse(
      text, file: "finding.scenario", context: ScenarioContext(catalog: catalog)
    ).get()
    let broken = AppDriver(catalog: catalog)
    broken.app.wrap = BentApp.noBack
    let run = await ScenarioRunner().run(scenario, on: broken)
    let failure = try #require(run.failure)
    #expect(failure.step.hasPrefix("expect title"))
    // A catalog path with a line break stays inside the first comment line.
    let withPath = ExploreReport.scenario(finding, options: options, catalog: "/x\nlaunch")
    #expect(withPath.split(separator: "\n").count == text.split(separator: "\n").count)
    #expect(withPath.contains("--catalog /x\\nlaunch"))
  }

  @Test("A written file passes `rezepte run` once the app keeps the rule")
  func filePassesOnRealApp() async throws {
    let options = ExploreOptions(seed: 3, sessions: 10, steps: 30)
    let setup = ExploreSetup(catalog: catalog, makeStorage: forgetfulStorage)
    let result = await Explorer(setup: setup).explore(options)
    let finding = try #require(result.findings.first { $0.rule == .favoritesAgree })
    let scenario = try ScenarioParser.parse(
      ExploreReport.scenario(finding, options: options), file: "finding.scenario",
      context: ScenarioContext(catalog: catalog)
    ).get()
    let run = await ScenarioRunner().run(scenario, on: AppDriver(catalog: catalog))
    #expect(run.passed, "\(String(describing: run.failure))")
  }
}

/// `rezepte explore`'s command line.
@MainActor
@Suite struct ExploreCommandTests {
  @Test(
    "Bad input exits with 2 and names the option",
    arguments: [
      ["--seed", "x"], ["--sessions", "0"], ["--steps"], ["--bogus"], ["file.scenario"],
    ])
  func badInput(arguments: [String]) async {
    let run = await ExploreRun(arguments)
    #expect(run.code == 2)
    #expect(run.errors.first?.hasPrefix("error: ") == true)
    #expect(run.errors.first?.contains("\nusage: rezepte explore [--seed N]") == true)
  }

  @Test("--out naming a file exits with 2 at once, even when no rule breaks")
  func outIsFile() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString).md")
    try Data("# notes\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = await ExploreRun(["--sessions", "1", "--steps", "1", "--out", file.path])
    #expect(run.code == 2)
    #expect(run.errors.count == 1)
    #expect(
      run.errors.first?.hasPrefix("error: --out \(file.path) is a file, not a folder\nusage: ")
        == true)
    #expect(run.lines.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == "# notes\n")
  }

  @Test("A catalog that cannot be read exits with 2")
  func badCatalog() async {
    let run = await ExploreRun(["--catalog", "/nonexistent/catalog"])
    #expect(run.code == 2)
    #expect(run.errors.count == 1)
  }

  @Test("The options are read")
  func options() throws {
    let options = try ExploreRun.options([
      "--seed", "7", "--sessions", "5", "--steps", "9", "--out", "x", "--catalog", "c",
    ])
    #expect(options.explore == ExploreOptions(seed: 7, sessions: 5, steps: 9))
    #expect(options.out == "x")
    #expect(options.catalog == "c")
  }

  @Test("A clean exploration exits with 0 and writes nothing")
  func clean() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-\(UUID().uuidString)")
    let run = await ExploreRun(["--sessions", "3", "--steps", "5", "--out", folder.path])
    #expect(run.code == 0)
    #expect(run.lines.last == "15 steps in 3 sessions; no rule broken")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}
