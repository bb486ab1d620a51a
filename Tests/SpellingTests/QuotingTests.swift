import Spelling
import Testing

/// The one spelling of control characters made visible.
@Suite struct QuotingTests {
  @Test(
    "The invisible separators, the zero-width space and the byte order mark are escapes",
    arguments: [
      ("\u{2028}", #"\u{2028}"#), ("\u{2029}", #"\u{2029}"#), ("\u{200B}", #"\u{200B}"#),
      ("\u{FEFF}", #"\u{FEFF}"#),
    ])
  func invisibleCharacters(character: String, escape: String) {
    #expect(Quoting.visible("a\(character)b") == "a\(escape)b")
    #expect(Quoting.quoted("a\(character)b") == "\"a\(escape)b\"")
  }

  @Test("Lines stay lines; every other control character is an escape")
  func visibleLines() {
    #expect(Quoting.visibleLines("a\n\u{1B}[2J\r\nb\u{FEFF}") == "a\n\\u{1B}[2J\\r\nb\\u{FEFF}")
    #expect(Quoting.visible("a\nb") == #"a\nb"#)
  }
}
