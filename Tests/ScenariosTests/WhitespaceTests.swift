import Foundation
import Testing

@testable import Scenarios

/// White space in a scenario file is Foundation's white space and line breaks.
@Suite struct WhitespaceTests {
  @Test(
    "firstVisible is the first scalar that is not white space",
    arguments: [
      "", "   ", "\t# note", "  expect", " \u{301}x", "\u{3000}title", "#", "a b ", " \r\n ", "│ x",
      "\u{200B}x",
    ])
  func visible(text: String) {
    let scalars = Array(text.unicodeScalars)
    #expect(
      text.firstVisible == scalars.first { !CharacterSet.whitespacesAndNewlines.contains($0) })
  }
}
