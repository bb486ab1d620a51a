import ByteMutations
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
    let sweep = ByteMutations.sweep(
      Self.texts, replacements: replacements, isRead: Self.reads,
      problem: JSONValue.disagreementWithJSONSerialization)
    if let failure = sweep.failure {
      Issue.record("\(failure.problem)\ntext: \(failure.text)")
    }
    #expect(sweep.read > sweep.tried / 10, "read \(sweep.read) of \(sweep.tried)")
  }
}
