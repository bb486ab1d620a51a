import Testing

@testable import Scenarios

@Suite struct ScreenDiffTests {
  @Test("A changed line shows as the expected line removed and the actual one added")
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
    #expect(
      ScreenDiff.lines(expected: expected, actual: actual) == [
        "  NavigationStack",
        "− └─ Screen \"Dessert\"",
        "−    ├─ SearchField \"Alle Rezepte durchsuchen\" text=\"\"",
        "+ └─ Screen \"Suche\"",
        "+    ├─ SearchField \"Alle Rezepte durchsuchen\" text=\"Las\"",
        "     └─ List",
        "+       └─ Row \"Lasagne\"",
      ])
  }

  @Test("The diff keeps lines that moved unchanged where it can, unlike a line-by-line zip")
  func insertionDoesNotShiftEverything() {
    #expect(
      ScreenDiff.lines(expected: "A\nB\nC", actual: "X\nA\nB\nC") == ["+ X", "  A", "  B", "  C"])
  }

  @Test("Long runs of unchanged lines are shortened around the changes")
  func foldsUnchangedLines() {
    let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
    let actual = expected.replacingOccurrences(of: "line 10", with: "line ten")
    #expect(
      ScreenDiff.lines(expected: expected, actual: actual) == [
        "  ⋮ 6 unchanged lines", "  line 7", "  line 8", "  line 9", "− line 10", "+ line ten",
      ])
  }

  @Test("Equal texts have no changed lines")
  func equalTexts() {
    #expect(lineDiff(["a", "b"], ["a", "b"]) == [.same("a"), .same("b")])
  }

  @Test("The edit distance counts a swap of two neighbouring letters as one edit")
  func editDistanceSwaps() {
    #expect(editDistance("wiat", "wait") == 1)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("kitten", "sitting") == 3)
  }
}

/// The line diff on long screens: linear memory, the same length of edit script, a short display.
@Suite struct LongDiffTests {
  /// Checks that `diff` turns `old` into `new`.
  func applies(_ diff: [DiffLine], _ old: [String], _ new: [String]) -> Bool {
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

  func edits(_ diff: [DiffLine]) -> Int {
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
    let lines = ScreenDiff.lines(expected: expected, actual: actual, limit: 10)
    #expect(lines.count == 11)
    #expect(lines.last == "  ⋯ 1990 more lines of the diff left out")
  }
}

/// A small deterministic generator for table tests.
struct LinearCongruential {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1 }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}
