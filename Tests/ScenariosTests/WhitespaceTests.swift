import Foundation
import Testing

@testable import Scenarios

/// White space in a scenario file is Foundation's white space and line breaks.
@Suite struct WhitespaceTests {
  @Test(
    "White space at the start of a line ends at the first scalar that is not white space",
    arguments: [
      "", "   ", "\t# note", "  expect", " \u{301}x", "\u{3000}title", "#", "a b ", " \r\n ", "│ x",
      "\u{200B}x",
    ])
  func visible(text: String) {
    let line = SourceLine.lines(of: text).first
    #expect(
      line.flatMap { $0.bytes[$0.margin.upperBound..<$0.end].string.unicodeScalars.first }
        == text.unicodeScalars.first { !CharacterSet.whitespacesAndNewlines.contains($0) })
  }
}
