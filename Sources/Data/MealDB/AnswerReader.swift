import Foundation
import JSONBytes

/// Reads TheMealDB's answers without `JSONDecoder`, for as long as an answer looks the way
/// TheMealDB writes them; anything else is left to `JSONDecoder`.
///
/// An answer is an object of objects, arrays, strings and `null`s. `JSONDecoder` reads every
/// field through generic containers whose metadata the runtime looks up over and over, and it
/// was the largest part of an offline one-scenario `rezepte run`. This reader keeps the fields
/// of each object and hands them to the same initializers the `Decodable` conformances use
/// (`AnswerFields`), so both ways tidy every field alike.
///
/// Each function returns `nil` for a body it does not read: invalid JSON, a number, `true` or
/// `false` anywhere, a field it reads given twice in one object, a key beyond ASCII
/// (`JSONDecoder` compares keys as Swift strings, by canonical equivalence), a field of the wrong
/// type, a missing field, or nesting deeper than `maximumDepth`. `MealAPI` then decodes the body
/// with `JSONDecoder`, which gives the same value or throws its `DecodingError`. So a body read
/// here is one `JSONDecoder` reads to the same value; the tests and the `meal-json` fuzz target
/// check that on every body they try. The bytes are read by `JSONReader`, as the catalog's are.
public enum AnswerReader {
  /// `categories.php`'s answer, or `nil` when `JSONDecoder` is to read it.
  public static func categories(_ body: Data) -> CategoryResponse? {
    read(body, list: "categories", item: Category.init(fields:)) {
      (answer, categories) throws(Unsupported) in
      try CategoryResponse(answer: answer, categories: categories)
    }
  }

  /// A list answer of rows, or `nil` when `JSONDecoder` is to read it.
  public static func meals(_ body: Data) -> MealsResponse<Meal>? {
    read(body, list: "meals", item: Meal.init(fields:)) { (answer, meals) throws(Unsupported) in
      try MealsResponse(answer: answer, items: meals)
    }
  }

  /// A list answer of full recipes, or `nil` when `JSONDecoder` is to read it.
  public static func details(_ body: Data) -> MealsResponse<MealDetail>? {
    read(body, list: "meals", item: MealDetail.init(fields:)) {
      (answer, meals) throws(Unsupported) in
      try MealsResponse(answer: answer, items: meals)
    }
  }

  /// Deeper nesting is left to `JSONDecoder`; TheMealDB's answers are three levels deep.
  static let maximumDepth = 16

  /// Reads the answer's object, making each object of its list `list` into an `Item` as soon as
  /// it is read, and hands both to `make` (the items `nil` when the answer has no list there).
  ///
  /// The records become models one by one, so an answer of half a million meals never exists
  /// as a tree of fields as well (that took about 130 MB more for the largest).
  static func read<Item, Response>(
    _ body: Data, list: String, item: @escaping (AnswerObject) throws(Unsupported) -> Item,
    _ make: (AnswerObject, [Item]?) throws(Unsupported) -> Response
  ) -> Response? {
    body.withUnsafeBytes { raw -> Response? in
      var items: [Item]?
      var parser = Parser(raw.bindMemory(to: UInt8.self), list: list) {
        (object) throws(Unsupported) in
        items?.append(try item(object))
      } listStarts: { () throws(Unsupported) in
        // The list comes twice: which one `JSONDecoder` takes is its business.
        guard items == nil else { throw Unsupported() }
        items = []
      }
      guard let object = try? parser.document() else { return nil }
      return try? make(object, items)
    }
  }

  /// Why the reader leaves a body to `JSONDecoder`; it carries nothing, as `JSONDecoder` says why.
  struct Unsupported: Error {}
}

/// A JSON value as the reader keeps it: a string as the place of its text in the answer, made
/// into a `String` only when a model reads it (a list of full recipes is read for three fields
/// of each).
enum AnswerValue {
  case null
  case string(written: Range<Int>, isPlain: Bool)
  case array([AnswerValue])
  case object(AnswerObject)
}

/// The fields of one JSON object, in the order they came, over the answer's bytes: valid only
/// while the answer is read.
struct AnswerObject {
  /// One field: its key (between its quotes, in the answer) and its value.
  struct Field {
    let key: Range<Int>
    /// The key's text when it is written with escapes, which the bytes are not.
    let escapedKey: String?
    /// `AnswerObject.word(_:)` of the key's text.
    let word: UInt64
    let value: AnswerValue

    init(
      key: Range<Int>, escapedKey: String?, in bytes: UnsafeBufferPointer<UInt8>, value: AnswerValue
    ) {
      self.key = key
      self.escapedKey = escapedKey
      self.value = value
      if var escapedKey {
        word = escapedKey.withUTF8(AnswerObject.word)
      } else {
        word = AnswerObject.word(UnsafeBufferPointer(rebasing: bytes[key]))
      }
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let fields: [Field]

  init(_ fields: [Field], in bytes: UnsafeBufferPointer<UInt8>) {
    self.fields = fields
    self.bytes = bytes
  }

  /// The value of the field `key` (ASCII), `nil` when there is none.
  ///
  /// - Throws: `Unsupported` for a field that comes twice: `JSONDecoder` takes one of them, and
  ///   which one is its business. A field given twice that nobody reads does not matter.
  func value(_ key: String) throws(AnswerReader.Unsupported) -> AnswerValue? {
    var key = key
    let (found, count) = key.withUTF8 { key in
      let word = Self.word(key)
      var found: AnswerValue?
      var count = 0
      // Every field is looked at, for a key given twice; the words settle nearly all of them.
      for field in fields where field.word == word && isKey(field, key) {
        found = field.value
        count += 1
      }
      return (found, count)
    }
    guard count < 2 else { throw AnswerReader.Unsupported() }
    return found
  }

  /// Whether `field`'s key is `key`.
  private func isKey(_ field: Field, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    if let escaped = field.escapedKey {
      return escaped.utf8.elementsEqual(key)
    }
    return UnsafeBufferPointer(rebasing: bytes[field.key]).elementsEqual(key)
  }

  /// A key's length and last seven bytes in one word: two keys with different words differ
  /// (`strIngredient1` and `strIngredient12` by length, `strMeasure1` and `strMeasure2` by their
  /// last byte).
  static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var word: UInt64 = 0
    for byte in key.suffix(7) { word = word << 8 | UInt64(byte) }
    return word | UInt64(truncatingIfNeeded: key.count) << 56
  }

  /// The text of a string value.
  func text(written: Range<Int>, isPlain: Bool) -> String {
    JSONReader.string(in: bytes, written: written, isPlain: isPlain)
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
}

extension AnswerObject: AnswerFields {
  func string(_ key: AnswerKey) throws(AnswerReader.Unsupported) -> String {
    guard case .string(let written, let isPlain)? = try value(key.stringValue) else {
      throw AnswerReader.Unsupported()
    }
    return text(written: written, isPlain: isPlain)
  }

  func optionalString(_ key: AnswerKey) throws(AnswerReader.Unsupported) -> String? {
    switch try value(key.stringValue) {
    case nil, .null?: return nil
    case .string(let written, let isPlain)?: return text(written: written, isPlain: isPlain)
    default: throw AnswerReader.Unsupported()
    }
  }
}

extension KeyedDecodingContainer<AnswerKey>: AnswerFields {
  func string(_ key: AnswerKey) throws(DecodingError) -> String {
    do { return try decode(String.self, forKey: key) } catch { throw Self.decodingError(error) }
  }

  func optionalString(_ key: AnswerKey) throws(DecodingError) -> String? {
    do {
      return try decodeIfPresent(String.self, forKey: key)
    } catch {
      throw Self.decodingError(error)
    }
  }

  /// What a keyed container throws is always a `DecodingError`.
  private static func decodingError(_ error: any Error) -> DecodingError {
    error as? DecodingError
      ?? .dataCorrupted(.init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
  }
}

extension AnswerReader {
  /// Reads an answer with `JSONReader`, for the values `AnswerValue` holds; it throws for
  /// anything else.
  struct Parser {
    private var reader: JSONReader
    /// The key of the answer's list, whose objects go to `takeItem` one by one instead of
    /// into the tree (which keeps an empty list in their place).
    private let list: String
    private let takeItem: (AnswerObject) throws(Unsupported) -> Void
    private let listStarts: () throws(Unsupported) -> Void

    init(
      _ bytes: UnsafeBufferPointer<UInt8>, list: String,
      takeItem: @escaping (AnswerObject) throws(Unsupported) -> Void,
      listStarts: @escaping () throws(Unsupported) -> Void
    ) {
      reader = JSONReader(bytes)
      self.list = list
      self.takeItem = takeItem
      self.listStarts = listStarts
    }

    /// The one object the body holds, with nothing but white space around it.
    mutating func document() throws -> AnswerObject {
      guard reader.peek() == UInt8(ascii: "{") else { throw Unsupported() }
      let object = try object()
      try reader.expectEnd()
      return object
    }

    private mutating func value() throws -> AnswerValue {
      switch reader.peek() {
      case UInt8(ascii: "\"")?:
        // Half of a surrogate pair makes no character: the reader refuses it, and `JSONDecoder`
        // is to turn it down.
        let (written, isPlain) = try reader.skipString()
        return .string(written: written, isPlain: isPlain)
      case UInt8(ascii: "{")?:
        return .object(try object())
      case UInt8(ascii: "[")?:
        return .array(try array())
      case UInt8(ascii: "n")?:
        try reader.literal("null")
        return .null
      default:
        throw Unsupported()
      }
    }

    /// At `{`.
    private mutating func object() throws -> AnswerObject {
      try reader.enter(limit: maximumDepth)
      reader.position += 1
      var fields: [AnswerObject.Field] = []
      if !reader.take(UInt8(ascii: "}")) {
        repeat {
          guard reader.peek() == UInt8(ascii: "\"") else { throw Unsupported() }
          let (key, isPlain) = try reader.skipString()
          try reader.expect(UInt8(ascii: ":"))
          var escapedKey: String?
          if !isPlain {
            // Keys are compared as `JSONDecoder` compares them only when they are ASCII.
            let text = JSONReader.string(in: reader.bytes, written: key, isPlain: false)
            escapedKey = text
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
              throw Unsupported()
            }
          }
          let isList =
            reader.depth == 1 && reader.peek() == UInt8(ascii: "[")
            && (escapedKey.map { $0 == list }
              ?? UnsafeBufferPointer(rebasing: reader.bytes[key]).elementsEqual(list.utf8))
          if isList {
            try listStarts()
            try items()
            fields.append(
              AnswerObject.Field(
                key: key, escapedKey: escapedKey, in: reader.bytes, value: .array([])))
          } else {
            fields.append(
              AnswerObject.Field(
                key: key, escapedKey: escapedKey, in: reader.bytes, value: try value()))
          }
        } while try reader.another(closing: UInt8(ascii: "}"))
      }
      reader.leave()
      return AnswerObject(fields, in: reader.bytes)
    }

    /// At the `[` of the answer's list: objects, each handed to `takeItem`.
    private mutating func items() throws {
      try reader.enter(limit: maximumDepth)
      reader.position += 1
      if !reader.take(UInt8(ascii: "]")) {
        repeat {
          // A list of anything but objects is for `JSONDecoder` to turn down.
          guard reader.peek() == UInt8(ascii: "{") else { throw Unsupported() }
          try takeItem(try object())
        } while try reader.another(closing: UInt8(ascii: "]"))
      }
      reader.leave()
    }

    /// At `[`.
    private mutating func array() throws -> [AnswerValue] {
      try reader.enter(limit: maximumDepth)
      reader.position += 1
      var values: [AnswerValue] = []
      if !reader.take(UInt8(ascii: "]")) {
        repeat {
          values.append(try value())
        } while try reader.another(closing: UInt8(ascii: "]"))
      }
      reader.leave()
      return values
    }
  }
}
