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
