import Foundation
import Testing

@testable import RezepteTesting

/// `expectSnapshot` with each strategy, inline and named, and the failures it records.
@MainActor
@Suite struct SnapshotTests {
  @Test("Each strategy passes on the text it makes, inline")
  func strategiesPass() async throws {
    let app = try embeddedApp(start: .categories)
    expectSnapshot(
      of: app, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ ProgressView "Kategorien werden geladen…"
        """)
    await app.launch()
    expectSnapshot(of: app, as: .requests, matches: "GET categories.php")
    expectSnapshot(of: Node.text("Hallo"), as: .tree, matches: #"Text "Hallo""#)
    expectSnapshot(
      of: Query(category: "Dessert", search: "Pie"), as: .dump,
      matches: #"Query(category: "Dessert", search: "Pie")"#)
  }

  @Test("A dump too wide for a line opens up, one field or element a line")
  func dumpOpensUp() {
    let meals = (1...3).map { Meal(id: "\($0)", name: "Meal number \($0) with a long name") }
    #expect(
      Snapshotting.dump.snapshot(MealListState(meals: .loaded(meals))).hasPrefix(
        """
        MealListState(
          category: "Dessert",
          categories: [],
          searchText: "",
          isSearchFocused: false,
          suggestionTerms: ["Lasagne", "Pie", "Cake", "Soup"],
          meals: .loaded(
            [
              Meal(id: "1", name: "Meal number 1 with a long name", thumbnail: nil),
        """))
  }

  @Test("A screen that differs fails with the tree diff and the call's place")
  func screenDiffers() async throws {
    let app = try embeddedApp()
    await app.launch()
    let messages = await failures {
      await withScreenRecording(.never) {
        expectScreen(of: app, matches: "NavigationStack\n└─ Screen \"Beef\"")
      }
    }
    let message = try #require(messages.first)
    #expect(messages.count == 1)
    #expect(message.contains("expectScreen at RezepteTestingTests/SnapshotTests.swift:"))
    #expect(message.contains("the screen differs from the expected one (− expected, + actual):"))
    #expect(message.contains("− └─ Screen \"Beef\""))
    #expect(message.contains("+ └─ Screen \"Dessert\""))
    #expect(message.contains("REZEPTE_RECORD=failed"))
  }

  @Test("The headline of a screen that differs names the call and what differs")
  func screenDiffersHeadline() async throws {
    let app = try embeddedApp()
    await app.launch()
    let found = await issues {
      await withScreenRecording(.never) {
        expectScreen(of: app, matches: "NavigationStack\n└─ Screen \"Beef\"")
      }
    }
    let headline = headline(of: try #require(found.first))
    #expect(headline.hasPrefix("expectScreen at RezepteTestingTests/SnapshotTests.swift:"))
    #expect(
      headline.hasSuffix(": the screen differs from the expected one (− expected, + actual):"))
  }

  @Test("A dump that differs names the field in its diff")
  func dumpDiffers() async throws {
    let messages = await failures {
      expectSnapshot(
        of: Query(category: "Dessert", search: "Pie"), as: .dump,
        matches: #"Query(category: "Dessert", search: "Cake")"#)
    }
    #expect(try #require(messages.first).contains(#"+ Query(category: "Dessert", search: "Pie")"#))
  }

  @Test("A call without a literal fails with the snapshot to copy unless recording")
  func snapshotMissing() async throws {
    let app = try embeddedApp()
    await app.launch()
    let messages = await failures {
      await withScreenRecording(.never) { expectSnapshot(of: app, as: .requests) }
    }
    #expect(messages.count == 1)
    #expect(try #require(messages.first).contains("has no expected snapshot"))
    #expect(try #require(messages.first).contains("  GET filter.php?c=Dessert"))
  }

  @Test("A named snapshot is kept in Tests/__Screens__, outside every target, written when missing")
  func namedSnapshot() async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data().write(to: URL(fileURLWithPath: root + "/Package.swift"))
    let site = CallSite(
      fileID: "T/NamedTests.swift", filePath: root + "/Tests/T/NamedTests.swift", line: 3,
      column: 5)
    func check() {
      SnapshotCheck("expectSnapshot", ["a", "b"], .dump, site).named("x\u{0}y", testName: "../f()")
    }
    let messages = await failures { await withScreenRecording(.missing) { check() } }
    let path = root + "/Tests/__Screens__/T/NamedTests/%2E.%2Ff.x%00y.txt"
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[\"a\", \"b\"]\n")
    #expect(
      try #require(messages.first).contains(
        "wrote the snapshot into \(path) (withScreenRecording(.missing))"))
    check()
  }

  @Test("A named snapshot written by default says so, not that REZEPTE_RECORD asked for it")
  func recordingReason() {
    let site = CallSite(fileID: "T/A.swift", filePath: "/A.swift", line: 1, column: 1)
    let reason = RecordMode.current(fallback: .missing, at: site).reason
    #expect(
      reason == "the default: REZEPTE_RECORD is not set"
        || ProcessInfo.processInfo.environment["REZEPTE_RECORD"] != nil)
  }

  @Test(
    "A name or a test's name that could leave the folder or hide is made visible and safe",
    arguments: [
      ("a/../b", "a%2F..%2Fb"), ("../../x", "%2E.%2F..%2Fx"), ("nul\u{0}x", "nul%00x"),
      ("100%", "100%25"), ("Lasagne", "Lasagne"),
    ])
  func fileNames(name: String, part: String) {
    #expect(SnapshotCheck.fileNamePart(name) == part)
  }
}

/// What VoiceOver reads, as a snapshot, and the audit of a screen.
@MainActor
@Suite struct VoiceOverSnapshotTests {
  @Test("What VoiceOver reads of the app is a snapshot, inline and kept in a file")
  func voiceOver() async throws {
    let app = try embeddedApp(start: .categories)
    await app.launch()
    await app.send(.categoryTileTapped("Pasta"))
    expectSnapshot(
      of: app, as: .voiceOver,
      matches: """
        Kategorien, Taste
        Zufallsrezept, Taste, Öffnet ein zufälliges Rezept
        Kategorie, Pasta, Taste
        Pasta, Überschrift
        Alle Rezepte durchsuchen, Suchfeld
        Fettucine alfredo, Taste
        Grilled Mac and Cheese Sandwich, Taste
        Lasagne, Taste
        Pilchard puttanesca, Taste
        """)
    await app.send(.mealTapped(Meal(id: "52844", name: "Lasagne")))
    await app.send(.heartTapped)
    expectSnapshot(of: app, as: .voiceOver, named: "lasagne")
    expectAccessible(app)
  }

  @Test("A screen that breaks a rule fails, its headline naming the rule and the node")
  func auditFails() async {
    let unlabelled = Node.screen(
      "Dessert", [.toolbar([.button("", symbol: .dice, id: .dice, intent: .diceTapped)])])
    let twoLasagnes = Node.list([
      .row("Lasagne", id: .meal("1"), intent: .backTapped),
      .row("Lasagne", id: .meal("2"), intent: .diceTapped),
    ])
    let messages = await failures {
      expectAccessible(unlabelled)
      expectAccessible(twoLasagnes)
    }
    #expect(messages.count == 2)
    #expect(
      messages.first?.hasPrefix(
        "the screen breaks the accessibility rule labeled-controls: dice at 0.0 speaks no label")
        == true)
    #expect(
      messages.last?.hasPrefix(
        #"the screen breaks the accessibility rule distinct-labels: meal-1 at 0 and meal-2 at 1 both speak "Lasagne""#
      )
        == true)
  }
}
