import Testing

@testable import ReplayCommands
@testable import Scenarios

@MainActor
@Suite struct RunnerTests {
  let time = SteppingTime()

  var runner: ScenarioRunner { ScenarioRunner(now: time.now) }

  @Test("Each step calls the driver's matching operation, in file order")
  func callsDriver() async throws {
    let scenario = try parse(
      """
      given favorites 52768
      given random 52772
      network delay search.php 1s
      network offline for search.php
      launch
      type "Las"
      wait 400ms
      clear search
      pick category "Chicken"
      pull to refresh
      tap dice
      open "Lasagne"
      toggle heart
      back
      retry
      network online
      relaunch
      """)
    let driver = FakeDriver()
    driver.node = FakeDriver.everything
    let result = await runner.run(scenario, on: driver)
    #expect(result.passed)
    #expect(
      driver.log == [
        "configure given favorites 52768", "configure given random 52772",
        "configure network delay search.php 1s", "configure network offline for search.php",
        "launch", "send searchTextChanged(\"L\")", "send searchTextChanged(\"La\")",
        "send searchTextChanged(\"Las\")", "wait 400ms", "send searchTextChanged(\"\")",
        "send categoryPicked(\"Chicken\")", "send pulledToRefresh", "send diceTapped",
        "send mealTapped Lasagne", "send heartTapped", "send backTapped", "send retryTapped",
        "configure network online", "relaunch",
      ])
  }

  @Test("The grid start, the suggestions and a tap by label reach the driver")
  func callsDriverForFeatures() async throws {
    let scenario = try parse(
      """
      given start categories
      launch
      tap "Pasta"
      focus search
      pick suggestion "Cake"
      dismiss notice
      """)
    let driver = FakeDriver()
    driver.node = FakeDriver.everything
    let result = await runner.run(scenario, on: driver)
    #expect(result.passed)
    #expect(
      driver.log == [
        "configure given start categories", "launch",
        "send categoryTileTapped(\"Pasta\")", "send searchFocusChanged(true)",
        "send suggestionPicked(\"Cake\")",
        "send noticeDismissed",
      ])
  }

  @Test("A scenario stops at its first failure and later steps do not run")
  func stopsAtFirstFailure() async throws {
    let scenario = try parse("launch\nexpect title \"Suche\"\nback\n", file: "a.scenario")
    let driver = FakeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(result.stepsRun == 2)
    #expect(driver.log == ["launch"])
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
    let driver = FakeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(driver.log == ["launch"])
    #expect(
      result.failure?.description == """
        a.scenario:2: failed: back
          cannot do this here: this is the first screen, there is nothing to go back to
        """)
  }

  @Test("A step whose node is missing sends nothing and names what can be tapped")
  func missingNode() async throws {
    let scenario = try parse("launch\ntap dice\n")
    let driver = FakeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(driver.log == ["launch"])
    #expect(
      result.failure?.details == [
        "cannot do this here: this screen has no dice button; it offers \"Apam balik\""
      ])
  }

  @Test("A gesture the driver refuses fails the step with its explanation")
  func driverRefusal() async throws {
    let scenario = try parse("launch\nopen \"Apam balik\"\n")
    let driver = FakeDriver()
    driver.refusals["send"] = "the screen on top does not accept it"
    let result = await runner.run(scenario, on: driver)
    #expect(
      result.failure?.details == ["cannot do this here: the screen on top does not accept it"])
  }

  @Test("A visible text that is missing is reported with the closest texts the screen shows")
  func missingVisibleText() async throws {
    let scenario = try parse("launch\nexpect visible \"Apam balk\"\n", file: "a.scenario")
    let result = await runner.run(scenario, on: FakeDriver())
    #expect(
      result.failure?.details == [
        "expected a node showing \"Apam balk\", but none does; the closest texts are:",
        "  \"Apam balik\"", "  \"Dessert\"",
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
      await runner.run(failing, on: FakeDriver()).failure?.details == [
        "expected no node showing \"Apam balik\", but 1 node shows it"
      ])
    #expect(await runner.run(passing, on: FakeDriver()).passed)
  }

  @Test("A different screen fails with a line diff and its legend")
  func screenMismatch() async throws {
    let scenario = try parse(
      "launch\nexpect screen\n  NavigationStack\n  └─ Screen \"Suche\"\n", file: "a.scenario")
    let result = await runner.run(scenario, on: FakeDriver())
    #expect(
      result.failure?.description == """
        a.scenario:2: failed: expect screen
          the screen differs from the block (− expected, + actual):
              NavigationStack
            − └─ Screen "Suche"
            + └─ Screen "Dessert"
        """)
  }

  @Test("A matching screen passes")
  func screenMatch() async throws {
    let scenario = try parse("launch\nexpect screen\n  NavigationStack\n  └─ Screen \"Dessert\"\n")
    #expect(await runner.run(scenario, on: FakeDriver()).passed)
  }

  @Test("Request counts are taken since the previous request check")
  func requestCounts() async throws {
    let scenario = try parse("launch\nexpect requests 2\ntype \"L\"\nexpect requests 0\n")
    let driver = FakeDriver()
    driver.node = FakeDriver.everything
    driver.effects["launch"] = {
      $0.pendingRequests = ["GET categories.php", "GET filter.php?c=Dessert"]
    }
    #expect(await runner.run(scenario, on: driver).passed)
  }

  @Test("Listed requests that differ fail with a diff of the requests")
  func listedRequests() async throws {
    let scenario = try parse("launch\nexpect requests 1\n  GET search.php?s=Lasagne\n")
    let driver = FakeDriver()
    driver.effects["launch"] = { $0.pendingRequests = ["GET search.php?s=Las"] }
    let result = await runner.run(scenario, on: driver)
    #expect(
      result.failure?.details == [
        "expected 1 request, found 1 request (− expected, + actual):",
        "  − GET search.php?s=Lasagne",
        "  + GET search.php?s=Las",
      ])
  }

  @Test("Recording takes the actual screen and passes even when the block differs")
  func recordMode() async throws {
    let scenario = try parse(
      "launch\nexpect screen\n\nexpect screen\n  old\n", allowsEmptyScreens: true)
    let recorder = ScenarioRunner(mode: .record, now: time.now)
    let result = await recorder.run(scenario, on: FakeDriver())
    #expect(result.passed)
    let screen = "NavigationStack\n└─ Screen \"Dessert\""
    #expect(result.recordedScreens == [1: screen, 2: screen])
  }

  @Test("A scenario's time is the difference of two readings of the injected clock")
  func injectedTime() async throws {
    let result = await runner.run(try parse("launch\n"), on: FakeDriver())
    #expect(result.time == .milliseconds(5))
  }

  @Test("The walkthrough prints the comments, each step and the screen after each action")
  func walkthrough() async throws {
    let scenario = try parse(
      "# Start\nlaunch\n\n# Prüfen\nexpect title \"Dessert\"  # the category\nback\n")
    let driver = FakeDriver()
    driver.node = FakeDriver.everything
    driver.effects["send backTapped"] = { $0.rendered = "Other" }
    var lines: [String] = []
    let result = await Walkthrough(runner: runner, full: true).run(scenario, on: driver) {
      lines.append($0)
    }
    #expect(result.passed)
    #expect(
      lines == [
        "# Start", "launch", "  at 0s, sent no requests", "  the screen:", "    NavigationStack",
        "    └─ Screen \"Dessert\"", "", "# Prüfen", "expect title \"Dessert\"  ✓", "back",
        "  at 0s, sent no requests", "  the screen:", "    Other",
      ])
  }
}
