import Foundation
import JSONBytes
import Testing

@testable import MealCatalog

/// The catalog reads JSON with the package's one reader (`JSONReader`): what it reads,
/// `JSONSerialization` reads to the same value.
@Suite struct JSONValueReadingTests {
  static let texts = [
    #"{"meals":[{"idMeal":"1","strMeal":"Cr\u00e8me \ud83c\udf70","n":-12.5e-3,"b":[true,false,null]}]}"#,
    #"[1, 0, -0, 1E+2, 0.5, 123456789012345678901234567890, 1e-400, "a\/b\u0000\u007f", {}]"#,
    " { \"a\" : { \"b\" : [ [ ] , { } ] } , \"a\" : \"last\" }\n",
    #""plain""#, "7", "null",
    #"{"categories":[{"idCategory":"1","strCategory":"Beef","strCategoryThumb":"https:\/\/x"}]}"#,
  ]

  @Test("Texts of every kind of value read as JSONSerialization reads them", arguments: texts)
  func agrees(text: String) {
    let data = Data(text.utf8)
    #expect(Self.reads(data))
    #expect(JSONValue.disagreementWithJSONSerialization(data) == nil)
  }

  @Test(
    "Texts that are not JSON are turned down, which JSONSerialization also turns down",
    arguments: [
      #"{"a":01}"#, #"{"a":1.}"#, #"{"a":+1}"#, #"{"a":1e400}"#, #"{"a":NaN}"#, "[1,]",
      "{\"a\":\"\u{1}\"}", #"{"a" 1}"#, "[" + String(repeating: "[", count: 512) + "]]",
    ])
  func turnedDown(text: String) {
    #expect(Self.reads(Data(text.utf8)) == false)
  }

  /// Whether the reader takes `data` as one JSON value.
  private static func reads(_ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      guard (try? JSONValue(reading: &reader)) != nil else { return false }
      return (try? reader.expectEnd()) != nil
    }
  }

  /// Every text above with one byte changed, dropped or doubled, at each position: what the
  /// reader reads of them, `JSONSerialization` reads to the same value.
  @Test("Changed bytes never make the reader disagree with JSONSerialization")
  func mutations() {
    let replacements = Array(#""\{}[],:n0-.eE u/"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
    var tried = 0
    var read = 0
    for text in Self.texts {
      let bytes = Array(text.utf8)
      for position in bytes.indices {
        var variants: [[UInt8]] = []
        var dropped = bytes
        dropped.remove(at: position)
        var doubled = bytes
        doubled.insert(bytes[position], at: position)
        variants += [dropped, doubled]
        for replacement in replacements where replacement != bytes[position] {
          var changed = bytes
          changed[position] = replacement
          variants.append(changed)
        }
        for variant in variants {
          let data = Data(variant)
          tried += 1
          if Self.reads(data) { read += 1 }
          if let problem = JSONValue.disagreementWithJSONSerialization(data) {
            Issue.record("\(problem)\ntext: \(String(decoding: variant, as: UTF8.self))")
            return
          }
        }
      }
    }
    // The sweep reaches texts the reader reads, not only ones it turns down.
    #expect(read > tried / 10, "read \(read) of \(tried)")
  }
}
