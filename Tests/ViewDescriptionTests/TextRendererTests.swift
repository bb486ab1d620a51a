import Fixtures
import Foundation
import MealCatalog
import MealDB
import RezepteTesting
import Testing
import ViewDescription
import ViewModels
import VirtualTime

@MainActor
@Suite struct TextRendererTests {
  private let allCategories = [
    "Beef", "Breakfast", "Chicken", "Dessert", "Goat", "Lamb", "Miscellaneous", "Pasta", "Pork",
    "Seafood", "Side", "Starter", "Vegan", "Vegetarian",
  ]

  @Test("A single node is one line without a trailing line break")
  func singleNode() {
    expectSnapshot(of: Node.text("Hallo"), as: .tree, matches: "Text \"Hallo\"")
  }

  @Test("Quotes, backslashes and line breaks inside strings are escaped")
  func escaping() {
    let node = Node.text("General \"Tso's\" C:\\ 1\n2\t3")
    expectSnapshot(of: node, as: .tree, matches: #"Text "General \"Tso's\" C:\\ 1\n2\t3""#)
  }

  @Test(
    "Control characters and bidirectional marks are drawn escaped, never raw",
    arguments: [
      ("Tea\u{0}Cake", #"Text "Tea\u{0}Cake""#), ("\u{202E}ekaC", #"Text "\u{202E}ekaC""#),
      ("a\u{200F}b\u{2066}c\u{061C}d", #"Text "a\u{200F}b\u{2066}c\u{61C}d""#),
      ("bell\u{7}", #"Text "bell\u{7}""#), ("c1\u{85}\u{9B}", #"Text "c1\u{85}\u{9B}""#),
      ("Käsespätzle – 寿司", #"Text "Käsespätzle – 寿司""#),
    ])
  func controlCharacters(text: String, line: String) {
    #expect(TextRenderer().render(.text(text)) == line)
  }

  @Test("A long text wraps at the width, continuation lines one step under their node")
  func wrapsAtWidth() {
    let tree = Node.section(
      "Zubereitung",
      [
        .text("Preheat the oven to 200C and bake the tart for twenty minutes until golden."),
        .text("Serve."),
      ])
    expectSnapshot(
      of: tree, as: .tree(.init(width: 40)),
      matches: """
        Section "Zubereitung"
        ├─ Text "Preheat the oven to 200C and
        │     bake the tart for twenty minutes
        │     until golden."
        └─ Text "Serve."
        """)
  }

  @Test("Every wrapped line fits the width and joining the pieces gives the line back")
  func wrappingIsLossless() throws {
    let words = (1...60).map { "word\($0)" }.joined(separator: " ")
    let drawn = TextRenderer(options: .init(width: 50)).render(
      .list([.section("A", [.text(words)])]))
    let lines = drawn.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 50 })
    let pieces = lines.dropFirst(2).map { $0.drop { "│└─ ".contains($0) } }
    #expect(pieces.joined(separator: " ") == "Text \"\(words)\"")
  }

  @Test("A word longer than the width is not split")
  func longWord() {
    let url = "https://www.themealdb.com/images/media/meals/wxywrq1468235067.jpg"
    expectSnapshot(
      of: .text("see \(url)"), as: .tree(.init(width: 30)),
      matches: """
        Text "see
           \(url)"
        """)
  }

  @Test("All categories are listed, the selected one marked, wrapped between options")
  func pickerWraps() {
    let menu = Node.menu(
      "Kategorie", symbol: .line3HorizontalDecreaseCircle,
      [.picker("Kategorie", options: allCategories, selection: "Dessert")])
    expectSnapshot(
      of: .toolbar([menu]), as: .tree,
      matches: """
        Toolbar
        └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert · Goat · Lamb ·
                 Miscellaneous · Pasta · Pork · Seafood · Side · Starter · Vegan ·
                 Vegetarian
        """)
  }

  /// Wraps a root leaf's line as the renderer defines it: split at spaces by `Character`, so a
  /// space with a combining mark after it is no place to break.
  private func referenceWrap(_ line: String, width: Int) -> String {
    guard line.count > width else { return line }
    var room = max(width, 24)
    var output = ""
    var used = -1
    var previous: Substring = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      if used < 0 {
        used = word.count
      } else if used + 1 + word.count <= room || previous == "●" || previous == "→" || word == "·" {
        output += " "
        used += 1 + word.count
      } else {
        output += "\n   "
        room = max(width - 3, 24)
        used = word.count
      }
      output += word
      previous = word
    }
    return output
  }

  @Test("Lines wrap by Characters, also where marks, emoji or other scripts touch a space")
  func wrapsByCharacters() {
    let tokens = [
      "a", "Käse", "e\u{301}", "\u{301}", "·", "\u{0387}", "●", "→", "♥", "🇩🇪", "👨‍👩‍👧", "\u{0600}",
      "क्ष", "寿司", "", "Vegetarian", "\u{200D}", "\u{FE0F}", "x\u{1F3FB}",
    ]
    var generator = SeededGenerator(seed: 7)
    for round in 0..<400 {
      let words = (0..<Int.random(in: 4...40, using: &generator)).map { _ in
        tokens.randomElement(using: &generator)!
      }
      let width = Int.random(in: 20...70, using: &generator)
      let node: Node =
        round.isMultiple(of: 2)
        ? .text(words.joined(separator: " "))
        : .picker("P", options: words, selection: words.randomElement(using: &generator))
      let line = TextRenderer(options: .init(width: 100_000)).render(node)
      let drawn = TextRenderer(options: .init(width: width)).render(node)
      #expect(drawn == referenceWrap(line, width: width), "width \(width): \(words)")
    }
  }

  @Test("The selection marker is never parted from its option by a line break")
  func markerStaysWithOption() {
    let picker = Node.picker("Kategorie", options: allCategories, selection: "Lamb")
    let drawn = TextRenderer(options: .init(width: 70)).render(picker)
    #expect(drawn.contains("● Lamb"))
    #expect(!drawn.split(separator: "\n").contains { $0.hasSuffix("●") || $0.hasSuffix("→") })
  }

  @Test("Options that could be misread are quoted")
  func misreadableOptions() {
    let picker = Node.picker("P", options: ["A · B", "", "C"], selection: "C")
    expectSnapshot(of: picker, as: .tree, matches: #"Picker "P": "A · B" · "" · ● C"#)
  }

  @Test(
    "An option is quoted for any character that equals a marker, also one spelled otherwise",
    arguments: ["a\u{0387}b", "x\u{2028}y", " e", "e ", "\"", "\\", "a\u{85}b", "●"])
  func equivalentMarkers(option: String) {
    let picker = Node.picker("P", options: [option], selection: nil)
    #expect(TextRenderer().render(picker).hasPrefix(#"Picker "P": ""#))
  }

  @Test("With intents and URLs shown, lines end in what a tap sends")
  func intentsAndURLs() {
    let options = TextRenderer.Options(width: 200, showsIntents: true, showsURLs: true)
    let tree = Node.list([
      .row(
        "Apam balik", thumbnail: Fixture.apamBalik.thumbnail, intent: .mealTapped(Fixture.apamBalik)
      ),
      .link("Video ansehen", destination: URL(string: "https://youtu.be/x")!),
      .button("Erneut versuchen", intent: .retryTapped),
    ])
    expectSnapshot(
      of: tree, as: .tree(options),
      matches: """
        List
        ├─ Row "Apam balik" url="https://www.themealdb.com/images/media/meals/adxcbq1619787919.jpg" → mealTapped("53049")
        ├─ Link "Video ansehen" url="https://youtu.be/x" → linkTapped("https://youtu.be/x")
        └─ Button "Erneut versuchen" → retryTapped
        """)
  }

  @Test("Each kind draws its attributes in a fixed order, the back button on its screen's line")
  func attributeOrder() {
    let tree = Node.screen(
      "S", id: 3, back: "B",
      [
        .button("D", symbol: .dice, isDisabled: true, intent: .diceTapped),
        .searchField(prompt: "P", text: "t", isFocused: true),
        .list(
          refresh: .pulledToRefresh, isRefreshing: true,
          [.row("L", thumbnail: "u", isFavorite: true, intent: .heartTapped)]),
      ])
    let options = TextRenderer.Options(width: 200, showsIntents: true, showsURLs: true)
    #expect(
      TextRenderer(options: options).render(tree) == """
        Screen "S" back="B" → backTapped
        ├─ Button "D" [dice] (disabled) → diceTapped
        ├─ SearchField "P" text="t" (focused)
        └─ List (refreshable, refreshing) → pulledToRefresh
           └─ Row "L" ♥ url="u" → heartTapped
        """)
  }

  @Test("A node's description is its default rendering")
  func description() {
    let tree = AppScreen.body(AppState(list: Fixture.dessertList))
    #expect(tree.description == TextRenderer().render(tree))
  }

  @Test("Five thousand rows render to one line each")
  func manyRows() {
    let meals = (0..<5000).map { Meal(id: String($0), name: "Meal \($0)") }
    let state = MealListState(
      meals: .loaded(meals), loadedQuery: Query(category: "Dessert", search: ""))
    let drawn = TextRenderer().render(AppScreen.body(AppState(list: state)))
    #expect(drawn.split(separator: "\n").count == 8 + 5000)
    #expect(drawn.hasSuffix("      └─ Row \"Meal 4999\""))
  }
}
