import Testing

@testable import Scenarios

/// The parser's quick white-space checks agree with `Character.isWhitespace` and the slow paths.
@Suite struct WhitespaceTests {
  @Test("isSpace agrees with isWhitespace for every ASCII character and some beyond")
  func isSpace() {
    var characters = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }
    characters += ["\r\n", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{200B}", "é", " \u{301}"]
    for character in characters {
      #expect(
        character.isSpace == character.isWhitespace, "\(character.unicodeScalars.map(\.value))")
    }
  }

  @Test(
    "firstVisible and trimmingWhitespace agree with a walk over the characters",
    arguments: [
      "", "   ", "\t# note", "  expect", " \u{301}x", "\u{3000}title", "#", "a b ", " \r\n ", "│ x",
    ])
  func visible(text: String) {
    #expect(text.firstVisible == text.first { !$0.isWhitespace })
    let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
    #expect(text.trimmingWhitespace() == String(trimmed))
  }
}
