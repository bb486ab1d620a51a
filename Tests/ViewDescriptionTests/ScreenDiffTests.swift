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

  @Test("The new side shows new and changed lines and counts the removed ones, in German")
  func newSide() {
    let before = "List\n├─ Row \"A\"\n├─ Row \"B\"\n└─ Row \"C\""
    let after = "List\n├─ Row \"A\" ♥\n└─ Row \"C\""
    #expect(
      ScreenDiff(old: before, new: after).lines(context: 0, style: .newSide) == [
        "  ⋮ 1 unveränderte Zeile", "+ ├─ Row \"A\" ♥", "− 1 Zeile entfernt",
        "  ⋮ 1 unveränderte Zeile",
      ])
  }

  @Test("Equal screens have no changes")
  func equalScreens() {
    let tree = MealListScreen.body(Fixture.dessertList)
    #expect(ScreenDiff(old: tree, new: tree).entries.allSatisfy { $0.change == .same })
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

  @Test("A list that lost rows marks nothing: what is gone is not on the new screen")
  func removedRow() {
    let before = Node.list([row("A"), row("B")])
    let after = Node.list([row("A")])
    #expect(changes(from: before, to: after).isEmpty)
  }

  @Test("A new section marks the section and each row in it, as `show` lists them")
  func newSection() {
    let before = Node.list([row("A", favorite: false), row("B")])
    let after = Node.list([
      row("A", favorite: true), row("B"), .section("Favoriten", [row("A", favorite: true)]),
    ])
    #expect(changes(from: before, to: after) == [NodePath([0]), NodePath([2]), NodePath([2, 0])])
  }

  @Test("The marked nodes are the ones whose lines the new side marks `+`")
  func changedPathsAreThePlusLines() {
    let before = Node.navigationStack([.screen("Dessert", [.list([row("A"), row("B")])])])
    let after = Node.navigationStack([
      .screen("Suche", [.list([row("B"), row("C", favorite: true)])])
    ])
    let diff = ScreenDiff(old: before, new: after)
    let plus = diff.lines(context: .max, style: .newSide).filter { $0.hasPrefix("+ ") }
    let lines = TextRenderer().render(after).split(separator: "\n").map(String.init)
    #expect(plus == [lines[1], lines[4]].map { "+ " + $0 })
    #expect(diff.changedPaths == [NodePath([0]), NodePath([0, 0, 1])])
  }

  @Test("An alert over a list marks the alert and its button, not the list")
  func alertAdded() {
    let before = Node.navigationStack([.screen("Dessert", [.list([row("A"), row("B")])])])
    let after = Node.navigationStack([
      .screen(
        "Dessert",
        [.list([row("A"), row("B")]), .alert("Fehler", [.button("OK", intent: .noticeDismissed)])])
    ])
    #expect(changes(from: before, to: after) == [NodePath([0, 1]), NodePath([0, 1, 0])])
  }
}

/// The line diff under the screens: shortest, and correct even when it stops looking for the
/// shortest.
@Suite struct LineDiffTests {
  /// The old and the new lines that `diff` spells.
  func sides(_ diff: [DiffLine<String>]) -> (old: [String], new: [String]) {
    var sides: (old: [String], new: [String]) = ([], [])
    for line in diff {
      switch line {
      case .same(let text):
        sides.old.append(text)
        sides.new.append(text)
      case .removed(let text): sides.old.append(text)
      case .added(let text): sides.new.append(text)
      }
    }
    return sides
  }

  /// The length of the longest common subsequence, the slow and obvious way.
  func longestCommon(_ a: ArraySlice<String>, _ b: ArraySlice<String>) -> Int {
    guard let x = a.first, let y = b.first else { return 0 }
    if x == y { return 1 + longestCommon(a.dropFirst(), b.dropFirst()) }
    return max(longestCommon(a.dropFirst(), b), longestCommon(a, b.dropFirst()))
  }

  @Test("The diff turns the old lines into the new ones with the fewest edits", arguments: 0..<40)
  func shortest(seed: Int) {
    var generator = LinearCongruential(seed: UInt64(seed))
    let old = (0..<Int(generator.next() % 9)).map { _ in "\(generator.next() % 4)" }
    let new = (0..<Int(generator.next() % 9)).map { _ in "\(generator.next() % 4)" }
    let diff = lineDiff(old, new)
    #expect(sides(diff) == (old, new))
    let same = diff.filter { if case .same = $0 { true } else { false } }.count
    #expect(same == longestCommon(old[...], new[...]))
  }

  @Test("A removal comes before an addition at the same place")
  func removalsFirst() {
    #expect(lineDiff(["a", "b"], ["b", "a"]) == [.removed("a"), .same("b"), .added("a")])
    #expect(lineDiff(["x"], ["y"]) == [.removed("x"), .added("y")])
  }

  @Test("Beyond the table's limit the changed middle is removed and added whole")
  func tableLimit() {
    let old = ["top", "a", "b", "c", "bottom"]
    let new = ["top", "b", "a", "d", "bottom"]
    let diff = lineDiff(old, new, tableLimit: 8)
    #expect(sides(diff) == (old, new))
    #expect(
      diff == [
        .same("top"), .removed("a"), .removed("b"), .removed("c"), .added("b"), .added("a"),
        .added("d"), .same("bottom"),
      ])
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
