import CommandLineKit
import Foundation
import MealCatalog
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// The real driver: steps that cannot be carried out, failures with diffs, and the exit codes of
/// `rezepte run` against the real app.
@MainActor
@Suite struct AppDriverTests {
  func run(_ text: String, record: Bool = false) async throws -> (ExitCode, Output, String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("probe.scenario", text)
    let output = Output()
    let command = ScenarioCommand(
      context: ScenarioContext(catalog: embeddedCatalog),
      makeDriver: { AppDriver(catalog: embeddedCatalog) }, useColor: false,
      output: { output.lines.append($0) }, errorOutput: { output.errors.append($0) },
      now: { .zero })
    let code = await command.run(runOptions([folder.path], record: record))
    let after = try String(contentsOfFile: file, encoding: .utf8)
    return (code, output, after)
  }

  func failure(_ text: String) async throws -> String {
    let (code, output, _) = try await run(text)
    #expect(code == .failure)
    return output.lines.joined(separator: "\n")
  }

  @Test("A broken screen expectation exits with 1 and shows file:line and a line diff")
  func brokenScreen() async throws {
    let text = """
      launch
      pick category "Starter"
      expect screen
        NavigationStack
        └─ Screen "Starter"
           └─ Row "Tomato soup"

      """
    let (code, output, after) = try await run(text)
    #expect(code == .failure)
    let report = output.lines.joined(separator: "\n")
    #expect(report.contains("probe.scenario:3: failed: expect screen"))
    #expect(report.contains("− expected"))
    #expect(report.contains("+ actual"))
    #expect(report.contains("−    └─ Row \"Tomato soup\""))
    #expect(report.contains("+       └─ Row \"Broccoli & Stilton soup\""))
    #expect(output.lines.last == "0 passed, 1 failed")
    #expect(after == text, "without --record no file changes")
  }

  @Test("A broken line exits with 2 before anything runs, naming file:line")
  func brokenLine() async throws {
    let (code, output, _) = try await run("launch\npick category \"Chiken\"\nwiat 400ms\n")
    #expect(code == .badInput)
    #expect(output.lines.isEmpty)
    #expect(
      output.errors.contains {
        $0.hasSuffix("probe.scenario:2: error: unknown category `Chiken`; did you mean `Chicken`?")
      })
    #expect(
      output.errors.contains {
        $0.hasSuffix("probe.scenario:3: error: unknown step `wiat 400ms`; did you mean `wait`?")
      })
  }

  @Test("--record fills an empty screen block and exits with 1; the file then passes")
  func recordFillsBlock() async throws {
    let (code, output, after) = try await run(
      "# Eine Kategorie mit einem Rezept.\nlaunch\npick category \"Starter\"\nexpect screen\n",
      record: true)
    #expect(code == .failure)
    #expect(output.lines.first == "recorded  probe  3 steps  0s simulated")
    #expect(output.lines.last == "0 passed, 0 failed, 1 recorded")
    #expect(after.hasPrefix("# Eine Kategorie mit einem Rezept.\nlaunch\n"))
    #expect(
      after.contains("\n     └─ List (refreshable)\n        └─ Row \"Broccoli & Stilton soup\""))
    let (again, _, unchanged) = try await run(after)
    #expect(again == .success)
    #expect(unchanged == after)
  }

  @Test(
    "A step the screen cannot carry out fails and says what the screen offers",
    arguments: [
      ("launch\nopen \"Lasagne\"\n", "no row or tile named \"Lasagne\"; it offers \"Apam balik\""),
      ("launch\nback\n", "this is the first screen, there is nothing to go back to"),
      ("launch\ntoggle heart\n", "this screen has no heart button; it offers \"Zufallsrezept\""),
      ("launch\nretry\n", "this screen has no retry button"),
      ("launch\nopen \"Pancakes\"\ntype \"x\"\n", "this screen has no search field"),
      (
        "launch\npick category \"Goat\"\npull to refresh\n",
        "nothing on this screen can be pulled to refresh"
      ),
      (
        "network offline for categories.php\nlaunch\npick category \"Pasta\"\n",
        "it offers no categories (they have not loaded)"
      ),
    ])
  func unavailableStep(text: String, message: String) async throws {
    let report = try await failure(text)
    #expect(report.contains("cannot do this here: "), "\(report)")
    #expect(report.contains(message), "\(report)")
  }

  @Test("Typing sends one keystroke per character and only `wait` lets the pause pass")
  func typingAndWaiting() async throws {
    let driver = AppDriver(catalog: embeddedCatalog)
    await driver.app.launch()
    #expect(driver.app.takeRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
    try await driver.type("Spaghetti")
    #expect(driver.title() == "Suche")
    #expect(driver.app.takeRequests().isEmpty)
    await driver.app.advance(by: .milliseconds(399))
    #expect(driver.app.takeRequests().isEmpty)
    await driver.app.advance(by: .milliseconds(1))
    #expect(driver.app.takeRequests() == ["GET search.php?s=Spaghetti"])
    #expect(driver.visibleTexts().contains("Spaghetti Bolognese"))
  }

  @Test("Typing a megabyte is one change of the field's text, which holds all of it")
  func typingAMegabyte() async throws {
    let driver = AppDriver(catalog: embeddedCatalog)
    await driver.app.launch()
    try await driver.type("ab")
    let text = String(repeating: "Lasagne ", count: 131_072)
    let before = driver.intentCount
    try await driver.type(text)
    #expect(driver.intentCount == before + 1)
    #expect(driver.screen()?.searchField?.field.text == "ab" + text)
  }

  @Test("Favourites given before a relaunch carry the catalog's names")
  func givenFavorites() async throws {
    let driver = AppDriver(catalog: embeddedCatalog)
    try await driver.step("given favorites 52772")
    await driver.app.launch()
    #expect(driver.visibleTexts().contains("Favoriten"))
    #expect(driver.visibleTexts().contains("Teriyaki Chicken Casserole"))
  }
}
