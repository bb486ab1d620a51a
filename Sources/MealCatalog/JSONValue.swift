import Foundation

/// A JSON value as TheMealDB records hold it, kept so that the catalog can answer with the full
/// record, unknown keys included.
public enum JSONValue: Hashable, Sendable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Strings first: nearly every value in a record is one, and each failed attempt costs a
    // thrown DecodingError. Bool stays before Double so that `true` never reads as a number.
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

  /// The string, when this is one.
  public var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The members, when this is an object.
  public var object: [String: JSONValue]? {
    if case .object(let value) = self { value } else { nil }
  }
}

/// Writes JSON the way TheMealDB's server does: `/` as `\/`, everything beyond ASCII as `\uXXXX`,
/// and an object's keys in the API's order (unknown keys after them, sorted), so that answers
/// are byte-for-byte the same on every run.
enum JSONWriter {
  /// The order in which TheMealDB lists a record's and a category's fields. `strCategory` is in
  /// both, so the category's keys sit between the meal's alternates and `strArea`: each kind of
  /// object then comes out in its own API order.
  static let keyOrder: [String: Int] = {
    var keys = [
      "idMeal", "strMeal", "strMealAlternate", "strDrinkAlternate",
      "idCategory", "strCategory", "strCategoryThumb", "strCategoryDescription",
      "strArea", "strInstructions", "strMealThumb", "strTags", "strYoutube",
    ]
    keys += (1...20).map { "strIngredient\($0)" }
    keys += (1...20).map { "strMeasure\($0)" }
    keys += [
      "strSource", "strImageSource", "strCreativeCommonsConfirmed", "dateModified", "strCountry",
    ]
    var order: [String: Int] = [:]
    for (index, key) in keys.enumerated() where order[key] == nil { order[key] = index }
    return order
  }()

  static func data(_ value: JSONValue) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(value, to: &out)
    return Data(out)
  }

  /// Appends the value's bytes. Bytes rather than a `String`: answers are written on every
  /// request, and appending to a `String` one character at a time was the writer's main cost.
  static func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out += "null".utf8
    case .bool(let flag): out += (flag ? "true" : "false").utf8
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 {
        out += String(Int64(number)).utf8
      } else {
        out += "\(number)".utf8
      }
    case .string(let text): writeString(text, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(item, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      // Each key's rank is looked up once, not in every comparison of the sort; an object of
      // one key (`{"meals":null}`) needs no order, nor the table built.
      let keys: [(rank: Int, key: String)] =
        members.count == 1
        ? [(rank: 0, key: members.keys.first!)]
        : members.keys.map { (rank: keyOrder[$0] ?? Int.max, key: $0) }.sorted { $0 < $1 }
      for (index, entry) in keys.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(entry.key, to: &out)
        out.append(UInt8(ascii: ":"))
        write(members[entry.key]!, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // ASCII, nearly every text, is written from its bytes, runs that need no escape at once (an
    // ASCII byte is its own UTF-16 unit); a text beyond ASCII goes unit by unit.
    let wroteBytes =
      text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        var start = 0
        for index in bytes.indices {
          let byte = bytes[index]
          if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C, byte != 0x2F { continue }
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
          writeUnit(UInt16(byte), to: &out)
          start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        return true
      } ?? false
    if !wroteBytes {
      for unit in text.utf16 { writeUnit(unit, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// One UTF-16 unit of a string's text, escaped as TheMealDB escapes it.
  private static func writeUnit(_ unit: UInt16, to out: inout [UInt8]) {
    switch unit {
    case 0x22: out += #"\""#.utf8
    case 0x5C: out += #"\\"#.utf8
    case 0x2F: out += #"\/"#.utf8
    case 0x0A: out += #"\n"#.utf8
    case 0x0D: out += #"\r"#.utf8
    case 0x09: out += #"\t"#.utf8
    case 0x20..<0x7F: out.append(UInt8(unit))
    default:
      out += #"\u"#.utf8
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(hexDigits[Int(unit >> UInt16(shift) & 0xF)])
      }
    }
  }

  /// Lowercase, as the server writes `\u00b0`.
  static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONValue {
  /// The value as JSON text, written the way TheMealDB's server writes it (see `JSONWriter`).
  public var jsonData: Data { JSONWriter.data(self) }
}
