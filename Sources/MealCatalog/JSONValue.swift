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
    var out = ""
    write(value, to: &out)
    return Data(out.utf8)
  }

  static func write(_ value: JSONValue, to out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 {
        out += String(Int64(number))
      } else {
        out += "\(number)"
      }
    case .string(let text): writeString(text, to: &out)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        write(item, to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      let keys = members.keys.sorted { lhs, rhs in
        switch (keyOrder[lhs], keyOrder[rhs]) {
        case (let l?, let r?): l < r
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs < rhs
        }
      }
      for (index, key) in keys.enumerated() {
        if index > 0 { out += "," }
        writeString(key, to: &out)
        out += ":"
        write(members[key]!, to: &out)
      }
      out += "}"
    }
  }

  static func writeString(_ text: String, to out: inout String) {
    out += "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x2F: out += "\\/"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(unit)!)
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    out += "\""
  }
}

extension JSONValue {
  /// The value as JSON text, written the way TheMealDB's server writes it (see `JSONWriter`).
  public var jsonData: Data { JSONWriter.data(self) }
}
