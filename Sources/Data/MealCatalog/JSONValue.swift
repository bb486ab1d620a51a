import Foundation
import JSONBytes

/// A JSON value as TheMealDB records hold it, kept so that the catalog can answer with the full
/// record, unknown keys included.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  public var object: [String: JSONValue]? {
    if case .object(let value) = self { value } else { nil }
  }
}

extension JSONValue {
  /// How deep arrays and objects of a catalog file may nest, as `JSONSerialization` allows: a
  /// bound, so that a hostile file cannot exhaust the stack of whoever reads it.
  static let maximumDepth = 512

  /// The one value `data` holds, read as `init(reading:)` reads it, with nothing after it.
  package init(json data: Data) throws {
    self = try data.withUnsafeBytes { raw in
      var reader = JSONReader(raw.bindMemory(to: UInt8.self))
      let value = try JSONValue(reading: &reader)
      try reader.expectEnd()
      return value
    }
  }

  /// The value that comes next in `reader`, after white space, read strictly by RFC 8259:
  /// a key given twice keeps its last value, as in `JSONSerialization`. Arrays and objects
  /// nested deeper than `maximumDepth` are refused, and so is half of a surrogate pair.
  package init(reading reader: inout JSONReader) throws {
    switch reader.peek() {
    case UInt8(ascii: "\""):
      self = .string(try reader.string())
    case UInt8(ascii: "{"):
      var members: [String: JSONValue] = [:]
      try reader.readEach(closing: UInt8(ascii: "}")) { reader in
        members[try reader.key()] = try JSONValue(reading: &reader)
      }
      self = .object(members)
    case UInt8(ascii: "["):
      var items: [JSONValue] = []
      try reader.readEach(closing: UInt8(ascii: "]")) { items.append(try JSONValue(reading: &$0)) }
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

extension JSONReader {
  /// Reads the array or object whose bracket `peek()` found, calling `each` for every item or
  /// member, no deeper than `JSONValue.maximumDepth`.
  // Inlined: it is called for every member of every record of a catalog.
  @inline(__always)
  mutating func readEach(closing: UInt8, _ each: (inout JSONReader) throws -> Void) throws {
    try enter(limit: JSONValue.maximumDepth)
    position += 1
    if !take(closing) {
      repeat { try each(&self) } while try another(closing: closing)
    }
    leave()
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
    return Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
  }()

  /// Appends the value as TheMealDB's server writes it: strings as `writeString` writes them,
  /// and an object's keys in the API's order (unknown keys after them, sorted), so that answers
  /// are byte for byte the same on every run.
  static func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out += "null".utf8
    case .bool(let flag): out += (flag ? "true" : "false").utf8
    case .number(let number):
      let isWhole = number.rounded() == number && abs(number) < 1e15
      out += (isWhole ? String(Int64(number)) : "\(number)").utf8
    case .string(let text): writeString(text, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(item, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      writeObject(members, to: &out) { write($0, to: &$1) }
    }
  }

  /// Appends an object of `members`, its keys in the API's order (unknown keys after them,
  /// sorted), each value written by `writeValue`.
  static func writeObject<Value>(
    _ members: [String: Value], to out: inout [UInt8],
    writeValue: (Value, inout [UInt8]) -> Void
  ) {
    out.append(UInt8(ascii: "{"))
    let keys = members.keys.map { (rank: keyOrder[$0] ?? Int.max, key: $0) }.sorted { $0 < $1 }
    for (index, entry) in keys.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      writeString(entry.key, to: &out)
      out.append(UInt8(ascii: ":"))
      writeValue(members[entry.key]!, &out)
    }
    out.append(UInt8(ascii: "}"))
  }
}

extension JSONValue {
  /// The value as JSON text, written the way TheMealDB's server writes it (see `JSONWriter`).
  public var jsonData: Data {
    var out: [UInt8] = []
    JSONWriter.write(self, to: &out)
    return Data(out)
  }
}
