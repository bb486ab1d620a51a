import Testing

@testable import Scenarios

@Suite struct RecordingTests {
  /// Records `screens` (by step index) into the scenario parsed from `text`.
  func record(_ text: String, _ screens: [Int: String]) throws -> String {
    try parse(text, allowsEmptyScreens: true).recording(actualScreens: screens)
  }

  @Test("Recording screens that match gives back the file byte for byte")
  func unchangedRoundTrip() throws {
    let text =
      "# Kommentar  \r\nlaunch   \r\n\r\nexpect screen  # the list\r\n  A\r\n    B\r\n# end"
    #expect(try record(text, [1: "A\n  B"]) == text)
  }

  @Test("A changed block is replaced, keeping CRLF line endings and every other byte")
  func changedBlockCRLF() throws {
    let text = "launch\r\nexpect screen\r\n  A\r\n  B\r\n# after  \r\nback\r\n"
    let recorded = try record(text, [1: "A\nC\nD"])
    #expect(recorded == "launch\r\nexpect screen\r\n  A\r\n  C\r\n  D\r\n# after  \r\nback\r\n")
  }

  @Test("A changed block keeps its own indentation")
  func keepsIndentation() throws {
    let text = "launch\nexpect screen\n    A\n"
    #expect(try record(text, [1: "B"]) == "launch\nexpect screen\n    B\n")
  }

  @Test("A block at the end of a file without a final newline stays without one")
  func noFinalNewline() throws {
    let text = "launch\nexpect screen\n  A"
    #expect(try record(text, [1: "B\nC"]) == "launch\nexpect screen\n  B\n  C")
  }

  @Test("An empty block is filled in, indented by two spaces")
  func fillsEmptyBlock() throws {
    let text = "launch\nexpect screen\n\nback\n"
    #expect(try record(text, [1: "A\n└─ B"]) == "launch\nexpect screen\n  A\n  └─ B\n\nback\n")
  }

  @Test(
    "An empty block on the last line without a newline is filled and the file still ends without one"
  )
  func fillsEmptyBlockAtEnd() throws {
    let text = "launch\r\nexpect screen"
    #expect(try record(text, [1: "A\nB"]) == "launch\r\nexpect screen\r\n  A\r\n  B")
  }

  @Test("Several blocks are recorded in one file")
  func severalBlocks() throws {
    let text = "launch\nexpect screen\n  A\nback\nexpect screen\nexpect screen\n  C\n"
    let recorded = try record(text, [1: "X", 3: "Y\nZ", 4: "C"])
    #expect(
      recorded == "launch\nexpect screen\n  X\nback\nexpect screen\n  Y\n  Z\nexpect screen\n  C\n")
  }

  @Test("A recorded file parses back into the recorded screens")
  func recordedFileParses() throws {
    let recorded = try record("launch\nexpect screen\n", [1: "A\n   B"])
    #expect(try parse(recorded).steps[1].action == .expectScreen("A\n   B"))
  }
}
