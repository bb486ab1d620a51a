import Foundation
import MealCatalog
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// `containing`, the heart of a favourite row, bad `given random` ids, empty files and
/// recording past a failed expectation.
@MainActor
@Suite struct LanguageTests {
  let time = SteppingTime()

  var runner: ScenarioRunner { ScenarioRunner(now: time.now) }

  // MARK: - containing

  @Test("`expect visible containing` passes when some text contains the words")
  func visibleContaining() async throws {
    let scenario = try parse("launch\nexpect visible containing \"balik\"\n")
    #expect(await runner.run(scenario, on: makeDriver()).passed)
  }

  @Test("`expect visible` without `containing` still needs the exact text")
  func visibleExactByDefault() async throws {
    let scenario = try parse("launch\nexpect visible \"balik\"\n")
    #expect(await runner.run(scenario, on: makeDriver()).passed == false)
  }

  @Test("A failed `expect visible containing` lists the closest texts, nearest first")
  func visibleContainingFailure() async throws {
    let scenario = try parse("launch\nexpect visible containing \"balk\"\n")
    let result = await runner.run(scenario, on: makeDriver())
    #expect(
      result.failure?.details.prefix(2) == [
        "expected a node whose text contains \"balk\", but none does; the closest texts are:",
        "  \"Apam balik\"",
      ])
  }

  @Test("`expect hidden containing` fails when some text contains the words, naming it")
  func hiddenContaining() async throws {
    let failing = try parse("launch\nexpect hidden containing \"balik\"\n")
    let passing = try parse("launch\nexpect hidden containing \"Lasagne\"\n")
    #expect(
      await runner.run(failing, on: makeDriver()).failure?.details == [
        "expected no node whose text contains \"balik\", but 1 node shows it:", "  \"Apam balik\"",
      ])
    #expect(await runner.run(passing, on: makeDriver()).passed)
  }

  @Test("The closest texts are at most five, ranked by edit distance")
  func closestTexts() {
    let texts = ["Lasagne", "Lasagna", "Pasta", "Beef", "Lamb", "Lasagne Verdi", "Cake"]
    #expect(
      Expectations.closestTexts(to: "Lasagne", containing: false, in: texts) == [
        "Lasagne", "Lasagna", "Pasta", "Lamb", "Cake",
      ])
  }

  @Test("The closest texts to a long text are ranked by its first 200 characters")
  func closestTextsToLongText() {
    let texts = ["Lasagne", "Apam balik", "Lasagna"]
    let long = String(repeating: "!", count: 100_000)
    #expect(
      Expectations.closestTexts(to: "Lasagna" + long, containing: false, in: texts) == [
        "Lasagna", "Lasagne", "Apam balik",
      ])
    #expect(
      Expectations.closestTexts(to: "Balix" + long, containing: true, in: texts).first
        == "Apam balik")
  }

  // MARK: - The heart of a favourite

  @Test("`expect visible \"♥\"` finds the heart of a favourite's row")
  func favoriteHeart() async throws {
    let driver = AppDriver(catalog: embeddedCatalog)
    let scenario = try ScenarioParser.parse(
      "given favorites 52768\nlaunch\nexpect visible \"♥\"\n", file: "h.scenario",
      context: ScenarioContext(catalog: embeddedCatalog)
    ).get()
    let result = await runner.run(scenario, on: driver)
    #expect(result.failure == nil)
  }

  @Test("Without favourites no heart is visible")
  func noHeart() async throws {
    let scenario = try ScenarioParser.parse(
      "launch\nexpect hidden \"♥\"\n", file: "h.scenario",
      context: ScenarioContext(catalog: embeddedCatalog)
    ).get()
    #expect(await runner.run(scenario, on: AppDriver(catalog: embeddedCatalog)).passed)
  }

  // MARK: - given random

  @Test("`given random` with an id the catalog does not have is an error before anything runs")
  func unknownRandomID() {
    let context = ScenarioContext(categories: ["Dessert"], mealIDs: ["52772"])
    let result = ScenarioParser.parse(
      "given random 52772, 99999\nlaunch\n", file: "r.scenario", context: context)
    #expect(
      result.failureDescription == "r.scenario:1: error: no meal with id 99999 in the catalog")
  }

  @Test("`given favorites` accepts ids the catalog does not have: stale favourites")
  func unknownFavoriteID() throws {
    let context = ScenarioContext(categories: ["Dessert"], mealIDs: ["52772"])
    let scenario = try ScenarioParser.parse(
      "given favorites 99999\nlaunch\n", file: "f.scenario", context: context
    ).get()
    #expect(scenario.steps[0].action == .givenFavorites(["99999"]))
  }

  @Test("A catalog's context knows its meal ids")
  func catalogContextIDs() {
    let context = ScenarioContext(catalog: embeddedCatalog)
    #expect(context.knowsMeal("52772"))
    #expect(!context.knowsMeal("99999"))
  }

  // MARK: - Empty files

  @Test(
    "A file without steps is an error on line 1",
    arguments: ["", "# nur ein Kommentar\n\n# noch einer\n", "\n\n"])
  func emptyScenario(text: String) {
    let result = ScenarioParser.parse(text, file: "e.scenario", context: testContext)
    #expect(result.failureDescription == "e.scenario:1: error: the scenario has no steps")
  }

  @Test("`rezepte run` on an empty file exits with 2 and runs nothing")
  func emptyScenarioExit() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.scenario", "# leer\n")
    let output = Output()
    #expect(await makeCommand(output).run(runOptions([folder.path])) == .badInput)
    #expect(output.errors == ["\(file):1: error: the scenario has no steps"])
  }

  // MARK: - Recording past a failure

  @Test("While recording, a failed expectation is reported and every screen after it recorded")
  func recordingGoesOn() async throws {
    let scenario = try parse(
      "launch\nexpect title \"Suche\"\nexpect visible \"X\"\nexpect screen\n",
      allowsEmptyScreens: true)
    let recorder = ScenarioRunner(mode: .record, now: time.now)
    let result = await recorder.run(scenario, on: makeDriver())
    #expect(result.failure?.line == 2)
    #expect(result.stepsRun == 4)
    #expect(result.recordedScreens == [3: try await launchedScreen()])
  }

  @Test("While recording, a step the screen does not offer still stops the scenario")
  func recordingStopsAtGesture() async throws {
    let scenario = try parse("launch\nback\nexpect screen\n", allowsEmptyScreens: true)
    let recorder = ScenarioRunner(mode: .record, now: time.now)
    let result = await recorder.run(scenario, on: makeDriver())
    #expect(result.stepsRun == 2)
    #expect(result.recordedScreens.isEmpty)
  }

  @Test("`--record` writes every block after a failed expectation and exits with 1")
  func recordCommandFillsEveryBlock() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\nexpect title \"Suche\"\nexpect screen\n")
    let output = Output()
    #expect(await makeCommand(output).run(runOptions([folder.path], record: true)) == .failure)
    let written = String(decoding: try folder.read("a.scenario"), as: UTF8.self)
    let block = try await launchedScreen().split(separator: "\n").map { "  \($0)\n" }.joined()
    #expect(written == "launch\nexpect title \"Suche\"\nexpect screen\n" + block)
    #expect(output.lines.first == "failed  a  step 3 of 3  0s simulated")
    #expect(output.lines.last == "0 passed, 1 failed")
  }
}

extension Result where Failure == Diagnostics {
  /// The diagnostics' text, or `nil` when parsing succeeded.
  var failureDescription: String? {
    if case .failure(let diagnostics) = self { return diagnostics.description }
    return nil
  }
}
