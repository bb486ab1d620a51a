import Foundation
import JSONBytes

/// Reads TheMealDB's answers without `JSONDecoder`, for as long as an answer looks the way
/// TheMealDB writes them; anything else is left to `JSONDecoder`.
///
/// An answer is an object of objects, arrays, strings and `null`s. `JSONDecoder` reads every
/// field through generic containers whose metadata the runtime looks up over and over, and it
/// was the largest part of an offline one-scenario `rezepte run`. This reader hands the fields
/// of each object to the same initializers the `Decodable` conformances use (`AnswerFields`),
/// so both ways tidy every field alike.
///
/// Of a field given twice in one object the last counts, as in the catalog, in `JSONSerialization`
/// and in TheMealDB's PHP (`JSONDecoder` takes the first).
///
/// Each function returns `nil` for a body it does not read: invalid JSON, a key beyond ASCII or
/// written with an escape (this reader compares keys by their bytes, `JSONDecoder` as Swift
/// strings, by canonical equivalence), a field of the wrong type, a missing field, or nesting
/// deeper than `maximumDepth`. `MealAPI` then decodes the body with `JSONDecoder`, which gives the
/// same value or throws its `DecodingError`. So a body read here is one `JSONDecoder` reads to
/// the same value once its repeated keys are dropped but the last; the tests and the `meal-json`
/// fuzz target check that on every body they try.
public enum AnswerReader {
  /// `categories.php`'s answer, or `nil` when `JSONDecoder` is to read it.
  public static func categories(_ body: Data) -> CategoryResponse? { read(body) }

  /// A list answer of rows, or `nil` when `JSONDecoder` is to read it.
  public static func meals(_ body: Data) -> MealsResponse<Meal>? { read(body) }

  /// A list answer of full recipes, or `nil` when `JSONDecoder` is to read it.
  public static func details(_ body: Data) -> MealsResponse<MealDetail>? { read(body) }

  /// Deeper nesting is left to `JSONDecoder`; TheMealDB's answers are three levels deep.
  static let maximumDepth = 16

  /// The answer in `body`, or `nil` when `JSONDecoder` is to read it.
  static func read<Answer: AnswerRecord>(_ body: Data) -> Answer? {
    body.withUnsafeBytes { raw in
      var tree = AnswerTree(reader: JSONReader(raw.bindMemory(to: UInt8.self)))
      guard tree.reader.peek() == UInt8(ascii: "{"), case .object(let answer)? = try? tree.value(),
        (try? tree.reader.expectEnd()) != nil
      else { return nil }
      return try? Answer(fields: AnswerObject(tree: tree, fields: tree.objects[answer]))
    }
  }

  /// Why the reader leaves a body to `JSONDecoder`; it carries nothing, as `JSONDecoder` says why.
  struct Unsupported: Error {}
}

/// A JSON value as the reader keeps it: a string as where its text is written in the answer,
/// made into a `String` only when a model reads it (a list of full recipes is read for three
/// fields of each); an array or object as the index of its members in `AnswerTree`.
///
/// It holds no reference, nor do the arrays of members: freeing them visits no element.
enum AnswerValue {
  /// A number, `true` or `false`, which no model reads.
  case other
  case null
  case string(Range<Int>)
  case array(Int)
  case object(Int)
}

/// The values of one answer, read from its bytes: the members of each array and object.
struct AnswerTree {
  var reader: JSONReader
  /// The items of each array, by the index `AnswerValue.array` holds.
  var arrays: [[AnswerValue]] = []
  /// The fields of each object, in the order they came, by the index `AnswerValue.object` holds.
  var objects: [[(key: Range<Int>, value: AnswerValue)]] = []

  /// The value that comes next: only the kinds of value `AnswerValue` holds.
  mutating func value() throws -> AnswerValue {
    switch reader.peek() {
    case UInt8(ascii: "\"")?:
      return .string(try reader.skipString())
    case UInt8(ascii: "{")?:
      try reader.enter(limit: AnswerReader.maximumDepth)
      reader.position += 1
      var fields: [(key: Range<Int>, value: AnswerValue)] = []
      fields.reserveCapacity(64)  // a recipe has 53 fields
      if !reader.take(UInt8(ascii: "}")) {
        repeat {
          guard reader.peek() == UInt8(ascii: "\"") else { throw AnswerReader.Unsupported() }
          let key = try reader.skipString()
          guard reader.bytes[key].allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) else {
            throw AnswerReader.Unsupported()
          }
          try reader.expect(UInt8(ascii: ":"))
          fields.append((key, try value()))
        } while try reader.another(closing: UInt8(ascii: "}"))
      }
      reader.leave()
      objects.append(fields)
      return .object(objects.count - 1)
    case UInt8(ascii: "[")?:
      try reader.enter(limit: AnswerReader.maximumDepth)
      reader.position += 1
      var items: [AnswerValue] = []
      if !reader.take(UInt8(ascii: "]")) {
        repeat {
          items.append(try value())
        } while try reader.another(closing: UInt8(ascii: "]"))
      }
      reader.leave()
      arrays.append(items)
      return .array(arrays.count - 1)
    case UInt8(ascii: "n")?:
      try reader.literal("null")
      return .null
    case UInt8(ascii: "t")?:
      try reader.literal("true")
      return .other
    case UInt8(ascii: "f")?:
      try reader.literal("false")
      return .other
    case _ where reader.atNumber:
      _ = try reader.number()
      return .other
    default:
      throw AnswerReader.Unsupported()
    }
  }
}

/// The fields of one JSON object of an answer, over the answer's bytes: valid only while the
/// answer is read.
struct AnswerObject {
  let tree: AnswerTree
  let fields: [(key: Range<Int>, value: AnswerValue)]

  /// The value of the field `key`, the last one when it comes twice; `nil` when there is none.
  func value(_ key: AnswerKey) -> AnswerValue? {
    let bytes = tree.reader.bytes
    var name = key.stringValue
    return name.withUTF8 { name in
      fields.last {
        $0.key.count == name.count
          && memcmp(bytes.baseAddress! + $0.key.lowerBound, name.baseAddress!, name.count) == 0
      }?.value
    }
  }
}

/// Reads the fields of one answer object: `AnswerObject` for `AnswerReader`, and the keyed
/// container of `JSONDecoder` for the `Decodable` conformances. The models read their fields
/// through it, once, whichever way the answer came.
protocol AnswerFields {
  associatedtype Failure: Error
  /// The text of a field that must be there and be a string.
  func string(_ key: AnswerKey) throws(Failure) -> String
  /// The text of a field that may be missing or `null`.
  func optionalString(_ key: AnswerKey) throws(Failure) -> String?
  /// The records of a list field, `nil` when it is missing or `null`.
  func records<Record: Decodable>(_ key: AnswerKey) throws(Failure) -> [Record]?
}

/// What an answer holds and is read as, by `AnswerReader` as by its `Decodable` conformance.
protocol AnswerRecord: Decodable, Sendable {
  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure)
}

extension AnswerRecord {
  /// Reads the answer's fields from `JSONDecoder`'s container, as `AnswerReader` reads them.
  public init(from decoder: any Decoder) throws {
    try self.init(fields: decoder.container(keyedBy: AnswerKey.self))
  }
}

extension AnswerObject: AnswerFields {
  func string(_ key: AnswerKey) throws(AnswerReader.Unsupported) -> String {
    guard let text = try optionalString(key) else { throw AnswerReader.Unsupported() }
    return text
  }

  func optionalString(_ key: AnswerKey) throws(AnswerReader.Unsupported) -> String? {
    switch value(key) {
    case nil, .null?: return nil
    case .string(let written)?: return JSONReader.string(in: tree.reader.bytes, written: written)
    default: throw AnswerReader.Unsupported()
    }
  }

  func records<Record: Decodable>(
    _ key: AnswerKey
  ) throws(AnswerReader.Unsupported) -> [Record]? {
    switch value(key) {
    case nil, .null?: return nil
    case .array(let items)?:
      guard let type = Record.self as? any AnswerRecord.Type else {
        throw AnswerReader.Unsupported()
      }
      return try tree.arrays[items].map { (item) throws(AnswerReader.Unsupported) in
        guard case .object(let fields) = item else { throw AnswerReader.Unsupported() }
        return try type.init(fields: AnswerObject(tree: tree, fields: tree.objects[fields]))
          as! Record
      }
    default: throw AnswerReader.Unsupported()
    }
  }
}

extension KeyedDecodingContainer<AnswerKey>: AnswerFields {
  func string(_ key: AnswerKey) throws -> String {
    try decode(String.self, forKey: key)
  }

  func optionalString(_ key: AnswerKey) throws -> String? {
    try decodeIfPresent(String.self, forKey: key)
  }

  func records<Record: Decodable>(_ key: AnswerKey) throws -> [Record]? {
    try decodeIfPresent([Record].self, forKey: key)
  }
}
