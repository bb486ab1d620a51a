import Testing

@testable import Scenarios

@Suite struct ParserTests {
  static let steps: [(String, Step.Action)] = [
    ("title Suche mit Pause", .title("Suche mit Pause")),
    ("given favorites 52768, 52772", .givenFavorites(["52768", "52772"])),
    ("given random 52772", .givenRandom(["52772"])),
    ("given start categories", .givenStart(.categories)),
    ("launch", .launch),
    ("relaunch", .relaunch),
    ("type \"Las\"", .type("Las")),
    ("clear search", .clearSearch),
    ("wait 400ms", .wait(.milliseconds(400))),
    ("wait 1s", .wait(.seconds(1))),
    ("wait 1.5s", .wait(.milliseconds(1500))),
    ("pick category \"Chicken\"", .pickCategory("Chicken")),
    ("pull to refresh", .pullToRefresh),
    ("tap dice", .tapDice),
    ("open \"Apple Frangipan Tart\"", .open("Apple Frangipan Tart")),
    ("back", .back),
    ("toggle heart", .toggleHeart),
    ("retry", .retry),
    ("network offline", .network(.offline, endpoint: nil)),
    ("network timeout", .network(.timeout, endpoint: nil)),
    ("network server-error", .network(.serverError, endpoint: nil)),
    ("network broken-data", .network(.brokenData, endpoint: nil)),
    ("network online", .network(nil, endpoint: nil)),
    ("network offline for search.php", .network(.offline, endpoint: "search.php")),
    ("network online for search.php", .network(nil, endpoint: "search.php")),
    ("network delay search.php 1s", .networkDelay(.seconds(1), endpoint: "search.php")),
    ("network delay 1s", .networkDelay(.seconds(1), endpoint: nil)),
    ("network delay 0ms", .networkDelay(.zero, endpoint: nil)),
    ("expect title \"Suche\"", .expectTitle("Suche")),
    ("expect visible \"Lasagne\"", .expectVisible("Lasagne")),
    ("expect hidden \"Lasagne\"", .expectHidden("Lasagne")),
    ("expect visible containing \"Lasa\"", .expectVisible("Lasa", containing: true)),
    ("expect hidden containing \"Lasa\"", .expectHidden("Lasa", containing: true)),
    ("expect favorite \"Apam balik\"", .expectFavorite("Apam balik")),
    ("expect not favorite \"Apam balik\"", .expectFavorite("Apam balik", isFavorite: false)),
    ("expect requests 1", .expectRequests(1, listed: nil)),
    (
      "expect requests 1\n  GET search.php?s=Lasagne",
      .expectRequests(1, listed: ["GET search.php?s=Lasagne"])
    ),
    (
      "expect screen\n  NavigationStack\n  └─ Screen \"Suche\"",
      .expectScreen("NavigationStack\n└─ Screen \"Suche\"")
    ),
    ("focus search", .focusSearch),
    ("leave search", .leaveSearch),
    ("pick suggestion \"Pasta\"", .pickSuggestion("Pasta")),
    ("tap \"Erneut versuchen\"", .tap("Erneut versuchen")),
    ("dismiss notice", .dismissNotice),
  ]

  @Test("Every step of the language parses into its action", arguments: steps)
  func parsesStep(text: String, action: Step.Action) throws {
    let setup: Bool
    switch action {
    case .title, .givenFavorites, .givenStart, .launch: setup = true
    default: setup = false
    }
    let scenario = try parse((setup ? "" : "launch\n") + text)
    let step = try #require(scenario.steps.last)
    #expect(step.action == action)
    #expect(step.line == (setup ? 1 : 2))
    #expect(step.text == text.split(separator: "\n").first.map(String.init))
  }

  @Test("Endpoints are read with or without `.php`, as the server's options read them")
  func endpointsWithoutPHP() throws {
    let bare = try parse(
      "network offline for lookup\nnetwork delay lookup 1s\nnetwork timeout for search\n")
    let full = try parse(
      "network offline for lookup.php\nnetwork delay lookup.php 1s\n"
        + "network timeout for search.php\n")
    #expect(bare.steps.map(\.action) == full.steps.map(\.action))
    #expect(bare.steps[0].action == .network(.offline, endpoint: "lookup.php"))
    #expect(
      errors("network delay lokup 1s\n") == [
        "test.scenario:1: error: unknown endpoint `lokup`; did you mean `lookup.php`?"
      ])
  }

  @Test(
    "A common wording of a step gets a did-you-mean naming the step, its text kept",
    arguments: [
      ("heart", "toggle heart"), ("go back", "back"), ("search \"Chicken\"", "type \"Chicken\""),
      ("refresh", "pull to refresh"), ("pull-to-refresh", "pull to refresh"),
      ("Roll dice", "tap dice"), ("pause 400ms", "wait 400ms"),
      ("select category \"Beef\"", "pick category \"Beef\""),
    ])
  func commonWording(written: String, meant: String) {
    #expect(
      errors("launch\n\(written)\n") == [
        "test.scenario:2: error: unknown step `\(written)`; did you mean `\(meant)`?"
      ])
  }

  @Test("Every common wording names a step of the table, or why none does, and is no step itself")
  func wordingsNameSteps() {
    for (wording, step) in StepTable.commonWordings {
      #expect(StepTable.keywords.contains(step) || step.contains(" is "), "\(wording) → \(step)")
      #expect(!StepTable.keywords.contains(wording))
    }
    #expect(StepTable.helpText().contains("go back → back"))
  }

  @Test("The title is the title step's text")
  func titleFromStep() throws {
    let scenario = try parse("# Suche\ntitle Suche mit Pause  # shown in the report\nlaunch\n")
    #expect(scenario.title == "Suche mit Pause")
  }

  @Test("Without a title step the title is the file name without its extension")
  func titleFromFileName() throws {
    let scenario = try parse("launch\n", file: "Scenarios/02-suche.scenario")
    #expect(scenario.title == "02-suche")
    #expect(scenario.name == "02-suche")
  }

  @Test("Comments and blank lines are kept as they are and are not steps")
  func commentsAndBlankLines() throws {
    let text = "# Schritt 3: die Suche\n\n   \nlaunch\n  # indented comment\n# end"
    let scenario = try parse(text)
    #expect(scenario.steps.map(\.line) == [4])
    #expect(
      scenario.sourceLines == [
        "# Schritt 3: die Suche", "", "   ", "launch", "  # indented comment", "# end",
      ])
    #expect(scenario.source == text)
  }

  @Test("A trailing comment after a step is ignored, but a # inside quotes is text")
  func trailingComments() throws {
    let scenario = try parse("launch # start\ntype \"C# Curry\"   # types the # too\n")
    #expect(scenario.steps.map(\.action) == [.launch, .type("C# Curry")])
    #expect(scenario.steps[1].displayText == "type \"C# Curry\"")
  }

  @Test("Quotes take \\\" and \\\\ escapes, and German quotes are plain characters")
  func quotedEscapes() throws {
    let scenario = try parse(
      #"""
      launch
      expect visible "Keine Ergebnisse für „xyz“"
      type "a \"b\" c\\d"
      """#)
    #expect(
      scenario.steps.map(\.action) == [
        .launch, .expectVisible("Keine Ergebnisse für „xyz“"), .type(#"a "b" c\d"#),
      ])
  }

  @Test("A screen block ends at the first blank or unindented line")
  func screenBlockEnds() throws {
    let scenario = try parse("launch\nexpect screen\n  A\n    B\n\n# next\nback\n")
    #expect(scenario.steps.map(\.action) == [.launch, .expectScreen("A\n  B"), .back])
  }

  @Test("Carriage returns of CRLF files are not part of the steps")
  func crlfLines() throws {
    let scenario = try parse("launch\r\nexpect screen\r\n  A\r\n  B\r\n")
    #expect(scenario.steps.map(\.action) == [.launch, .expectScreen("A\nB")])
    #expect(scenario.steps[1].text == "expect screen")
  }

  @Test("An empty screen block is allowed when recording")
  func emptyBlockWhenRecording() throws {
    let scenario = try parse("launch\nexpect screen\nback\n", allowsEmptyScreens: true)
    #expect(scenario.steps[1].action == .expectScreen(""))
  }

  @Test("Meal ids may be separated by commas, spaces or both")
  func idSeparators() throws {
    let scenario = try parse("given favorites 1,2 3, 4\n")
    #expect(scenario.steps[0].action == .givenFavorites(["1", "2", "3", "4"]))
  }

  @Test("Durations are read in milliseconds or seconds, fractions included")
  func durations() throws {
    let scenario = try parse("wait 400ms\nwait 1.25s\n")
    #expect(
      scenario.steps.map(\.action) == [.wait(.milliseconds(400)), .wait(.milliseconds(1250))])
    #expect(errors("wait 400\n").count == 1)
    #expect(errors("wait -1s\n").count == 1)
  }
}
