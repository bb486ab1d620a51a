import Foundation
import Testing
import ViewModels

@Suite struct QueryTrimmingTests {
  @Test(
    "The query trims the same white space as Foundation's trimming, from the ends only",
    arguments: [
      "", "   ", "Las", "  Las ", "\tLas\t", "\u{00A0}Las\u{2003}", "a b", " a  b ", "\n",
    ])
  func trimsLikeFoundation(text: String) {
    let state = MealListState(searchText: SearchText(text), meals: .loading)
    #expect(state.query.search.text == text.trimmingCharacters(in: .whitespaces))
  }

  @Test("Two search texts are the same only byte for byte, however long")
  func textsCompareByBytes() {
    let long = String(repeating: "Grüße 🍝 ", count: 1_000)
    #expect(SearchText(long) == SearchText(String(decoding: Array(long.utf8), as: UTF8.self)))
    #expect(SearchText(long) != SearchText(long + " "))
    #expect(SearchText("\u{E4}") != SearchText("a\u{308}"))
    #expect(SearchText("") == SearchText(""))
  }
}
