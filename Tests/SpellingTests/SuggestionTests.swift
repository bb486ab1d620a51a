import Spelling
import Testing

/// The one edit distance of the package, whole and to a part of a text, and the did-you-mean.
@Suite struct SuggestionTests {
  @Test(
    "The edit distance counts insertions, deletions, substitutions and neighbour swaps",
    arguments: [
      ("", "", 0), ("", "abc", 3), ("kitten", "sitting", 3), ("wiat", "wait", 1),
      ("flaw", "lawn", 2), ("abcdef", "badcfe", 3),
      // Optimal string alignment edits no substring twice: not 2, as with a swap then an insert.
      ("ca", "abc", 3),
    ])
  func distance(lhs: String, rhs: String, distance: Int) {
    #expect(Suggestion.editDistance(lhs, rhs) == distance)
    #expect(Suggestion.editDistance(rhs, lhs) == distance)
  }

  @Test(
    "The distance to a part of a text counts the edits to its best part, 0 for a part it has",
    arguments: [
      ("balik", "apam balik", 0), ("balix", "apam balik", 1), ("bailk", "apam balik", 1),
      ("", "abc", 0), ("abc", "", 3), ("apam balik!", "balik", 6),
    ])
  func distanceToPart(pattern: String, text: String, distance: Int) {
    #expect(Suggestion.editDistance(pattern, toPartOf: text) == distance)
  }

  @Test("A text far longer than the other is measured in the other's memory, to the same count")
  func longText() {
    let long = String(repeating: "ab", count: 50_000)
    #expect(Suggestion.editDistance("ba", long) == 99_998)
    #expect(Suggestion.editDistance(long, "ba") == 99_998)
    #expect(Suggestion.editDistance("bab", toPartOf: long) == 0)
  }

  @Test("A word far longer than every candidate suggests nothing")
  func longWord() {
    let word = "--quiet" + String(repeating: "t", count: 100_000)
    #expect(Suggestion.closest(to: word, in: ["--quiet", "--port"]) == nil)
    #expect(Suggestion.closest(to: "--qiuet", in: ["--quiet", "--port"]) == "--quiet")
  }
}
