import Foundation
import JSONBytes
import Testing

@testable import MealCatalog

/// The catalog reads JSON with the package's one reader (`JSONReader`): what it reads,
/// Foundation's `JSONDecoder` reads to the same value (but for a key given twice, where the
/// reader keeps the last value as `JSONSerialization` does). The `catalog` fuzz target holds the
/// reader against `JSONSerialization` on texts of every shape.
@Suite struct JSONValueReadingTests {
  static let texts = [
    #"{"meals":[{"idMeal":"1","strMeal":"Cr\u00e8me \ud83c\udf70","n":-12.5e-3,"b":[true,false,null]}]}"#,
    #"[1, 0, -0, 1E+2, 0.5, 123456789012345678901234567890, "a\/b\u0000\u007f", {}]"#,
    " { \"a\" : { \"b\" : [ [ ] , { } ] } , \"c\" : \"last\" }\n",
    #""plain""#, "7", "null",
    #"{"categories":[{"idCategory":"1","strCategory":"Beef","strCategoryThumb":"https:\/\/x"}]}"#,
  ]

  @Test("Texts of every kind of value read as JSONDecoder reads them", arguments: texts)
  func agrees(text: String) {
    let data = Data(text.utf8)
    #expect(Self.reads(data))
    #expect(Self.disagreement(data) == nil)
  }

  /// Where the reader's value of `data` differs from `JSONDecoder`'s, or `nil`.
  private static func disagreement(_ data: Data) -> String? {
    let read = data.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      let value = try? JSONValue(reading: &reader)
      return (try? reader.expectEnd()) == nil ? nil : value
    }
    guard let read else { return nil }
    guard let decoded = try? JSONDecoder().decode(JSONValue.self, from: data) else {
      return "read as \(read), but JSONDecoder throws"
    }
    return decoded == read ? nil : "read as \(read), decoded as \(decoded)"
  }

  @Test(
    "Texts that are not JSON or hold no text are turned down, as JSONSerialization turns them down",
    arguments: [
      #"{"a":01}"#, #"{"a":1.}"#, #"{"a":+1}"#, #"{"a":1e400}"#, #"{"a":NaN}"#, "[1,]",
      "{\"a\":\"\u{1}\"}", #"{"a" 1}"#, "[" + String(repeating: "[", count: 512) + "]]",
      #"["\ud800"]"#,
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
}

/// `JSONDecoder`'s reading of a value, to hold the package's reader against.
extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Bool before Double, so that `true` never reads as a number.
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
