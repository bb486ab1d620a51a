import Foundation
import Testing

@testable import ViewModels

@Suite struct QueryTrimmingTests {
  @Test(
    "The query trims the same white space as Foundation's trimming, from the ends only",
    arguments: [
      "", "   ", "Las", "  Las ", "\tLas\t", "\u{00A0}Las\u{2003}", "a b", " a  b ", "\n",
    ])
  func trimsLikeFoundation(text: String) {
    let state = MealListState(searchText: text, meals: .loading)
    #expect(state.query.search == text.trimmingCharacters(in: .whitespaces))
  }
}
