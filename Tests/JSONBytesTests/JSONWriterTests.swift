import Foundation
import Testing

@testable import JSONBytes

/// `JSONWriter` writes strings as TheMealDB's server does.
@Suite struct JSONWriterTests {
  /// The escaping rule, one UTF-16 unit at a time, as TheMealDB's server writes strings.
  private func reference(_ text: String) -> String {
    var out = "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: out += #"\""#
      case 0x5C: out += #"\\"#
      case 0x2F: out += #"\/"#
      case 0x0A: out += #"\n"#
      case 0x0D: out += #"\r"#
      case 0x09: out += #"\t"#
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default: out += String(format: "\\u%04x", unit)
      }
    }
    return out + "\""
  }

  private func written(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.writeString(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("Every ASCII character, alone and between plain ones, is escaped by the rule")
  func everyASCIICharacter() {
    for value in UInt8(0)..<0x80 {
      let character = String(Unicode.Scalar(value))
      #expect(written(character) == reference(character))
      #expect(written("ab" + character + "cd") == reference("ab" + character + "cd"))
    }
  }

  @Test(
    "Texts beyond ASCII and mixed texts are escaped by the rule",
    arguments: ["", "Käse/Spätzle", "寿司 \"x\"", "😀\\n", "https://x.org/a/b", "tab\there"])
  func mixed(text: String) {
    #expect(written(text) == reference(text))
  }
}
