import Foundation
import MealDB

extension Catalog {
  /// One meal: what the catalog searches and sorts by, and the record's answer bytes.
  ///
  /// The record is kept as the bytes the API's server would send for it (`JSONWriter`'s format),
  /// written once when the catalog is read; answers splice these bytes instead of encoding the
  /// record again, and no second copy of the record (a tree of `JSONValue`s) is kept.
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
    /// The `filter.php` summary: id, name and thumbnail.
    let summaryJSON: [UInt8]
    /// The name lowered, as UTF-8: sorting and searching compare these bytes, worked out once per
    /// record instead of in every comparison.
    let sortKey: [UInt8]

    /// A record from its fields, as the API sends them.
    public init(fields: [String: JSONValue]) throws {
      guard let id = fields["idMeal"]?.string, !id.isEmpty else {
        throw CatalogError.Reason.missingField("idMeal")
      }
      guard let name = fields["strMeal"]?.string else {
        throw CatalogError.Reason.missingField("strMeal")
      }
      let ingredients = (1...20).compactMap { slot in
        fields["strIngredient\(slot)"]?.string.map(Self.trimmedIngredient)
      }
      let summary = JSONValue.object([
        "strMeal": .string(name),
        "strMealThumb": fields["strMealThumb"] ?? .null,
        "idMeal": .string(id),
      ])
      var json: [UInt8] = []
      JSONWriter.write(.object(fields), to: &json)
      var summaryJSON: [UInt8] = []
      JSONWriter.write(summary, to: &summaryJSON)
      self.init(
        id: id, rawName: name, category: fields["strCategory"]?.string,
        area: fields["strArea"]?.string, thumbnail: fields["strMealThumb"]?.string,
        ingredients: ingredients.filter { !$0.isEmpty }, json: json, summaryJSON: summaryJSON)
    }

    init(
      id: String, rawName: String, category: String?, area: String?, thumbnail: String?,
      ingredients: [String], json: [UInt8], summaryJSON: [UInt8]
    ) {
      self.id = id
      name = Self.hasNoSpaceAtTheEnds(rawName) ? rawName : Self.trimmedName(rawName)
      self.category = category
      self.area = area
      self.thumbnail = thumbnail
      self.ingredients = ingredients
      self.json = json
      self.summaryJSON = summaryJSON
      sortKey = Self.sortKey(name)
    }

    /// The record's fields, read back from its bytes (for the rare caller that needs them all).
    public var fields: [String: JSONValue] {
      json.withUnsafeBufferPointer { bytes in
        var scanner = JSONScanner(bytes)
        return (try? scanner.value())?.object ?? [:]
      }
    }

    /// The record as the API writes it.
    public var jsonData: Data { Data(json) }

    static func trimmedIngredient(_ name: String) -> String {
      hasNoSpaceAtTheEnds(name) ? name : trimmed(name, newlines: false) ?? name.trimmedOfBlanks
    }

    /// The name as `trimmed` trims it.
    static func trimmedName(_ name: String) -> String {
      trimmed(name, newlines: true) ?? name.trimmed
    }

    /// The text without the white space at its ends, as `trimmed` (with `newlines`) or
    /// `trimmedOfBlanks` trims it, when that is plain without Unicode's tables; `nil` when not.
    ///
    /// Spaces and tabs are the only blanks in ASCII, U+000A to U+000D the further white space,
    /// and beyond ASCII no scalar below U+1000 is either but the no-break space U+00A0 and,
    /// with newlines, the next line U+0085 (the rest are U+1680, U+2000 to U+200B, U+2028,
    /// U+2029, U+202F, U+205F and U+3000). A test checks every scalar below U+1000 against
    /// both.
    static func trimmed(_ text: String, newlines: Bool) -> String? {
      /// Whether the ASCII byte is trimmed.
      func white(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || (newlines && byte >= 0x0A && byte <= 0x0D)
      }
      var text = text
      let kept: Range<Int>? = text.withUTF8 { bytes in
        var start = 0
        var end = bytes.count
        while start < end, white(bytes[start]) { start += 1 }
        while end > start, white(bytes[end - 1]) { end -= 1 }
        guard start < end else { return start..<end }
        /// Whether the scalar that starts at `index` is surely kept.
        func kept(at index: Int) -> Bool {
          switch bytes[index] {
          case 0..<0x80, 0xC3...0xE0: true  // ASCII but the white space above; U+00C0 to U+0FFF
          case 0xC2: bytes[index + 1] != 0xA0 && (!newlines || bytes[index + 1] != 0x85)
          default: false
          }
        }
        var last = end - 1
        while bytes[last] & 0xC0 == 0x80 { last -= 1 }
        return kept(at: start) && kept(at: last) ? start..<end : nil
      }
      guard let kept else { return nil }
      if kept.count == text.utf8.count { return text }
      return text.withUTF8 {
        String(decoding: UnsafeBufferPointer(rebasing: $0[kept]), as: UTF8.self)
      }
    }

    /// Whether the text starts and ends with visible ASCII, so trimming would change nothing.
    static func hasNoSpaceAtTheEnds(_ text: String) -> Bool {
      /// Whether the byte is visible ASCII.
      func visible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
      return text.utf8.withContiguousStorageIfAvailable { bytes in
        guard let first = bytes.first, let last = bytes.last else { return true }
        return visible(first) && visible(last)
      } ?? text.utf8.first.map { visible($0) && visible(text.utf8.last!) } ?? true
    }

    /// Case-folded (`ß` as `ss`) and decomposed UTF-8, so that bytes compare as `caseInsensitiveCompare` orders
    /// names (`Éclair` next to `eclair`, not after `Z`).
    ///
    /// Plain ASCII, the common case, is lowered byte by byte, and the Latin letters from U+00C0
    /// to U+017F are looked up in `latinFolds`, without Foundation, whose first case folding in
    /// a process costs more than reading the embedded catalog's other records together.
    static func sortKey(_ text: String) -> [UInt8] {
      var text = text
      if let key = text.withUTF8(latinSortKey) { return key }
      return Array(
        text.folding(options: .caseInsensitive, locale: nil)
          .decomposedStringWithCanonicalMapping.utf8)
    }

    /// The sort key of UTF-8 of ASCII and the letters from U+00C0 to U+017F; `nil` for any other.
    ///
    /// Foundation's key for such a text is its scalars' keys one after the other: case folding
    /// maps these scalars one by one, and each scalar's decomposition starts with a base letter,
    /// so canonical ordering never moves a mark across the boundary between two scalars (a test
    /// checks every scalar, and every pair of them, against Foundation).
    private static func latinSortKey(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
      // First the size, so that the key takes no spare capacity (a decomposed letter takes a
      // byte more than the composed one).
      var size = 0
      var index = 0
      while index < text.count {
        if text[index] < 0x80 {
          size += 1
          index += 1
          continue
        }
        // Two bytes from C3 80 (U+00C0) to C5 BF (U+017F).
        guard text[index] >= 0xC3, text[index] <= 0xC5 else { return nil }
        size += latinFolds.length(latinScalar(text, at: index) - 0xC0)
        index += 2
      }
      var key: [UInt8] = []
      key.reserveCapacity(size)
      index = 0
      while index < text.count {
        let byte = text[index]
        if byte < 0x80 {
          key.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
          index += 1
        } else {
          key.append(contentsOf: latinFolds[latinScalar(text, at: index) - 0xC0])
          index += 2
        }
      }
      return key
    }

    /// The scalar of the two bytes at `index`.
    private static func latinScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
      Int(text[index] & 0x1F) << 6 | Int(text[index + 1] & 0x3F)
    }

    /// The sort keys of U+00C0 to U+017F in order: what Foundation's case folding and
    /// canonical decomposition make of each scalar alone.
    static let latinFolds = StaticEntries(
      """
      a\u{300} a\u{301} a\u{302} a\u{303} a\u{308} a\u{30a} \u{e6} c\u{327}
      e\u{300} e\u{301} e\u{302} e\u{308} i\u{300} i\u{301} i\u{302} i\u{308}
      \u{f0} n\u{303} o\u{300} o\u{301} o\u{302} o\u{303} o\u{308} \u{d7}
      \u{f8} u\u{300} u\u{301} u\u{302} u\u{308} y\u{301} \u{fe} ss
      a\u{300} a\u{301} a\u{302} a\u{303} a\u{308} a\u{30a} \u{e6} c\u{327}
      e\u{300} e\u{301} e\u{302} e\u{308} i\u{300} i\u{301} i\u{302} i\u{308}
      \u{f0} n\u{303} o\u{300} o\u{301} o\u{302} o\u{303} o\u{308} \u{f7}
      \u{f8} u\u{300} u\u{301} u\u{302} u\u{308} y\u{301} \u{fe} y\u{308}
      a\u{304} a\u{304} a\u{306} a\u{306} a\u{328} a\u{328} c\u{301} c\u{301}
      c\u{302} c\u{302} c\u{307} c\u{307} c\u{30c} c\u{30c} d\u{30c} d\u{30c}
      \u{111} \u{111} e\u{304} e\u{304} e\u{306} e\u{306} e\u{307} e\u{307}
      e\u{328} e\u{328} e\u{30c} e\u{30c} g\u{302} g\u{302} g\u{306} g\u{306}
      g\u{307} g\u{307} g\u{327} g\u{327} h\u{302} h\u{302} \u{127} \u{127}
      i\u{303} i\u{303} i\u{304} i\u{304} i\u{306} i\u{306} i\u{328} i\u{328}
      i\u{307} \u{131} \u{133} \u{133} j\u{302} j\u{302} k\u{327} k\u{327}
      \u{138} l\u{301} l\u{301} l\u{327} l\u{327} l\u{30c} l\u{30c} \u{140}
      \u{140} \u{142} \u{142} n\u{301} n\u{301} n\u{327} n\u{327} n\u{30c}
      n\u{30c} \u{2bc}n \u{14b} \u{14b} o\u{304} o\u{304} o\u{306} o\u{306}
      o\u{30b} o\u{30b} \u{153} \u{153} r\u{301} r\u{301} r\u{327} r\u{327}
      r\u{30c} r\u{30c} s\u{301} s\u{301} s\u{302} s\u{302} s\u{327} s\u{327}
      s\u{30c} s\u{30c} t\u{327} t\u{327} t\u{30c} t\u{30c} \u{167} \u{167}
      u\u{303} u\u{303} u\u{304} u\u{304} u\u{306} u\u{306} u\u{30a} u\u{30a}
      u\u{30b} u\u{30b} u\u{328} u\u{328} w\u{302} w\u{302} y\u{302} y\u{302}
      y\u{308} z\u{301} z\u{301} z\u{307} z\u{307} z\u{30c} z\u{30c} s
      """)
  }
}

extension Catalog.Record {
  /// What the reader does with a known key's value.
  enum Role: UInt8 {
    case id, name, category, area, thumbnail, ingredient
    /// A text the app decodes (`MealDetail`): a string or `null`, nothing else.
    case appText
    /// Kept as it is.
    case other
  }

  /// Every known key in quotes, one a line, in the order of `JSONWriter.keyOrder`: the line of a
  /// key is its rank. Static text rather than tables built from a dictionary, which cost a
  /// tenth of reading the embedded catalog at every start (a test checks both against each
  /// other).
  static let keyText = StaticEntries(
    """
    "idMeal"
    "strMeal"
    "strMealAlternate"
    "strDrinkAlternate"
    "idCategory"
    "strCategory"
    "strCategoryThumb"
    "strCategoryDescription"
    "strArea"
    "strInstructions"
    "strMealThumb"
    "strTags"
    "strYoutube"
    "strIngredient1"
    "strIngredient2"
    "strIngredient3"
    "strIngredient4"
    "strIngredient5"
    "strIngredient6"
    "strIngredient7"
    "strIngredient8"
    "strIngredient9"
    "strIngredient10"
    "strIngredient11"
    "strIngredient12"
    "strIngredient13"
    "strIngredient14"
    "strIngredient15"
    "strIngredient16"
    "strIngredient17"
    "strIngredient18"
    "strIngredient19"
    "strIngredient20"
    "strMeasure1"
    "strMeasure2"
    "strMeasure3"
    "strMeasure4"
    "strMeasure5"
    "strMeasure6"
    "strMeasure7"
    "strMeasure8"
    "strMeasure9"
    "strMeasure10"
    "strMeasure11"
    "strMeasure12"
    "strMeasure13"
    "strMeasure14"
    "strMeasure15"
    "strMeasure16"
    "strMeasure17"
    "strMeasure18"
    "strMeasure19"
    "strMeasure20"
    "strSource"
    "strImageSource"
    "strCreativeCommonsConfirmed"
    "dateModified"
    "strCountry"
    """)

  /// One more than the highest rank.
  static var rankCount: Int { keyText.count }

  /// The rank of `strIngredient1`; the other 19 slots follow it.
  static let firstIngredientRank = 13

  /// By rank: what the reader does with the key's value.
  static let roles: [Role] = {
    var roles = [Role](repeating: .other, count: rankCount)
    roles[0] = .id
    roles[1] = .name
    roles[5] = .category
    roles[8] = .area
    roles[10] = .thumbnail
    for rank in [9, 11, 12, 53] { roles[rank] = .appText }  // instructions, tags, YouTube, source
    for slot in 0..<20 {
      roles[firstIngredientRank + slot] = .ingredient
      roles[firstIngredientRank + 20 + slot] = .appText  // the measures
    }
    return roles
  }()

  /// The key of `rank`, in quotes, as `JSONWriter` writes it.
  static func quotedKey(_ rank: Int) -> UnsafeBufferPointer<UInt8> {
    keyText[rank]
  }

  /// The rank of the known key spelled `name` (UTF-8, without quotes), if it is one.
  static func rank(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let start = name.baseAddress else { return nil }
    for rank in 0..<rankCount where keyText.length(rank) == name.count + 2 {
      if memcmp(keyText[rank].baseAddress! + 1, start, name.count) == 0 { return rank }
    }
    return nil
  }

  /// Which known key came after which in the records read so far, so that the next record's keys
  /// can be matched byte for byte instead of being looked up: every record of a file usually
  /// lists its keys in the same order.
  struct KeyOrder {
    /// By the rank of a key (or `start`, before the first), the rank of the key that followed it
    /// last time, or -1.
    private var next = [Int](repeating: -1, count: Catalog.Record.rankCount + 1)
    static var start: Int { Catalog.Record.rankCount }

    init() {}

    /// The key that followed `rank` last time, if any.
    func guess(after rank: Int) -> Int? {
      let guess = next[rank]
      return guess >= 0 ? guess : nil
    }

    mutating func learn(_ rank: Int, after previous: Int) {
      next[previous] = rank
    }
  }

  /// One member of a record while it is read: where its key and value are in the scratch buffer.
  private struct Member {
    /// The known key's rank, or `Int.max` for an unknown key.
    let rank: Int
    /// An unknown key's place in `Reader.unknownKeys`, or -1.
    let unknown: Int
    /// The member's place in the record.
    let order: Int
    /// The key, in quotes as it is written.
    let key: Range<Int>
    let value: Range<Int>
  }

  /// Reads the records of a file one after the other, reusing its buffers from record to record.
  struct Reader: ~Copyable {
    /// The record being read, key and value, as its answer writes them.
    private var scratch = ByteBuffer(capacity: 8192)
    private var members: [Member] = []
    /// The names of the record's unknown keys.
    private var unknownKeys: [String] = []
    /// The texts of the record's ingredient slots.
    private var slots = [String?](repeating: nil, count: 20)
    /// The file's order of keys, learnt as it is read.
    private var order = KeyOrder()

    init() {
      members.reserveCapacity(64)
    }

    /// Reads the record object that starts at the scanner, the `index`th in the file.
    ///
    /// The members are written to the scratch buffer as the record's answer writes them, key
    /// and value, as they are read; a record whose keys come in the API's order (files written
    /// by the API or by this catalog) is then done, and only others are put in order afterwards.
    mutating func read(from scanner: inout JSONScanner, index: Int) throws -> Catalog.Record {
      typealias Reason = CatalogError.Reason
      typealias Record = Catalog.Record
      guard scanner.peek() == UInt8(ascii: "{") else {
        _ = try scanner.value()
        throw Reason.invalidRecord(index: index, .wrongShape("is not an object"))
      }
      try scanner.expect(UInt8(ascii: "{"))
      scratch.removeAll()
      members.removeAll(keepingCapacity: true)
      unknownKeys.removeAll(keepingCapacity: true)
      for slot in slots.indices where slots[slot] != nil { slots[slot] = nil }
      scratch.append(UInt8(ascii: "{"))
      let roles = Record.roles
      let keys = Record.keyText
      var previous = KeyOrder.start
      var inOrder = true
      var lastRank = -1
      var id: String?
      var name: String?
      var category: String?
      var area: String?
      var thumbnail: String?
      var idRange: Range<Int>?
      var nameRange: Range<Int>?
      var thumbnailRange: Range<Int>?
      if !scanner.take(UInt8(ascii: "}")) {
        repeat {
          var rank: Int?
          var unknownKey: String?
          if let guess = order.guess(after: previous),
            try scanner.take(key: keys[guess])
          {
            rank = guess
          } else {
            if let plain = try scanner.plainKey() {
              rank = Record.rank(of: plain)
              if rank == nil { unknownKey = String(decoding: plain, as: UTF8.self) }
            } else {
              var key = try scanner.key()
              rank = key.withUTF8 { Record.rank(of: $0) }
              if rank == nil { unknownKey = key }
            }
            if let rank { order.learn(rank, after: previous) }
          }
          if let rank {
            previous = rank
            if rank <= lastRank { inOrder = false }
            lastRank = rank
          } else {
            inOrder = false
          }
          if !members.isEmpty { scratch.append(UInt8(ascii: ",")) }
          let keyStart = scratch.count
          if let unknownKey {
            var written: [UInt8] = []
            JSONWriter.writeString(unknownKey, to: &written)
            written.withUnsafeBufferPointer { scratch.append(contentsOf: $0) }
            unknownKeys.append(unknownKey)
          } else {
            scratch.append(contentsOf: keys[rank!])
          }
          let key = keyStart..<scratch.count
          scratch.append(UInt8(ascii: ":"))
          let role = rank.map { roles[$0] } ?? .other
          let start = scratch.count
          var text: String?
          if scanner.peek() == UInt8(ascii: "\"") {
            text = try scanner.copyString(
              to: &scratch, capture: role != .appText && role != .other)
          } else if try scanner.takeNull() {
            scratch.append(contentsOf: Record.bytes("null"))
          } else {
            let value = try scanner.value()
            switch role {
            case .appText, .category, .area, .thumbnail, .ingredient:
              let name = rank.map {
                String(decoding: Record.quotedKey($0).dropFirst().dropLast(), as: UTF8.self)
              }
              throw Reason.invalidRecord(
                index: index, .wrongShape("expected String at \(name ?? unknownKey ?? "")"))
            case .id, .name, .other:
              var written: [UInt8] = []
              JSONWriter.write(value, to: &written)
              written.withUnsafeBufferPointer { scratch.append(contentsOf: $0) }
            }
          }
          let range = start..<scratch.count
          members.append(
            Member(
              rank: rank ?? Int.max, unknown: unknownKey == nil ? -1 : unknownKeys.count - 1,
              order: members.count, key: key, value: range))
          switch role {
          case .id: (id, idRange) = (text, range)
          case .name: (name, nameRange) = (text, range)
          case .category: category = text
          case .area: area = text
          case .thumbnail: (thumbnail, thumbnailRange) = (text, range)
          case .ingredient: slots[rank! - Record.firstIngredientRank] = text
          case .appText, .other: break
          }
        } while try scanner.another(closing: UInt8(ascii: "}"))
      }
      scratch.append(UInt8(ascii: "}"))
      guard let id, !id.isEmpty, let idRange else {
        throw Reason.invalidRecord(index: index, .missingField("idMeal"))
      }
      guard let name, let nameRange else {
        throw Reason.invalidRecord(index: index, .missingField("strMeal"))
      }
      guard id.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
        throw Reason.invalidRecord(index: index, .nonNumericID(id))
      }

      var summary: [UInt8] = []
      summary.reserveCapacity(idRange.count + nameRange.count + (thumbnailRange?.count ?? 4) + 44)
      summary.append(contentsOf: Record.bytes(#"{"idMeal":"#))
      summary.append(contentsOf: scratch[idRange])
      summary.append(contentsOf: Record.bytes(#","strMeal":"#))
      summary.append(contentsOf: scratch[nameRange])
      summary.append(contentsOf: Record.bytes(#","strMealThumb":"#))
      if let thumbnailRange {
        summary.append(contentsOf: scratch[thumbnailRange])
      } else {
        summary.append(contentsOf: Record.bytes("null"))
      }
      summary.append(UInt8(ascii: "}"))

      // Sized to the slots that are not empty, so that the list takes no spare capacity (most
      // records leave half their slots empty; blank ones, which trimming empties, are rare).
      var ingredients: [String] = []
      ingredients.reserveCapacity(slots.count(where: { $0?.isEmpty == false }))
      for case let text? in slots {
        let trimmed = Record.trimmedIngredient(text)
        if !trimmed.isEmpty { ingredients.append(trimmed) }
      }

      return Catalog.Record(
        id: id, rawName: name, category: category, area: area, thumbnail: thumbnail,
        ingredients: ingredients, json: inOrder ? copyOfScratch() : sortedRecord(),
        summaryJSON: summary)
    }

    /// The scratch buffer as it stands: a record already in the API's order. Copied into an
    /// array of exactly its size, so that 100,000 records do not each carry spare capacity.
    private func copyOfScratch() -> [UInt8] {
      var json: [UInt8] = []
      json.reserveCapacity(scratch.count)
      json.append(contentsOf: scratch.all)
      return json
    }

    /// The record in the scratch buffer with its members in the API's order (unknown keys after
    /// the known ones, by name), a key given twice keeping its last value as a dictionary would.
    private mutating func sortedRecord() -> [UInt8] {
      let names = unknownKeys
      members.sort { left, right in
        if left.rank != right.rank { return left.rank < right.rank }
        let leftName = left.unknown >= 0 ? names[left.unknown] : ""
        let rightName = right.unknown >= 0 ? names[right.unknown] : ""
        if leftName != rightName { return leftName < rightName }
        return left.order < right.order
      }
      /// Whether the member at `position` has the same key as the one after it.
      func repeated(_ position: Int) -> Bool {
        guard position + 1 < members.count else { return false }
        let (member, next) = (members[position], members[position + 1])
        return next.rank == member.rank
          && (member.unknown < 0 || names[next.unknown] == names[member.unknown])
      }
      let kept = members.indices.filter { !repeated($0) }
      var size = kept.count + 1
      for position in kept {
        size += members[position].key.count + members[position].value.count + 1
      }
      var json: [UInt8] = []
      json.reserveCapacity(size)
      json.append(UInt8(ascii: "{"))
      for (place, position) in kept.enumerated() {
        if place > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: scratch[members[position].key])
        json.append(UInt8(ascii: ":"))
        json.append(contentsOf: scratch[members[position].value])
      }
      json.append(UInt8(ascii: "}"))
      return json
    }
  }

  /// The bytes of a text known when the program is built.
  static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}

/// Entries of static text, between single spaces or line breaks, by their place in it.
struct StaticEntries: Sendable {
  private let text: StaticString
  /// Where each entry starts, and where one more would start after the last.
  private let starts: [Int]

  init(_ text: StaticString) {
    self.text = text
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    var starts = [0]
    for index in bytes.indices where bytes[index] == 0x20 || bytes[index] == 0x0A {
      starts.append(index + 1)
    }
    starts.append(bytes.count + 1)
    self.starts = starts
  }

  var count: Int { starts.count - 1 }

  /// The length of entry `index`, in bytes.
  @inline(__always)
  func length(_ index: Int) -> Int { starts[index + 1] - 1 - starts[index] }

  /// The bytes of entry `index`.
  @inline(__always)
  subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start + starts[index], count: length(index))
  }
}
