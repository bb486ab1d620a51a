import Testing

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
    let result = await runner.run(scenario, on: driver)
    #expect(result.passed)
    #expect(
      driver.log == [
        "setFavorites [\"52768\"]", "enqueueRandom [\"52772\"]", "setDelay 1s search.php",
        "setNetwork offline search.php", "launch", "type Las", "wait 400ms", "clearSearch",
        "pickCategory Chicken", "pullToRefresh", "tapDice", "open Lasagne", "toggleHeart", "back",
        "retry", "setNetwork online all", "relaunch",
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
      """)
    let driver = FakeDriver()
    let result = await runner.run(scenario, on: driver)
    #expect(result.passed)
    #expect(
      driver.log == [
        "setStart categories", "launch", "tap Pasta", "focusSearch", "pickSuggestion Cake",
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

  @Test("A step the screen does not offer fails with the driver's explanation")
  func refusedStep() async throws {
    let scenario = try parse("launch\nback  # on the list\n", file: "a.scenario")
    let driver = FakeDriver()
    driver.refusals["back"] = "the list is the first screen; there is nothing to go back to"
    let result = await runner.run(scenario, on: driver)
    #expect(
      result.failure?.description == """
        a.scenario:2: failed: back
          cannot do this here: the list is the first screen; there is nothing to go back to
        """)
  }

  @Test("A visible text that is missing is reported with the texts the screen shows")
  func missingVisibleText() async throws {
    let scenario = try parse("launch\nexpect visible \"Lasagne\"\n", file: "a.scenario")
    let result = await runner.run(scenario, on: FakeDriver())
    #expect(
      result.failure?.details == [
        "expected a node showing \"Lasagne\", but none does; the screen shows:",
        "  \"Dessert\"", "  \"Apam balik\"",
      ])
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
    driver.effects["back"] = { $0.screen = "Other" }
    var lines: [String] = []
    let result = await Walkthrough(runner: runner, full: true).run(scenario, on: driver) {
      lines.append($0)
    }
    #expect(result.passed)
    #expect(
      lines == [
        "# Start", "launch", "    NavigationStack", "    └─ Screen \"Dessert\"", "", "# Prüfen",
        "expect title \"Dessert\"  ✓", "back", "    Other",
      ])
  }
}
