import Foundation
import Testing

@testable import JSONBytes

/// `JSONReader` reads JSON strictly and says where it stops being JSON.
@Suite struct JSONReaderTests {
  /// Runs `body` on a reader over `text`.
  private func reading<T>(
    _ text: String, _ body: (inout JSONReader) throws(JSONReader.Failure) -> T
  ) -> Result<T, JSONReader.Failure> {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = JSONReader(UnsafeBufferPointer(buffer))
      return Result { () throws(JSONReader.Failure) in try body(&reader) }
    }
  }

  /// The text of the string that `text` holds, read as a whole document.
  private func string(_ text: String) -> Result<String, JSONReader.Failure> {
    reading(text) { (reader) throws(JSONReader.Failure) in
      let string = try reader.string()
      try reader.expectEnd()
      return string
    }
  }

  @Test(
    "Strings read to their text",
    arguments: [
      (#""""#, ""), (#""plain ASCII of some length""#, "plain ASCII of some length"),
      (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t"),
      (#""Cr\u00e8me br\u00FBl\u00e9e \ud83c\udf70""#, "Crème brûlée 🍰"),
      (#""Crème brûlée 🍰 日本""#, "Crème brûlée 🍰 日本"), (#""\u0000\u007f""#, "\u{0}\u{7F}"),
      ("\"a/b\u{7F}c\"", "a/b\u{7F}c"),
    ])
  func strings(json: String, text: String) {
    #expect(string(json) == .success(text))
  }

  @Test(
    "Copying a string writes what JSONWriter writes of its text",
    arguments: [
      #""""#, #""plain""#, #""a\"b\\c\/d\b\f\n\r\t""#, #""Cr\u00e8me \ud83c\udf70""#,
      #""Crème brûlée 🍰 日本""#, "\"a/b\u{7F}c\"", #""https:\/\/x.org\/a.jpg""#,
      #""\u00E8 \u0041 \u000a \b\f \uD83C\uDF70""#,
    ])
  func copies(json: String) throws {
    let copy = try reading(json) { (reader) throws(JSONReader.Failure) in
      var out: [UInt8] = []
      try reader.copyString(to: &out)
      return out
    }.get()
    var written: [UInt8] = []
    JSONWriter.writeString(try string(json).get(), to: &written)
    #expect(copy == written)
  }

  @Test("Half of a surrogate pair is refused where its escape starts, read or skipped")
  func loneSurrogates() throws {
    for (json, offset) in [
      (#""a\ud83cb""#, 2), (#""\udf70""#, 1), (#""\ud83c\u0041""#, 1), (#""x\ud83c""#, 2),
    ] {
      #expect(string(json) == .failure(.loneSurrogate(offset: offset)), "\(json)")
      let skipped = reading(json) { (reader) throws(JSONReader.Failure) in
        try reader.skipString().count
      }
      #expect(skipped == .failure(.loneSurrogate(offset: offset)), "\(json)")
    }
    #expect(string(#""\ud83c\udf70""#) == .success("🍰"))
  }

  @Test("A stop byte is found wherever it falls in a string")
  func stopsInEveryPlace() {
    for length in 0..<20 {
      for stop in ["\\n", "\\/", "\u{7F}", "é", "/"] {
        for place in 0...length {
          let prefix = String(repeating: "a", count: place)
          let suffix = String(repeating: "b", count: length - place)
          let json = "\"" + prefix + stop + suffix + "\""
          let expected = prefix + (stop == "\\n" ? "\n" : stop == "\\/" ? "/" : stop) + suffix
          #expect(string(json) == .success(expected), "\(json)")
        }
      }
    }
  }

  @Test(
    "What is not JSON fails at the byte where it stops being JSON",
    arguments: [
      ("\"abc", JSONReader.Failure.syntax("unexpected end of the data", offset: 4)),
      ("\"a\u{1}\"", .syntax("unescaped control character in a string", offset: 2)),
      (#""a\x""#, .syntax("invalid escape in a string", offset: 2)),
      (#""\u12G4""#, .syntax(#"invalid \u escape"#, offset: 5)),
      (#""\u12""#, .syntax("unterminated string", offset: 3)),
      ("\"ab\u{DF}\"", .invalidUTF8(offset: 3)), ("x", .syntax("expected “\"”", offset: 0)),
      ("", .syntax("unexpected end of the data", offset: 0)),
    ])
  func failures(json: String, failure: JSONReader.Failure) {
    // U+00DF stands for its first byte alone, which starts a character that does not follow.
    let bytes = json == "\"ab\u{DF}\"" ? [0x22, 0x61, 0x62, 0xC3, 0x22] : Array(json.utf8)
    let result = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return Result { () throws(JSONReader.Failure) in try reader.string() }
    }
    #expect(result == .failure(failure))
  }

  @Test(
    "Numbers follow JSON's grammar",
    arguments: [
      ("0", 0.0), ("-0", 0), ("12.5e2", 1250), ("1E+2", 100), ("-3e-2", -0.03), ("1e-400", 0),
    ])
  func numbers(json: String, value: Double) {
    #expect(
      reading(json) { (reader) throws(JSONReader.Failure) in try reader.number() }
        == .success(value))
  }

  @Test(
    "Numbers outside JSON's grammar or a Double's range are refused",
    arguments: ["01", "-", "1.", "1e", "-01.5", "1e400", "-1e999"])
  func badNumbers(json: String) {
    let result = reading(json) { (reader) throws(JSONReader.Failure) in
      let number = try reader.number()
      try reader.expectEnd()
      return number
    }
    guard case .failure(.syntax) = result else {
      Issue.record("\(json) read as \(result)")
      return
    }
  }

  @Test("Nesting deeper than the limit is refused where it goes too deep")
  func depth() {
    let result = reading("[[[") { (reader) throws(JSONReader.Failure) in
      for _ in 0..<3 {
        try reader.enter(limit: 2)
        reader.position += 1
      }
      return reader.depth
    }
    #expect(result == .failure(.syntax("arrays and objects nested more than 2 deep", offset: 2)))
  }

  @Test("The first byte that starts no UTF-8 character is found")
  func invalidUTF8() {
    let cases: [([UInt8], Int?)] = [
      (Array("Crème 🍰".utf8), nil), ([0x61, 0xC0, 0x80], 1), ([0xED, 0xA0, 0x80], 0),
      ([0x61, 0x62, 0xF4, 0x90, 0x80, 0x80], 2), ([0xE2, 0x82], 0), ([0x80], 0),
    ]
    for (bytes, offset) in cases {
      #expect(bytes.withUnsafeBufferPointer(JSONReader.firstInvalidUTF8(in:)) == offset, "\(bytes)")
    }
  }
}
