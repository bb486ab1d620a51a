import Foundation
import JSONBytes
import MealDB

extension Catalog {
  /// One meal: what the catalog searches and sorts by, and the record's answer bytes.
  ///
  /// The record is kept as the bytes the API's server would send for it (`JSONWriter`'s format,
  /// numbers spelled as the file spells them), written once when the catalog is read: answers
  /// copy these bytes instead of encoding the record again.
  public struct Record: Sendable, Hashable {
    public let id: String
    /// The name without surrounding white space.
    public let name: String
    public let category: String?
    public let area: String?
    /// `strMealThumb` as the record spells it.
    public let thumbnail: String?
    /// The used ingredient slots' names, trimmed, in slot order.
    public let ingredients: [String]
    /// The full record as `search.php`, `lookup.php` and `random.php` write it.
    let json: [UInt8]
    /// The `filter.php` summary: id, name and thumbnail, written with `json`.
    let summaryJSON: [UInt8]
    /// The name case-folded and decomposed, as UTF-8 (see `sortKey(_:)`).
    let sortKey: [UInt8]

    /// The record's fields, read back from its bytes (for the rare caller that needs them all).
    public var fields: [String: JSONValue] { (try? JSONValue(json: jsonData))?.object ?? [:] }

    /// The record as the API writes it.
    public var jsonData: Data { Data(json) }

    /// Case-folded (`ß` as `ss`) and decomposed UTF-8, so that bytes compare as
    /// `caseInsensitiveCompare` orders names (`Éclair` next to `eclair`, not after `Z`).
    static func sortKey(_ text: String) -> [UInt8] {
      var words: [[UInt8]: [UInt8]] = [:]
      return sortKey(text, words: &words)
    }

    /// `sortKey(_:)`, word by word: ASCII, which folding only lowers, without Foundation, and
    /// the key of each word beyond it from `words` or, the first time, from Foundation.
    ///
    /// The words' keys between the spaces are the text's: folding maps each character alone,
    /// and canonical ordering moves no mark across a space. Names repeat their words, so each
    /// word goes through Foundation's folding once.
    static func sortKey(_ text: String, words: inout [[UInt8]: [UInt8]]) -> [UInt8] {
      var key: [UInt8] = []
      key.reserveCapacity(text.utf8.count)
      var text = text
      text.withUTF8 { bytes in
        var start = 0
        while start <= bytes.count {
          var end = start
          var isASCII = true
          while end < bytes.count, bytes[end] != UInt8(ascii: " ") {
            isASCII = isASCII && bytes[end] < 0x80
            end += 1
          }
          let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
          if isASCII {
            for byte in word { key.append(byte &- UInt8(ascii: "A") < 26 ? byte + 0x20 : byte) }
          } else {
            let word = Array(word)
            if words[word] == nil {
              let folded = String(decoding: word, as: UTF8.self)
                .folding(options: .caseInsensitive, locale: nil)
              words[word] = Array(folded.decomposedStringWithCanonicalMapping.utf8)
            }
            key += words[word]!
          }
          if end < bytes.count { key.append(UInt8(ascii: " ")) }
          start = end + 1
        }
      }
      return key
    }
  }
}

// MARK: - Reading

extension Catalog.Record {
  /// A record from its fields, as the API sends them, checked as the catalog's loader checks
  /// each record of a file.
  public init(fields: [String: JSONValue]) throws {
    var json: [UInt8] = []
    JSONWriter.write(.object(fields), to: &json)
    do {
      self = try json.withUnsafeBufferPointer { bytes in
        var reader = JSONReader(bytes)
        var words: [[UInt8]: [UInt8]] = [:]
        return try Self.read(from: &reader, index: 0, words: &words)
      }
    } catch CatalogError.Reason.invalidRecord(_, let reason) {
      throw reason
    } catch {
      throw Catalog.reason(forReading: error)
    }
  }

  /// The keys TheMealDB gives a record, by their rank in `JSONWriter.keyOrder`, and what the
  /// reader does with each.
  struct Keys {
    let names = JSONWriter.keyOrder.sorted { $0.value < $1.value }.map(\.key)
    /// Each in quotes and with its colon, as the record's bytes spell them, one after the other.
    let quoted: [UInt8]
    /// Where each is in `quoted`.
    let quotedRanges: [Range<Int>]
    /// Whether the app reads the value as text (`MealDetail`), so that it must be a string or
    /// `null`.
    let isText: [Bool]
    /// Each name's rank by its word (see `word(_:)`).
    private let ranks: [UInt64: Int]

    let id = JSONWriter.keyOrder["idMeal"]!
    let name = JSONWriter.keyOrder["strMeal"]!
    let category = JSONWriter.keyOrder["strCategory"]!
    let area = JSONWriter.keyOrder["strArea"]!
    let thumbnail = JSONWriter.keyOrder["strMealThumb"]!
    let ingredients = (1...20).map { JSONWriter.keyOrder["strIngredient\($0)"]! }

    init() {
      var quoted: [UInt8] = []
      var ranges: [Range<Int>] = []
      for name in names {
        let start = quoted.count
        JSONWriter.writeString(name, to: &quoted)
        quoted.append(UInt8(ascii: ":"))
        ranges.append(start..<quoted.count)
      }
      (self.quoted, quotedRanges) = (quoted, ranges)
      let texts =
        ["strCategory", "strArea", "strInstructions", "strMealThumb", "strTags"]
        + ["strYoutube", "strSource"]
        + (1...20).flatMap { ["strIngredient\($0)", "strMeasure\($0)"] }
      isText = names.map(texts.contains)
      ranks = Dictionary(
        uniqueKeysWithValues: names.enumerated().map { rank, name in
          (Array(name.utf8).withUnsafeBufferPointer(Self.word), rank)
        })
    }

    /// A key's length and last seven bytes in one word: the known keys' words all differ.
    private static func word(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
      let length = UInt64(truncatingIfNeeded: key.count) << 56
      guard key.count < 8 else {
        let last = UnsafeRawPointer(key.baseAddress!).loadUnaligned(
          fromByteOffset: key.count - 8, as: UInt64.self)
        return length | UInt64(bigEndian: last) & 0x00FF_FFFF_FFFF_FFFF
      }
      var word: UInt64 = 0
      for byte in key { word = word << 8 | UInt64(byte) }
      return length | word
    }

    /// The rank of the key spelled `key` (UTF-8 without quotes) if it is a known one, without
    /// making a `String` of every key of every record: `guess` if it is spelled so (a record
    /// lists its keys in the API's order), or else the rank found by its word.
    func rank(of key: UnsafeBufferPointer<UInt8>, guess: Int) -> Int? {
      func spells(_ rank: Int) -> Bool {
        quotedRanges[rank].count == key.count + 3
          && quoted.withUnsafeBufferPointer {
            memcmp($0.baseAddress! + quotedRanges[rank].lowerBound + 1, key.baseAddress!, key.count)
          } == 0
      }
      if guess < names.count, spells(guess) { return guess }
      return ranks[Self.word(key)].flatMap { spells($0) ? $0 : nil }
    }
  }

  static let keys = Keys()

  /// Reads the record object that comes next, the `index`th of its file (from 0), in one pass.
  ///
  /// Its bytes are written as `JSONWriter` writes the record's tree: members in the API's order
  /// (unknown keys after the known ones, by name), a key given twice with its last value, no
  /// white space, strings as `JSONWriter` writes them; numbers keep the file's spelling.
  ///
  /// - Throws: `CatalogError.Reason.invalidRecord` for a record the app cannot show (no id or
  ///   name, an id that is not a number, a text field that is no text, half of a surrogate
  ///   pair), or the reader's failure where the file is not JSON.
  /// - Parameter words: the sort keys of the names' words (see `sortKey(_:words:)`), kept from
  ///   one record of a file to the next.
  static func read(
    from reader: inout JSONReader, index: Int, words: inout [[UInt8]: [UInt8]]
  ) throws -> Self {
    typealias Reason = CatalogError.Reason
    guard reader.peek() == UInt8(ascii: "{") else {
      _ = try JSONValue(reading: &reader)
      throw Reason.invalidRecord(index: index, .wrongShape("is not an object"))
    }
    // At hand as a local: a static table is looked up and retained on every use.
    let keys = Self.keys
    /// The members' values as the record's bytes spell them, one after the other.
    var values: [UInt8] = []
    values.reserveCapacity(4096)
    /// By rank, where the last value of each known key is in `values`.
    var known = [Range<Int>?](repeating: nil, count: keys.names.count)
    /// Where the last value of each unknown key is in `values`.
    var unknown: [String: Range<Int>] = [:]
    var next = 0  // the rank after the last known key's
    try reader.readEach(closing: UInt8(ascii: "}")) { reader in
      /// The member's key, once it is read, as errors name it.
      var field: String?
      do {
        let written = try reader.skipString()
        try reader.expect(UInt8(ascii: ":"))
        // Nearly every key is a known one, found without making its text.
        let rank = keys.rank(of: UnsafeBufferPointer(rebasing: reader.bytes[written]), guess: next)
        next = rank.map { $0 + 1 } ?? next
        let key =
          rank.map { keys.names[$0] } ?? JSONReader.string(in: reader.bytes, written: written)
        field = key
        let start = values.count
        try copyValue(from: &reader, to: &values)
        guard let rank = rank ?? JSONWriter.keyOrder[key] else {
          unknown[key] = start..<values.count
          return
        }
        // A text field holds a string or `null`, the one value that starts with `n`.
        if keys.isText[rank], values[start] != UInt8(ascii: "\""),
          values[start] != UInt8(ascii: "n")
        {
          throw Reason.invalidRecord(index: index, .wrongShape("expected String at \(key)"))
        }
        known[rank] = start..<values.count
      } catch JSONReader.Failure.loneSurrogate(let offset) {
        throw Reason.invalidRecord(index: index, .loneSurrogate(field: field, offset: offset))
      }
    }

    /// The text of the known key `rank`, `nil` when it is missing or no string.
    func text(_ rank: Int) -> String? {
      guard let value = known[rank], values[value.lowerBound] == UInt8(ascii: "\"") else {
        return nil
      }
      return values.withUnsafeBufferPointer {
        JSONReader.string(in: $0, written: value.lowerBound + 1..<value.upperBound - 1)
      }
    }
    guard let id = text(keys.id), !id.isEmpty else {
      throw Reason.invalidRecord(index: index, .missingField("idMeal"))
    }
    guard let spelledName = text(keys.name) else {
      throw Reason.invalidRecord(index: index, .missingField("strMeal"))
    }
    guard id.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
      throw Reason.invalidRecord(index: index, .nonNumericID(id))
    }
    // `{`, then each known member and a comma, copied into place in an array of the whole size.
    let size = known.indices.reduce(1) { size, rank in
      known[rank].map { size + keys.quotedRanges[rank].count + $0.count + 1 } ?? size
    }
    var json = [UInt8](repeating: UInt8(ascii: ","), count: size)
    json[0] = UInt8(ascii: "{")
    json.withUnsafeMutableBytes { json in
      var end = 1
      func copy(_ range: Range<Int>, of bytes: [UInt8]) {
        bytes.withUnsafeBytes {
          json.baseAddress!.advanced(by: end).copyMemory(
            from: $0.baseAddress!.advanced(by: range.lowerBound), byteCount: range.count)
        }
        end += range.count
      }
      for (rank, value) in known.enumerated() {
        guard let value else { continue }
        copy(keys.quotedRanges[rank], of: keys.quoted)
        copy(value, of: values)
        end += 1
      }
    }
    json.removeLast()  // the comma after the last member (`idMeal` is one)
    // Unknown keys after them, by name. The record has `idMeal`, so each comes after a member.
    for key in unknown.keys.sorted() {
      json.append(UInt8(ascii: ","))
      JSONWriter.writeString(key, to: &json)
      json.append(UInt8(ascii: ":"))
      json += values[unknown[key]!]
    }
    json.append(UInt8(ascii: "}"))
    // The summary from the same copied values; a missing thumbnail is `null`.
    let (idValue, nameValue) = (known[keys.id]!, known[keys.name]!)
    let thumbnailValue = known[keys.thumbnail].map { values[$0] } ?? ArraySlice("null".utf8)
    var summary: [UInt8] = []
    summary.reserveCapacity(48 + idValue.count + nameValue.count + thumbnailValue.count)
    summary += #"{"idMeal":"#.utf8
    summary += values[idValue]
    summary += #","strMeal":"#.utf8
    summary += values[nameValue]
    summary += #","strMealThumb":"#.utf8
    summary += thumbnailValue
    summary.append(UInt8(ascii: "}"))

    let name = spelledName.trimmed(.whitespacesAndNewlines)
    var ingredients: [String] = []
    // An empty slot (`""`) holds no text to make.
    for rank in keys.ingredients where known[rank]?.count ?? 0 > 2 {
      if let ingredient = text(rank)?.trimmed(.whitespaces), !ingredient.isEmpty {
        ingredients.append(ingredient)
      }
    }
    return Self(
      id: id, name: name, category: text(keys.category), area: text(keys.area),
      thumbnail: text(keys.thumbnail), ingredients: ingredients, json: json,
      summaryJSON: summary, sortKey: sortKey(name, words: &words))
  }

  /// Reads the value that comes next and appends it as `JSONWriter` writes its tree, numbers
  /// as the file spells them.
  private static func copyValue(from reader: inout JSONReader, to out: inout [UInt8]) throws {
    switch reader.peek() {
    case UInt8(ascii: "\""):
      try reader.copyString(to: &out)
    case UInt8(ascii: "["):
      out.append(UInt8(ascii: "["))
      let start = out.count
      try reader.readEach(closing: UInt8(ascii: "]")) { reader in
        if out.count > start { out.append(UInt8(ascii: ",")) }
        try copyValue(from: &reader, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case UInt8(ascii: "{"):
      // A key given twice counts with its last value.
      var members: [String: [UInt8]] = [:]
      try reader.readEach(closing: UInt8(ascii: "}")) { reader in
        let key = try reader.key()
        members[key] = []
        try copyValue(from: &reader, to: &members[key]!)
      }
      JSONWriter.writeObject(members, to: &out) { $1 += $0 }
    default:
      // A number, `null`, `true`, `false`, or not JSON.
      let start = reader.position
      _ = try JSONValue(reading: &reader)
      out += reader.bytes[start..<reader.position]
    }
  }
}
