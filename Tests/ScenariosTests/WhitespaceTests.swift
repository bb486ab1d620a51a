import Testing

@testable import Scenarios

/// White space in a scenario file is defined on Unicode scalars: ASCII's, and Unicode's.
@Suite struct WhitespaceTests {
  @Test("isSpace is Unicode's White_Space for every scalar up to U+3000")
  func isSpace() {
    for value in UInt32(0)...0x3000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(scalar.isSpace == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
    }
  }

  @Test(
    "firstVisible and trimmingWhitespace agree with a walk over the scalars",
    arguments: [
      "", "   ", "\t# note", "  expect", " \u{301}x", "\u{3000}title", "#", "a b ", " \r\n ", "│ x",
    ])
  func visible(text: String) {
    let scalars = Array(text.unicodeScalars)
    #expect(text.firstVisible == scalars.first { !$0.properties.isWhitespace })
    let trimmed = scalars.drop { $0.properties.isWhitespace }.reversed()
      .drop { $0.properties.isWhitespace }.reversed()
    #expect(text.trimmingWhitespace() == String(String.UnicodeScalarView(trimmed)))
  }
}
