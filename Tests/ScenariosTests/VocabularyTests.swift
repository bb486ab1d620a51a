import CommandLineKit
import Foundation
import MealCatalog
import MealDB
import Spelling
import Testing
import ViewDescription
import VirtualTime

@testable import Scenarios

/// One vocabulary: every action is written as a scenario file spells it and read back to the
/// same action, and every action has a replay that does something.
@MainActor
@Suite struct VocabularyTests {
  /// Pieces of text that make quoting hard: quotes, backslashes, the escapes' own letters,
  /// umlauts (composed and decomposed), emoji, German quotes, a comment sign, control
  /// characters and a right-to-left override.
  static let pieces = [
    "Las", "agne", " ", "  ", "\"", "\\", "\\\"", "\\n", "u{41}", "ä", "a\u{308}", "Ö", "ß", "👩‍🍳",
    "🇩🇪", "„Suppe“", "#", " # ", "\t", "\n", "\r\n", "\u{1B}[31m", "\u{202E}", "\u{85}", "\u{0}",
    "'", "{", "}", "\u{301}", "e\u{301}", "x",
  ]

  /// A text of up to six pieces.
  static func text(_ random: inout SeededGenerator, allowsEmpty: Bool = true) -> String {
    let count = Int(random.next() % 7)
    let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    if text.isEmpty, !allowsEmpty { return "x" }
    return text
  }

  /// A duration from 0 to one hour, to the nanosecond, often a round one.
  static func duration(_ random: inout SeededGenerator) -> Duration {
    switch random.next() % 4 {
    case 0: .milliseconds(Int64(random.next() % 3_600_001))
    case 1: .seconds(Int64(random.next() % 3601))
    case 2: .nanoseconds(Int64(random.next() % 3_600_000_000_001))
    default: .nanoseconds(Int64(random.next() % 1_000_000))
    }
  }

  static func ids(_ random: inout SeededGenerator) -> [String] {
    (0...(random.next() % 3)).map { _ in String(52000 + random.next() % 1000) }
  }

  /// One action of each case, with random values; `kind` picks the case.
  static func action(_ kind: Int, _ random: inout SeededGenerator) -> Step.Action {
    let endpoint =
      random.next() % 2 == 0 ? nil : testContext.endpoints.randomElement(using: &random)
    let containing = random.next() % 2 == 0
    switch kind % Self.caseCount {
    case 0:
      let title = text(&random).trimmed(.whitespacesAndNewlines)
      return .title(title.isEmpty ? "Suche" : title)
    case 1: return .givenFavorites(ids(&random))
    case 2: return .givenRandom(ids(&random))
    case 3: return .givenStart(random.next() % 2 == 0 ? .list : .categories)
    case 4: return .launch
    case 5: return .relaunch
    case 6: return .type(text(&random))
    case 7: return .clearSearch
    case 8: return .wait(duration(&random))
    case 9: return .pickCategory(testContext.categories.randomElement(using: &random)!)
    case 10: return .pullToRefresh
    case 11: return .tapDice
    case 12: return .open(text(&random))
    case 13: return .back
    case 14: return .toggleHeart
    case 15: return .retry
    case 16:
      let faults: [NetworkFault?] = [nil] + NetworkFault.allCases
      return .network(faults.randomElement(using: &random)!, endpoint: endpoint)
    case 17: return .networkDelay(duration(&random), endpoint: endpoint)
    case 18: return .expectTitle(text(&random))
    case 19: return .expectVisible(text(&random), containing: containing)
    case 20: return .expectHidden(text(&random), containing: containing)
    case 21:
      let listed = (0..<(random.next() % 3)).map { _ in
        "GET search.php?s=" + String(random.next() % 99)
      }
      return random.next() % 2 == 0
        ? .expectRequests(Int(random.next() % 5), listed: nil)
        : .expectRequests(listed.count, listed: listed.isEmpty ? nil : listed)
    case 22:
      let rows = (0...(random.next() % 3)).map { _ in "   ├─ Row " + Quoting.quoted(text(&random)) }
      return .expectScreen(
        (["NavigationStack", "└─ Screen \"Suche\""] + rows).joined(separator: "\n"))
    case 23: return .focusSearch
    case 24: return .pickSuggestion(text(&random))
    case 25: return .tap(text(&random))
    case 26: return .dismissNotice
    case 27: return .leaveSearch
    case 28: return .expectFavorite(text(&random), isFavorite: random.next() % 2 == 0)
    case 29:
      // As `SpokenElement.spoken` writes a button's line.
      let lines = (0...(random.next() % 3)).map { _ in
        let label = Quoting.visible(text(&random).trimmingCharacters(in: .whitespaces))
        return label.isEmpty ? "Taste" : label + ", Taste"
      }
      return .expectSpoken((["▸ Dessert, Überschrift"] + lines).joined(separator: "\n"))
    case 30: return .expectAnnounced(text(&random))
    case 31: return .voiceOver(VoiceOverGesture.allCases.randomElement(using: &random)!)
    default: return .title("Suche mit Pause")
    }
  }

  /// How many cases `Step.Action` has.
  static let caseCount = 32

  /// The number `action(_:_:)` makes each case from: a switch without `default`, so that a new
  /// case does not compile until the generator makes it too.
  static func kind(of action: Step.Action) -> Int {
    switch action {
    case .title: 0
    case .givenFavorites: 1
    case .givenRandom: 2
    case .givenStart: 3
    case .launch: 4
    case .relaunch: 5
    case .type: 6
    case .clearSearch: 7
    case .wait: 8
    case .pickCategory: 9
    case .pullToRefresh: 10
    case .tapDice: 11
    case .open: 12
    case .back: 13
    case .toggleHeart: 14
    case .retry: 15
    case .network: 16
    case .networkDelay: 17
    case .expectTitle: 18
    case .expectVisible: 19
    case .expectHidden: 20
    case .expectRequests: 21
    case .expectScreen: 22
    case .focusSearch: 23
    case .pickSuggestion: 24
    case .tap: 25
    case .dismissNotice: 26
    case .leaveSearch: 27
    case .expectFavorite: 28
    case .expectSpoken: 29
    case .expectAnnounced: 30
    case .voiceOver: 31
    }
  }

  @Test("The generator makes every case of Step.Action")
  func generatorIsComplete() {
    var random = SeededGenerator(seed: 1)
    let kinds = (0..<Self.caseCount).map { Self.kind(of: Self.action($0, &random)) }
    #expect(kinds == Array(0..<Self.caseCount))
  }

  @Test("`expect requests 0` with an empty list is written as no list and reads back as none")
  func emptyRequestList() throws {
    #expect(Step.Action.expectRequests(0, listed: []).lines == ["expect requests 0"])
    #expect(try Self.readBack(.expectRequests(0, listed: [])) == .expectRequests(0, listed: nil))
  }

  /// The action the written lines read back to, through the parser of scenario files.
  static func readBack(_ action: Step.Action) throws -> Step.Action {
    // `relaunch` after it, for the setup only the next launch reads.
    let file = (["launch"] + action.lines + ["relaunch"]).joined(separator: "\n") + "\n"
    let context = ScenarioContext(
      categories: testContext.categories, endpoints: testContext.endpoints)
    let scenario = try ScenarioParser.parse(file, file: "round.scenario", context: context).get()
    return scenario.steps[1].action
  }

  @Test("Parsing the written lines of an action gives the same action back")
  func roundTrip() throws {
    var random = SeededGenerator(seed: 22)
    for round in 0..<3000 {
      let action = Self.action(round, &random)
      guard action != .launch else { continue }  // a second launch is refused where it stands
      let lines = action.lines
      do {
        #expect(try Self.readBack(action) == action, "written as \(lines)")
      } catch {
        Issue.record("\(error): written as \(lines.map { Array($0.unicodeScalars) })")
      }
    }
  }

  @Test("Durations are spelled exactly, as `wait` and `network delay` read them")
  func durationSpelling() throws {
    let cases: [(Duration, String)] = [
      (.zero, "0s"), (.milliseconds(400), "400ms"), (.seconds(1), "1s"),
      (.milliseconds(1500), "1.5s"),
      (.milliseconds(1050), "1.05s"), (.microseconds(250), "0.25ms"),
      (.nanoseconds(1), "0.000001ms"),
      (.nanoseconds(1_000_000_001), "1.000000001s"), (.seconds(3600), "3600s"),
    ]
    for (duration, text) in cases {
      #expect(DurationText.format(duration) == text)
      #expect(try DurationText.parse(text) == duration)
    }
  }

  @Test("Texts with control characters are written with the escapes the text tree uses")
  func escapes() throws {
    let action = Step.Action.type("a\u{1B}[31m\n\"\\")
    #expect(action.lines == [#"type "a\u{1B}[31m\n\"\\""#])
    #expect(errors("launch\ntype \"\\q\"\n").first?.contains("unknown escape `\\q`") == true)
    #expect(errors("launch\ntype \"\\u{110000}\"\n").count == 1)
    #expect(errors("launch\ntype \"\\u{+4C}\"\n").count == 1)
    #expect(errors("launch\ntype \"\\u{-0}\"\n").count == 1)
  }

  @Test("In the lessons every kind of gesture sends its node's intent, and no other step sends one")
  func gesturesReachTheApp() async throws {
    var gestures: Set<Int> = []
    var sending: Set<Int> = []
    for name in lessonFiles {
      let driver = makeDriver()
      var sent = 0
      let result = await ScenarioRunner().run(try loadLessonScenario(name), on: driver) { event in
        let action = event.step.action
        // A gesture on a disabled node sends nothing, as on a phone.
        if action.role == .gesture { gestures.insert(Self.kind(of: action)) }
        if driver.intentCount > sent { sending.insert(Self.kind(of: action)) }
        #expect(
          driver.intentCount == sent || action.role == .gesture, "\(name): \(event.step.text)")
        sent = driver.intentCount
      }
      #expect(result.passed)
    }
    #expect(gestures == sending)
    #expect(gestures.count >= 12)
  }
}
