import Foundation
import JSONBytes

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

extension JSONValue {
  /// How deep arrays and objects of a catalog file may nest, as `JSONSerialization` allows: a
  /// bound, so that a hostile file cannot exhaust the stack of whoever reads it.
  static let maximumDepth = 512

  /// The value that comes next in `reader`, after white space, read strictly by RFC 8259:
  /// a key given twice keeps its last value, as in `JSONSerialization`. Arrays and objects
  /// nested deeper than `maximumDepth` are refused, and so is half of a surrogate pair.
  package init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
    switch reader.peek() {
    case UInt8(ascii: "\""):
      self = .string(try reader.string())
    case UInt8(ascii: "{"):
      try reader.enter(limit: Self.maximumDepth)
      reader.position += 1
      var members: [String: JSONValue] = [:]
      if !reader.take(UInt8(ascii: "}")) {
        repeat {
          let key = try reader.key()
          members[key] = try JSONValue(reading: &reader)
        } while try reader.another(closing: UInt8(ascii: "}"))
      }
      reader.leave()
      self = .object(members)
    case UInt8(ascii: "["):
      try reader.enter(limit: Self.maximumDepth)
      reader.position += 1
      var items: [JSONValue] = []
      if !reader.take(UInt8(ascii: "]")) {
        repeat {
          items.append(try JSONValue(reading: &reader))
        } while try reader.another(closing: UInt8(ascii: "]"))
      }
      reader.leave()
      self = .array(items)
    case UInt8(ascii: "t"):
      try reader.literal("true")
      self = .bool(true)
    case UInt8(ascii: "f"):
      try reader.literal("false")
      self = .bool(false)
    case UInt8(ascii: "n"):
      try reader.literal("null")
      self = .null
    case _ where reader.atNumber:
      self = .number(try reader.number())
    default:
      throw reader.syntaxError("expected a JSON value")
    }
  }
}

extension JSONWriter {
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

  /// The value as TheMealDB's server writes it: strings as `writeString` writes them, and an
  /// object's keys in the API's order (unknown keys after them, sorted), so that answers are
  /// byte for byte the same on every run.
  static func data(_ value: JSONValue) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(value, to: &out)
    return Data(out)
  }

  /// Appends the value's bytes (see `data(_:)`).
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
      let keys = members.keys.map { (rank: keyOrder[$0] ?? Int.max, key: $0) }.sorted { $0 < $1 }
      for (index, entry) in keys.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(entry.key, to: &out)
        out.append(UInt8(ascii: ":"))
        write(members[entry.key]!, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }
}

extension JSONValue {
  /// The value as JSON text, written the way TheMealDB's server writes it (see `JSONWriter`).
  public var jsonData: Data { JSONWriter.data(self) }
}
