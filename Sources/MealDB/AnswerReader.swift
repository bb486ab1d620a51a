import Foundation

/// Reads TheMealDB's answers without `JSONDecoder`, for as long as an answer looks the way
/// TheMealDB writes them; anything else is left to `JSONDecoder`.
///
/// An answer is an object of objects, arrays, strings and `null`s. `JSONDecoder` costs about
/// 2,400 instructions for each field it reads, and the runtime looks up the metadata of its
/// generic containers over and over: callgrind counted 28% of an offline one-scenario
/// `rezepte run` on the main thread in `JSONDecoder.decode`. This reader builds the fields of
/// each object and hands them to the same initializers the `Decodable` conformances use
/// (`AnswerFields`), so both ways tidy every field alike.
///
/// Each function returns `nil` for a body it does not read: invalid JSON, a number, `true` or
/// `false` anywhere, a field it reads given twice in one object, a key beyond ASCII
/// (`JSONDecoder` compares keys as Swift strings, by canonical equivalence), a field of the wrong
/// type, a missing field, or nesting deeper than `maximumDepth`. `MealAPI` then decodes the body
/// with `JSONDecoder`, which gives the same value or throws its `DecodingError`. So a body read
/// here is one `JSONDecoder` reads to the same value; the tests and the `meal-json` fuzz target
/// check that on every body they try.
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

/// A JSON value as the reader keeps it.
enum AnswerValue {
  case null
  case string(String)
  case array([AnswerValue])
  case object(AnswerObject)
}

/// The fields of one JSON object, in the order they came.
///
/// A record of a list answer has three fields, so most objects are searched in order; an object
/// of more fields (a full recipe has 53) gets an index by key.
struct AnswerObject {
  private let fields: [(key: String, value: AnswerValue)]
  /// Where each key is among `fields`, or `nil` when it comes more than once.
  private let index: [String: Int?]?

  init(_ fields: [(key: String, value: AnswerValue)]) {
    self.fields = fields
    guard fields.count > 8 else {
      index = nil
      return
    }
    var index: [String: Int?] = [:]
    index.reserveCapacity(fields.count)
    for position in fields.indices {
      let key = fields[position].key
      index[key] = index[key] == nil ? position : .some(nil)
    }
    self.index = index
  }

  /// The value of the field `key`, `nil` when there is none.
  ///
  /// - Throws: `Unsupported` for a field that comes twice: `JSONDecoder` takes one of them, and
  ///   which one is its business. A field given twice that nobody reads does not matter.
  func value(_ key: String) throws(AnswerReader.Unsupported) -> AnswerValue? {
    if let index {
      guard let position = index[key] else { return nil }
      guard let position else { throw AnswerReader.Unsupported() }
      return fields[position].value
    }
    var found: AnswerValue?
    for field in fields where field.key == key {
      guard found == nil else { throw AnswerReader.Unsupported() }
      found = field.value
    }
    return found
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
    guard case .string(let text)? = try value(key.stringValue) else {
      throw AnswerReader.Unsupported()
    }
    return text
  }

  func optionalString(_ key: AnswerKey) throws(AnswerReader.Unsupported) -> String? {
    switch try value(key.stringValue) {
    case nil, .null?: return nil
    case .string(let text)?: return text
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
  /// A strict JSON reader over the bytes, for the values `AnswerValue` holds; it throws
  /// `Unsupported` for anything else.
  struct Parser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
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
      self.bytes = bytes
      self.list = list
      self.takeItem = takeItem
      self.listStarts = listStarts
    }

    /// The one object the body holds, with nothing but white space around it.
    mutating func document() throws(Unsupported) -> AnswerObject {
      guard next() == UInt8(ascii: "{") else { throw Unsupported() }
      position += 1
      let object = try object()
      guard next() == nil else { throw Unsupported() }
      return object
    }

    /// The next byte after white space (JSON's four), not taken; `nil` at the end.
    private mutating func next() -> UInt8? {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x0A, 0x0D, 0x09: position += 1
        default: return bytes[position]
        }
      }
      return nil
    }

    /// Takes `byte` after white space, or throws.
    private mutating func take(_ byte: UInt8) throws(Unsupported) {
      guard next() == byte else { throw Unsupported() }
      position += 1
    }

    private mutating func value() throws(Unsupported) -> AnswerValue {
      switch next() {
      case UInt8(ascii: "\"")?:
        position += 1
        return .string(try string())
      case UInt8(ascii: "{")?:
        position += 1
        return .object(try object())
      case UInt8(ascii: "[")?:
        position += 1
        return .array(try array())
      case UInt8(ascii: "n")?:
        guard bytes.count - position >= 4, bytes[position + 1] == UInt8(ascii: "u"),
          bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
        else { throw Unsupported() }
        position += 4
        return .null
      default:
        throw Unsupported()
      }
    }

    /// After `{`.
    private mutating func object() throws(Unsupported) -> AnswerObject {
      depth += 1
      defer { depth -= 1 }
      guard depth <= maximumDepth else { throw Unsupported() }
      var fields: [(key: String, value: AnswerValue)] = []
      if next() == UInt8(ascii: "}") {
        position += 1
        return AnswerObject(fields)
      }
      while true {
        try take(UInt8(ascii: "\""))
        let key = try string()
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { throw Unsupported() }
        try take(UInt8(ascii: ":"))
        if depth == 1, key == list, next() == UInt8(ascii: "[") {
          position += 1
          try listStarts()
          try items()
          fields.append((key, .array([])))
        } else {
          fields.append((key, try value()))
        }
        if next() == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try take(UInt8(ascii: "}"))
        return AnswerObject(fields)
      }
    }

    /// After the `[` of the answer's list: objects, each handed to `takeItem`.
    private mutating func items() throws(Unsupported) {
      if next() == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        // A list of anything but objects is for `JSONDecoder` to turn down.
        try take(UInt8(ascii: "{"))
        depth += 1
        let object = try object()
        depth -= 1
        try takeItem(object)
        if next() == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try take(UInt8(ascii: "]"))
        return
      }
    }

    /// After `[`.
    private mutating func array() throws(Unsupported) -> [AnswerValue] {
      depth += 1
      defer { depth -= 1 }
      guard depth <= maximumDepth else { throw Unsupported() }
      var values: [AnswerValue] = []
      if next() == UInt8(ascii: "]") {
        position += 1
        return values
      }
      while true {
        values.append(try value())
        if next() == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try take(UInt8(ascii: "]"))
        return values
      }
    }

    /// After the opening quote: the text up to the closing one, which is taken.
    private mutating func string() throws(Unsupported) -> String {
      var runStart = position
      // Most strings have no escape: their bytes are the text. The others are copied run by run.
      var unescaped: [UInt8]?
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
          position += 1
          guard var unescaped else { return try text(run) }
          unescaped.append(contentsOf: run)
          return try unescaped.withUnsafeBufferPointer { buffer throws(Unsupported) in
            try text(buffer)
          }
        }
        if byte == UInt8(ascii: "\\") {
          var copied = unescaped.take() ?? []
          copied.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
          position += 1
          try escape(into: &copied)
          unescaped = copied
          runStart = position
          continue
        }
        guard byte >= 0x20 else { throw Unsupported() }
        position = plainRunEnd(from: position + 1)
      }
      throw Unsupported()
    }

    /// The offset of the first byte from `start` on that a string cannot hold as it is (`"`,
    /// `\`, or a control character), or the end; eight bytes at a time.
    private func plainRunEnd(from start: Int) -> Int {
      var offset = start
      guard let base = bytes.baseAddress else { return offset }
      while bytes.count - offset >= 8 {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        if Self.holdsStop(word) { break }
        offset += 8
      }
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        offset += 1
      }
      return offset
    }

    /// Whether one of the eight bytes is `"`, `\` or below 0x20 (may say so wrongly only in a
    /// word that does hold one: the borrow of a true hit can mark the byte above it).
    private static func holdsStop(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
      let below20 = (word &- ones &* 0x20) & ~word & highs
      return zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) | below20 != 0
    }

    /// The text of valid UTF-8 bytes.
    ///
    /// `String(decoding:as:)` replaces each invalid sequence with U+FFFD, which changes the
    /// bytes, so the text is valid exactly when its bytes are the input's. That costs a tenth of
    /// `String(validating:as:)`, which is generic over the encoding and not specialized.
    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws(Unsupported) -> String {
      var text = String(decoding: utf8, as: UTF8.self)
      let isSame = text.withUTF8 { decoded in
        decoded.count == utf8.count
          && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
      }
      guard isSame else { throw Unsupported() }
      return text
    }

    /// After a backslash: the character it stands for, as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(Unsupported) {
      guard position < bytes.count else { throw Unsupported() }
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        let unit = try hexUnit()
        var scalar = Unicode.Scalar(unit)
        if UTF16.isLeadSurrogate(unit) {
          // Only a pair makes a character; a lone half is left to `JSONDecoder`.
          guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          else { throw Unsupported() }
          position += 2
          let trail = try hexUnit()
          guard UTF16.isTrailSurrogate(trail) else { throw Unsupported() }
          scalar = Unicode.Scalar(
            0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
        }
        guard let scalar else { throw Unsupported() }
        UTF8.encode(scalar) { out.append($0) }
      default:
        throw Unsupported()
      }
    }

    /// Four hex digits.
    private mutating func hexUnit() throws(Unsupported) -> UInt16 {
      guard bytes.count - position >= 4 else { throw Unsupported() }
      var unit: UInt16 = 0
      for _ in 0..<4 {
        let byte = bytes[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw Unsupported()
        }
        unit = unit << 4 | UInt16(digit)
        position += 1
      }
      return unit
    }
  }
}
