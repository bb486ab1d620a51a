import Fixtures
import Foundation
import MealDB
import Testing
import ViewModels

@testable import ViewDescription

/// The diff of two screens, worked out on their nodes.
@Suite struct ScreenDiffTests {
  @Test("A changed node shows as its expected line removed and its actual line added")
  func smallDiff() {
    let expected = """
      NavigationStack
      └─ Screen "Dessert"
         ├─ SearchField "Alle Rezepte durchsuchen" text=""
         └─ List
      """
    let actual = """
      NavigationStack
      └─ Screen "Suche"
         ├─ SearchField "Alle Rezepte durchsuchen" text="Las"
         └─ List
            └─ Row "Lasagne"
      """
    let diff = ScreenDiff(old: expected, new: actual)
    #expect(
      diff.lines() == [
        "  NavigationStack",
        "− └─ Screen \"Dessert\"",
        "+ └─ Screen \"Suche\"",
        "−    ├─ SearchField \"Alle Rezepte durchsuchen\" text=\"\"",
        "+    ├─ SearchField \"Alle Rezepte durchsuchen\" text=\"Las\"",
        "     └─ List",
        "+       └─ Row \"Lasagne\"",
      ])
    #expect(diff.counts == (added: 1, removed: 0, changed: 2))
  }

  @Test("A node added below a list is one change; the rows' new guides are none")
  func connectorsAreNoChange() {
    let before = """
      NavigationStack
      └─ Screen "Dessert"
         └─ List (refreshable)
            ├─ Row "Apam balik"
            └─ Row "Pancakes"
      """
    let after = """
      NavigationStack
      └─ Screen "Dessert"
         ├─ List (refreshable)
         │  ├─ Row "Apam balik"
         │  └─ Row "Pancakes"
         └─ Alert "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."
            └─ Button "OK"
      """
    let diff = ScreenDiff(old: before, new: after)
    #expect(diff.counts == (added: 2, removed: 0, changed: 0))
    #expect(
      diff.lines(context: 1) == [
        "  ⋮ 4 unchanged lines",
        "     │  └─ Row \"Pancakes\"",
        "+    └─ Alert \"Keine Internetverbindung. Prüfe WLAN oder mobile Daten.\"",
        "+       └─ Button \"OK\"",
      ])
  }

  @Test("A wrapped line is one node: a change of one option changes the picker, not four lines")
  func wrappedLines() {
    let renderer = TextRenderer(options: .init(width: 40))
    let options = ["Beef", "Chicken", "Dessert", "Lamb", "Miscellaneous", "Pasta", "Pork"]
    let before = Node.navigationStack([.picker("Kategorie", options: options, selection: "Beef")])
    let after = Node.navigationStack([.picker("Kategorie", options: options, selection: "Pork")])
    let diff = ScreenDiff(old: before, new: after, renderer: renderer)
    #expect(diff.counts == (added: 0, removed: 0, changed: 1))
    #expect(renderer.render(after).split(separator: "\n").count > 2)
    #expect(diff.changedPaths == [NodePath([0])])
  }

  @Test("Lines that are no tree are compared as lines, moved ones kept where they can be")
  func plainLines() {
    #expect(
      ScreenDiff(old: "A\nB\nC", new: "X\nA\nB\nC").lines() == ["+ X", "  A", "  B", "  C"])
  }

  @Test("Long runs of unchanged lines are shortened around the changes")
  func foldsUnchangedLines() {
    let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
    let actual = expected.replacingOccurrences(of: "line 10", with: "line ten")
    #expect(
      ScreenDiff(old: expected, new: actual).lines() == [
        "  ⋮ 6 unchanged lines", "  line 7", "  line 8", "  line 9", "− line 10", "+ line ten",
      ])
  }

  @Test("The new side shows new and changed lines and counts the removed ones")
  func newSide() {
    let before = "List\n├─ Row \"A\"\n├─ Row \"B\"\n└─ Row \"C\""
    let after = "List\n├─ Row \"A\" ♥\n└─ Row \"C\""
    #expect(
      ScreenDiff(old: before, new: after).lines(context: 0, style: .newSide) == [
        "  ⋮ 1 unchanged line", "+ ├─ Row \"A\" ♥", "− 1 line removed", "  ⋮ 1 unchanged line",
      ])
  }

  @Test("Equal screens have no changes")
  func equalScreens() {
    let tree = MealListScreen.body(Fixture.dessertList)
    #expect(ScreenDiff(old: tree, new: tree).isEmpty)
    #expect(ScreenDiff(old: tree, new: tree).changedPaths.isEmpty)
  }
}

@Suite struct ChangedPathsTests {
  private func row(_ name: String, favorite: Bool = false) -> Node {
    .row(name, isFavorite: favorite, intent: .mealTapped(Meal(id: name, name: name)))
  }

  private func changes(from before: Node, to after: Node) -> Set<NodePath> {
    ScreenDiff(old: before, new: after).changedPaths
  }

  @Test("A row inserted at the top marks that row alone")
  func insertedRow() {
    let before = Node.list([row("B"), row("C")])
    let after = Node.list([row("A"), row("B"), row("C")])
    #expect(changes(from: before, to: after) == [NodePath([0])])
  }

  @Test("A row that became a favourite is marked")
  func changedAttribute() {
    let before = Node.list([row("A"), row("B")])
    let after = Node.list([row("A"), row("B", favorite: true)])
    #expect(changes(from: before, to: after) == [NodePath([1])])
  }

  @Test("A list that lost rows is marked itself")
  func removedRow() {
    let before = Node.list([row("A"), row("B")])
    let after = Node.list([row("A")])
    #expect(changes(from: before, to: after) == [NodePath()])
  }

  @Test("A new section marks the section, not each row in it")
  func newSection() {
    let before = Node.list([row("A", favorite: false), row("B")])
    let after = Node.list([
      row("A", favorite: true), row("B"), .section("Favoriten", [row("A", favorite: true)]),
    ])
    #expect(changes(from: before, to: after) == [NodePath([0]), NodePath([2])])
  }

  @Test("An alert over a list marks the alert alone")
  func alertAdded() {
    let before = Node.navigationStack([.screen("Dessert", [.list([row("A"), row("B")])])])
    let after = Node.navigationStack([
      .screen(
        "Dessert",
        [.list([row("A"), row("B")]), .alert("Fehler", [.button("OK", intent: .noticeDismissed)])])
    ])
    #expect(changes(from: before, to: after) == [NodePath([0, 1])])
  }
}

/// The line diff on long screens: linear memory, the same length of edit script, a short display.
@Suite struct LongDiffTests {
  /// Checks that `diff` turns `old` into `new`.
  func applies(_ diff: [DiffLine<String>], _ old: [String], _ new: [String]) -> Bool {
    var fromOld: [String] = []
    var fromNew: [String] = []
    for line in diff {
      switch line {
      case .same(let text):
        fromOld.append(text)
        fromNew.append(text)
      case .removed(let text): fromOld.append(text)
      case .added(let text): fromNew.append(text)
      }
    }
    return fromOld == old && fromNew == new
  }

  func edits(_ diff: [DiffLine<String>]) -> Int {
    diff.filter { if case .same = $0 { false } else { true } }.count
  }

  @Test(
    "Without room for the search history the diff is found in linear space, just as short",
    arguments: 0..<40)
  func linearSpaceIsShortest(seed: Int) {
    var generator = LinearCongruential(seed: UInt64(seed))
    let old = (0..<Int(generator.next() % 30)).map { _ in "\(generator.next() % 5)" }
    let new = (0..<Int(generator.next() % 30)).map { _ in "\(generator.next() % 5)" }
    let greedy = lineDiff(old, new)
    let linear = lineDiff(old, new, historyLimit: 0)
    #expect(applies(linear, old, new))
    #expect(edits(linear) == edits(greedy))
  }

  @Test("Long screens that changed throughout give a correct diff without the search history")
  func longScreens() {
    let old = (0..<2_000).map { "Row \"Meal \($0)\"" }
    let new = (0..<2_000).map { "Row \"Meal \($0 % 3 == 0 ? $0 + 1 : $0)\"" }
    let diff = lineDiff(old, new, historyLimit: 0)
    #expect(applies(diff, old, new))
  }

  @Test("When the comparisons run out, the rest is shown removed and added whole")
  func workLimit() {
    let old = ["a", "b", "c", "d", "e", "f"]
    let new = ["b", "a", "d", "c", "f", "e"]
    let diff = lineDiff(old, new, historyLimit: 0, workLimit: 0)
    #expect(applies(diff, old, new))
    #expect(edits(diff) == 12)
  }

  @Test("A huge diff is cut after the limit with a count of the lines left out")
  func shortened() {
    let expected = (0..<1000).map { "old \($0)" }
    let actual = (0..<1000).map { "new \($0)" }
    let lines = ScreenDiff(oldLines: expected, newLines: actual).lines(limit: 10)
    #expect(lines.count == 11)
    #expect(lines.last == "  ⋯ 1990 more lines of the diff left out")
  }
}

/// A small deterministic generator for table tests.
private struct LinearCongruential {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1 }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}
