import Testing

@testable import TerminalPlayer

@Suite struct KeyParserTests {
  private func keys(_ reads: [[UInt8]]) -> [Key] {
    var parser = KeyParser()
    return reads.flatMap { parser.feed($0) }
  }

  @Test("Arrow keys arrive as CSI and as SS3 sequences")
  func arrows() {
    #expect(
      keys([[0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x43, 0x1B, 0x4F, 0x44]])
        == [.up, .down, .right, .left])
  }

  @Test("Page up and page down are ESC [5~ and ESC [6~")
  func pages() {
    #expect(keys([Array("\u{1B}[5~\u{1B}[6~".utf8)]) == [.pageUp, .pageDown])
  }

  @Test("An Esc at the end of a read is the Esc key")
  func loneEscape() {
    #expect(keys([[0x71, 0x1B]]) == [.character("q"), .escape])
  }

  @Test("An escape sequence cut between two reads is joined")
  func splitSequence() {
    var parser = KeyParser()
    #expect(parser.feed([0x1B, 0x5B]) == [])
    #expect(parser.pending == [0x1B, 0x5B])
    #expect(parser.feed([0x36, 0x7E]) == [.pageDown])
  }

  @Test("A sequence that never completes becomes Esc and its characters after the timeout")
  func flush() {
    var parser = KeyParser()
    _ = parser.feed([0x1B, 0x5B])
    #expect(parser.flush() == [.escape, .character("[")])
    #expect(parser.pending.isEmpty)
  }

  @Test("Umlauts are one character, even split between reads")
  func utf8() {
    #expect(
      keys([Array("ä".utf8).prefix(1).map { $0 }, Array("ä".utf8).dropFirst().map { $0 }])
        == [.character("ä")])
  }

  @Test("Enter, backspace and Ctrl-C are told apart")
  func controls() {
    #expect(
      keys([[0x0D, 0x7F, 0x03, 0x15]]) == [.enter, .backspace, .control("c"), .control("u")])
  }

  @Test("Esc followed by a letter in one read is Esc, then the letter")
  func escapeThenLetter() {
    #expect(keys([[0x1B, 0x71]]) == [.escape, .character("q")])
  }
}
