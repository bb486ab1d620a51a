import Testing
import ViewModels

@testable import ReplayCommands
@testable import Scenarios

@MainActor
@Suite struct RunnerTests {
  let time = SteppingTime()

  var runner: ScenarioRunner { ScenarioRunner(now: time.now) }

  @Test("Each gesture sends the intent of the node it names, in file order")
  func gesturesSendTheirNodesIntents() async throws {
    let steps: [(String, UserIntent?)] = [
      ("given favorites 52768", nil), ("network delay search.php 1s", nil), ("launch", nil),
      ("type \"Las\"", .searchTextChanged("Las")), ("wait 400ms", nil),
      ("clear search", .searchTextChanged("")), ("focus search", .searchFocusChanged(true)),
      ("pick suggestion \"Cake\"", .suggestionPicked("Cake")),
      ("leave search", .searchFocusChanged(false)), ("clear search", .searchTextChanged("")),
      ("pick category \"Chicken\"", .categoryPicked("Chicken")),
      ("pull to refresh", .pulledToRefresh), ("tap dice", .diceTapped),
      ("toggle heart", .heartTapped), ("back", .backTapped),
      ("tap \"Zufallsrezept\"", .diceTapped), ("expect title \"Teriyaki Chicken Casserole\"", nil),
      ("back", .backTapped), ("network offline", nil), ("pull to refresh", .pulledToRefresh),
      ("dismiss notice", .noticeDismissed),
    ]
    let driver = makeDriver()
    try await driver.step("given random 52772, 52772")
    for (line, intent) in steps {
      let before = driver.intentCount
      try await driver.step(line)
      #expect((driver.intentCount > before ? driver.lastIntent : nil) == intent, "\(line)")
    }
  }

  @Test("A tap on the grid's tile, a row and a notice's button send their intents")
  func tapsByLabel() async throws {
    let driver = makeDriver()
    try await driver.step("given start categories")
    try await driver.step("launch")
    try await driver.step("tap \"Pasta\"")
    #expect(driver.lastIntent == .categoryTileTapped("Pasta"))
    try await driver.step("open \"Lasagne\"")
    #expect(driver.title() == "Lasagne")
  }

  @Test("A scenario stops at its first failure and later steps do not run")
  func stopsAtFirstFailure() async throws {
    let scenario = try parse(
      "launch\nexpect title \"Suche\"\nopen \"Apam balik\"\n", file: "a.scenario")
    let driver = makeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(result.stepsRun == 2)
    #expect(driver.title() == "Dessert")
    #expect(
      result.failure?.description == """
        a.scenario:2: failed: expect title "Suche"
          expected the title: "Suche"
          found:              "Dessert"
        """)
  }

  @Test("A step the screen does not offer fails, saying what the screen offers")
  func refusedStep() async throws {
    let scenario = try parse("launch\nback  # on the list\n", file: "a.scenario")
    let driver = makeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(driver.intentCount == 0)
    #expect(
      result.failure?.description == """
        a.scenario:2: failed: back
          cannot do this here: this is the first screen, there is nothing to go back to
        """)
  }

  @Test("A visible text that is missing is reported with the closest texts the screen shows")
  func missingVisibleText() async throws {
    let scenario = try parse("launch\nexpect visible \"Apam balk\"\n")
    let result = await runner.run(scenario, on: makeDriver())
    #expect(
      result.failure?.details.prefix(2) == [
        "expected a node showing \"Apam balk\", but none does; the closest texts are:",
        "  \"Apam balik\"",
      ])
  }

  @Test("A visible text that is missing after a failed request names the error on the screen")
  func missingTextNamesError() async throws {
    let scenario = try parse("network offline\nlaunch\nexpect visible \"Lasagne\"\n")
    let result = await runner.run(scenario, on: AppDriver(catalog: embeddedCatalog))
    #expect(
      result.failure?.details.last
        == "the screen shows the error \"Keine Internetverbindung. Prüfe WLAN oder mobile Daten.\"")
  }

  @Test("A hidden text that is shown fails, a missing one passes")
  func hiddenText() async throws {
    let failing = try parse("launch\nexpect hidden \"Apam balik\"\n")
    let passing = try parse("launch\nexpect hidden \"Lasagne\"\n")
    #expect(
      await runner.run(failing, on: makeDriver()).failure?.details == [
        "expected no node showing \"Apam balik\", but 1 node shows it"
      ])
    #expect(await runner.run(passing, on: makeDriver()).passed)
  }

  @Test("`expect favorite` passes once the row's heart is on, and fails before, naming the row")
  func favoriteRow() async throws {
    let before = try parse("launch\nexpect favorite \"Apam balik\"\n")
    let after = try parse(
      "launch\nopen \"Apam balik\"\ntoggle heart\nback\nexpect favorite \"Apam balik\"\n"
        + "expect not favorite \"Pancakes\"\n")
    let catalog = embeddedCatalog
    #expect(
      await runner.run(before, on: AppDriver(catalog: catalog)).failure?.details == [
        "expected the row \"Apam balik\" to show the favourite's heart ♥, but it shows none"
      ])
    #expect(await runner.run(after, on: AppDriver(catalog: catalog)).passed)
  }

  @Test("`expect not favorite` fails on a favourite's row, naming the row")
  func notFavoriteRow() async throws {
    let hearted = try parse(
      "given favorites 53049\nlaunch\nexpect not favorite \"Apam balik\"\n")
    #expect(
      await runner.run(hearted, on: AppDriver(catalog: embeddedCatalog)).failure?.details == [
        "expected the row \"Apam balik\" without the favourite's heart, but it shows ♥"
      ])
  }

  @Test("`expect favorite` of a row that is not there names the closest rows")
  func missingFavoriteRow() async throws {
    let missing = try parse("launch\nexpect favorite \"Apam balk\"\n")
    #expect(
      await runner.run(missing, on: AppDriver(catalog: embeddedCatalog)).failure?.details
        .prefix(2) == [
          "expected the row \"Apam balk\", but there is none; the closest rows are:",
          "  \"Apam balik\"",
        ])
  }

  @Test("`expect visible` of a name with ♥ says that the heart is a mark, not text")
  func heartIsNoText() async throws {
    let scenario = try parse("given favorites 53049\nlaunch\nexpect visible \"Apam balik ♥\"\n")
    let result = await runner.run(scenario, on: AppDriver(catalog: embeddedCatalog))
    #expect(
      result.failure?.details.last
        == "♥ is the favourite's mark, not text: `expect favorite \"Apam balik\"` checks it")
  }

  @Test("A matching screen passes, one that differs fails with a line diff and its legend")
  func screens() async throws {
    let screen = try await launchedScreen()
    let block = screen.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    let matching = try parse("launch\nexpect screen\n" + block + "\n")
    #expect(await runner.run(matching, on: makeDriver()).passed)
    let differing = try parse(
      "launch\nexpect screen\n" + block.replacingOccurrences(of: "\"Dessert\"", with: "\"Suche\"")
        + "\n", file: "a.scenario")
    let details = try #require(await runner.run(differing, on: makeDriver()).failure?.details)
    #expect(details.first == "the screen differs from the block (− expected, + actual):")
    #expect(details.contains("  − └─ Screen \"Suche\""))
    #expect(details.contains("  + └─ Screen \"Dessert\""))
  }

  @Test("Request counts are taken since the previous request check")
  func requestCounts() async throws {
    let scenario = try parse("launch\nexpect requests 2\ntype \"L\"\nexpect requests 0\n")
    #expect(await runner.run(scenario, on: makeDriver()).passed)
  }

  @Test("Listed requests that differ fail with a diff of the requests")
  func listedRequests() async throws {
    let scenario = try parse(
      "launch\nexpect requests 2\n  GET categories.php\n  GET filter.php?c=Beef\n")
    let result = await runner.run(scenario, on: makeDriver())
    #expect(
      result.failure?.details == [
        "expected 2 requests, found 2 requests (− expected, + actual):",
        "    GET categories.php",
        "  − GET filter.php?c=Beef",
        "  + GET filter.php?c=Dessert",
      ])
  }

  @Test("Recording takes the actual screen and passes even when the block differs")
  func recordMode() async throws {
    let scenario = try parse(
      "launch\nexpect screen\n\nexpect screen\n  old\n", allowsEmptyScreens: true)
    let recorder = ScenarioRunner(mode: .record, now: time.now)
    let result = await recorder.run(scenario, on: makeDriver())
    #expect(result.passed)
    let screen = try await launchedScreen()
    #expect(result.recordedScreens == [1: screen, 2: screen])
  }

  @Test("A scenario's time is the difference of two readings of the injected clock")
  func injectedTime() async throws {
    let result = await runner.run(try parse("launch\n"), on: makeDriver())
    #expect(result.time == .milliseconds(5))
  }

  @Test("The walkthrough prints the comments, each step, and the screen after each action")
  func walkthrough() async throws {
    let scenario = try parse(
      "# Start\nlaunch\n\n# Prüfen\nexpect title \"Dessert\"  # the category\nwait 1s\n")
    var lines: [String] = []
    let result = await runner.walkthrough(scenario, on: makeDriver(), full: true) {
      lines.append($0)
    }
    #expect(result.passed)
    let screen = try await launchedScreen().split(separator: "\n").map { "    " + $0 }
    #expect(
      lines == [
        "# Start", "launch", "  t = 0s, 2 Anfragen gesendet:", "    GET categories.php",
        "    GET filter.php?c=Dessert", "  Bildschirm:",
      ] + screen
        + [
          "", "# Prüfen", "expect title \"Dessert\"  ✓", "wait 1s",
          "  t = 1s, keine Anfrage gesendet", "  Bildschirm:",
        ] + screen)
  }
}
