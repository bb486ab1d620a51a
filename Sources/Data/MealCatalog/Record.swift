import Foundation
import JSONBytes
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
    /// The full record as `search.php`, `lookup.php` and `random.php` write it, the `filter.php`
    /// summary (id, name and thumbnail) and the sort key; set only by the reader, which places
    /// the records of a file in its arena once the file is read.
    private(set) var bytes: RecordBytes

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
      let trimmedName = Self.trimmedName(name)
      var block = ByteBuffer(capacity: json.count + summaryJSON.count + trimmedName.utf8.count)
      json.withUnsafeBufferPointer { block.append(contentsOf: $0) }
      summaryJSON.withUnsafeBufferPointer { block.append(contentsOf: $0) }
      var words = FoldedWords()
      Self.appendSortKey(of: trimmedName, to: &block, words: &words)
      var bytes = RecordBytes(
        start: 0, jsonCount: json.count, summaryCount: summaryJSON.count,
        keyCount: block.count - json.count - summaryJSON.count)
      bytes.place(in: block.data())
      self.init(
        id: id, name: trimmedName, category: fields["strCategory"]?.string,
        area: fields["strArea"]?.string, thumbnail: fields["strMealThumb"]?.string,
        ingredients: ingredients.filter { !$0.isEmpty }, bytes: bytes)
    }

    init(
      id: String, name: String, category: String?, area: String?, thumbnail: String?,
      ingredients: [String], bytes: RecordBytes
    ) {
      self.id = id
      self.name = name
      self.category = category
      self.area = area
      self.thumbnail = thumbnail
      self.ingredients = ingredients
      self.bytes = bytes
    }

    /// The record's fields, read back from its bytes (for the rare caller that needs them all).
    public var fields: [String: JSONValue] {
      bytes.with(.json) { json in
        var reader = JSONReader(json)
        return (try? JSONValue(reading: &reader))?.object ?? [:]
      }
    }

    /// The record as the API writes it.
    public var jsonData: Data { bytes.with(.json) { Data($0) } }

    /// The `filter.php` summary: id, name and thumbnail.
    var summaryJSON: [UInt8] { bytes.with(.summary) { Array($0) } }

    /// The name case-folded and decomposed, as UTF-8 (see `sortKey(_:)`).
    var sortKey: [UInt8] { bytes.with(.sortKey) { Array($0) } }

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

    /// Case-folded (`ß` as `ss`) and decomposed UTF-8, so that bytes compare as
    /// `caseInsensitiveCompare` orders names (`Éclair` next to `eclair`, not after `Z`).
    static func sortKey(_ text: String) -> [UInt8] {
      var key = ByteBuffer(capacity: text.utf8.count + 8)
      var words = FoldedWords()
      appendSortKey(of: text, to: &key, words: &words)
      return Array(key.all)
    }

    /// Appends the sort key of `text` (see `sortKey(_:)`): Foundation's case folding and
    /// canonical decomposition, worked out without Foundation where that is plain.
    ///
    /// ASCII is lowered byte by byte, and the Latin letters from U+00C0 to U+017F are looked up
    /// in `latinFolds`. Any other run of text beyond ASCII is folded by Foundation on its own, and
    /// `words` keeps what it made of it: names repeat their words, and one call of Foundation's
    /// folding costs about as much as reading a whole record. The runs' keys put together are
    /// the text's key where each run starts and ends a character of its own (see
    /// `FoldedWords`); any other text goes to Foundation whole (a test compares mixed texts with
    /// Foundation's key).
    static func appendSortKey(of text: String, to out: inout ByteBuffer, words: inout FoldedWords) {
      var text = text
      let start = out.count
      let done = text.withUTF8 { bytes in
        var index = 0
        while index < bytes.count {
          let byte = bytes[index]
          if byte < 0x80 {
            out.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
            index += 1
            continue
          }
          var end = index + 1
          while end < bytes.count, bytes[end] >= 0x80 { end += 1 }
          let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
          let runStart = out.count
          if !appendLatinSortKey(run, to: &out) {
            out.removeLast(from: runStart)
            guard let key = words.key(of: run) else { return false }
            key.withUnsafeBufferPointer { out.append(contentsOf: $0) }
          }
          index = end
        }
        return true
      }
      if !done {
        out.removeLast(from: start)
        for byte in FoldedWords.foundationKey(text).utf8 { out.append(byte) }
      }
    }

    /// Appends the sort key of a run of Latin letters from U+00C0 to U+017F, as UTF-8; `false`
    /// (with part of it appended) for a run that holds any other scalar.
    ///
    /// Foundation's key for such a run is its scalars' keys one after the other: case folding
    /// maps these scalars one by one, and each scalar's decomposition starts with a base letter,
    /// so canonical ordering never moves a mark across the boundary between two scalars (a test
    /// checks every scalar, and every pair of them, against Foundation).
    private static func appendLatinSortKey(
      _ run: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer
    ) -> Bool {
      var index = 0
      while index < run.count {
        // Two bytes from C3 80 (U+00C0) to C5 BF (U+017F).
        guard run[index] >= 0xC3, run[index] <= 0xC5, index + 1 < run.count else { return false }
        out.append(contentsOf: latinFolds[latinScalar(run, at: index) - 0xC0])
        index += 2
      }
      return true
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
  /// lists its keys in the same order. For the bench rows "Load a catalog of … meals"
  /// (Performance.md), as is the rest of the reader's short cuts.
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

  /// One member of a record being put in order: where its key and value are in the arena.
  private struct Member {
    /// The known key's rank, or `Int.max` for an unknown key.
    let rank: Int
    /// An unknown key's name, or "".
    let name: String
    /// The member's place in the record.
    let order: Int
    /// The key, in quotes as it is written.
    let key: Range<Int>
    let value: Range<Int>
  }

  /// What a record's members said so far, while it is read.
  private struct Fields {
    var id: String?
    var name: String?
    var category: String?
    var area: String?
    var thumbnail: String?
    var idRange: Range<Int>?
    var nameRange: Range<Int>?
    var thumbnailRange: Range<Int>?
    /// The rank of the last known key, and whether the known keys came in rank order.
    var lastRank = -1
    var inOrder = true
  }

  /// Reads the records of a file one after the other into one arena, reusing its buffers from
  /// record to record.
  ///
  /// Each record's full answer, summary and sort key go one after the other into the arena, one
  /// block of memory for the whole file that the records' `RecordBytes` share once it is read
  /// (`place(_:)`): no allocation per record for them, and one to free.
  struct Reader: ~Copyable {
    private var arena: ByteBuffer
    /// The text of a string with escapes, while it is read.
    private var text = ByteBuffer(capacity: 1024)
    /// The texts of the record's ingredient slots.
    private var slots = [String?](repeating: nil, count: 20)
    /// The file's order of keys, learnt as it is read.
    private var order = KeyOrder()
    /// The names' words beyond Latin, folded.
    private var words = FoldedWords()
    /// `Record.keyText` and `Record.roles`, at hand: a static property is looked up through a
    /// check that it is set up, on every use.
    private let keys = Catalog.Record.keyText
    private let roles = Catalog.Record.roles

    /// - Parameter capacity: a guess of the bytes the records take (the arena grows beyond it).
    init(capacity: Int) {
      arena = ByteBuffer(capacity: capacity)
    }

    /// Reads the record object that comes next, the `index`th in the file.
    ///
    /// The record goes to the arena as its answer writes it: its members in the API's order,
    /// without white space, strings as `JSONWriter` writes them. A record already written so
    /// (any file this catalog or TheMealDB wrote) is copied from the file in one go once it is
    /// read; from the first place where it is not, the rest is written member by member as it is
    /// read, and a record whose keys are out of order is put in order at the end.
    mutating func read(from reader: inout JSONReader, index: Int) throws -> Catalog.Record {
      typealias Reason = CatalogError.Reason
      typealias Record = Catalog.Record
      guard reader.peek() == UInt8(ascii: "{") else {
        _ = try JSONValue(reading: &reader)
        throw Reason.invalidRecord(index: index, .wrongShape("is not an object"))
      }
      try reader.enter(limit: JSONValue.maximumDepth)
      let input = reader.bytes
      let start = arena.count
      /// Where the record starts in the file, while all of it read so far is written as its
      /// answer writes it: nothing of it is in the arena yet, and a place `p` in the file is
      /// `start + p - copiedFrom` in the arena.
      var copiedFrom: Int? = reader.position
      reader.position += 1
      for slot in slots.indices where slots[slot] != nil { slots[slot] = nil }
      var fields = Fields()
      var previous = KeyOrder.start
      var members = 0
      /// Whether the comma before the member being read is in the arena already.
      var commaWritten = false
      if !Self.startsMemberOrEnd(input, at: reader.position) {
        copy(input, from: &copiedFrom, upTo: reader.position)
      }
      // The tables at hand as locals: read through `self`, each array would be retained and
      // released for every member.
      let (keys, roles) = (self.keys, self.roles)
      var guesses = order
      var another = !reader.take(UInt8(ascii: "}"))
      while another {
        if let from = copiedFrom,
          let rank = try readCopiedMember(
            from: &reader, after: previous, guesses: guesses, keys: keys, roles: roles,
            start: start, copiedFrom: from, fields: &fields)
        {
          previous = rank
          // The comma or brace right after it.
          another = reader.bytes[reader.position] == UInt8(ascii: ",")
          reader.position += 1
        } else {
          previous = try readMember(
            from: &reader, index: index, after: previous, start: start,
            copiedFrom: &copiedFrom, first: members == 0, commaWritten: &commaWritten,
            fields: &fields)
          guesses = order
          another = try reader.another(closing: UInt8(ascii: "}"))
        }
        members += 1
      }
      reader.leave()
      if copiedFrom != nil {
        copy(input, from: &copiedFrom, upTo: reader.position)
      } else {
        arena.append(UInt8(ascii: "}"))
      }
      guard let id = fields.id, !id.isEmpty, let idRange = fields.idRange else {
        throw Reason.invalidRecord(index: index, .missingField("idMeal"))
      }
      guard let name = fields.name, let nameRange = fields.nameRange else {
        throw Reason.invalidRecord(index: index, .missingField("strMeal"))
      }
      guard id.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
        throw Reason.invalidRecord(index: index, .nonNumericID(id))
      }

      var summary: [UInt8] = []
      let thumbnailRange = fields.thumbnailRange
      summary.reserveCapacity(idRange.count + nameRange.count + (thumbnailRange?.count ?? 4) + 44)
      summary.append(contentsOf: Record.bytes(#"{"idMeal":"#))
      summary.append(contentsOf: arena[idRange])
      summary.append(contentsOf: Record.bytes(#","strMeal":"#))
      summary.append(contentsOf: arena[nameRange])
      summary.append(contentsOf: Record.bytes(#","strMealThumb":"#))
      if let thumbnailRange {
        summary.append(contentsOf: arena[thumbnailRange])
      } else {
        summary.append(contentsOf: Record.bytes("null"))
      }
      summary.append(UInt8(ascii: "}"))
      if !fields.inOrder { putInOrder(from: start) }
      let jsonCount = arena.count - start
      summary.withUnsafeBufferPointer { arena.append(contentsOf: $0) }
      let trimmedName = Record.hasNoSpaceAtTheEnds(name) ? name : Record.trimmedName(name)
      let keyStart = arena.count
      Record.appendSortKey(of: trimmedName, to: &arena, words: &words)

      // Sized to the slots that are not empty, so that the list takes no spare capacity (most
      // records leave half their slots empty; blank ones, which trimming empties, are rare).
      var ingredients: [String] = []
      ingredients.reserveCapacity(slots.count(where: { $0?.isEmpty == false }))
      for case let text? in slots {
        let trimmed = Record.trimmedIngredient(text)
        if !trimmed.isEmpty { ingredients.append(trimmed) }
      }

      return Catalog.Record(
        id: id, name: trimmedName, category: fields.category, area: fields.area,
        thumbnail: fields.thumbnail, ingredients: ingredients,
        bytes: RecordBytes(
          start: start, jsonCount: jsonCount, summaryCount: summary.count,
          keyCount: arena.count - keyStart))
    }

    /// Reads the member that comes next if the record's answer writes it as it stands: the key
    /// that followed `previous` last time, its colon, a string as `JSONWriter` writes it or
    /// `null`, and right after it the comma or brace (which it leaves to be taken). Nearly every
    /// member of a catalog file is one, and needs nothing but reading. Returns its key's rank;
    /// takes nothing and returns `nil` for any other member.
    @inline(__always)
    private mutating func readCopiedMember(
      from reader: inout JSONReader, after previous: Int, guesses: KeyOrder,
      keys: StaticEntries, roles: [Catalog.Record.Role], start: Int, copiedFrom: Int,
      fields: inout Fields
    ) throws -> Int? {
      let input = reader.bytes
      let memberStart = reader.position
      guard let rank = guesses.guess(after: previous), let base = input.baseAddress else {
        return nil
      }
      let key = keys[rank]
      let colon = memberStart + key.count
      guard colon < input.count - 1,
        JSONReader.same(base + memberStart, key.baseAddress!, count: key.count),
        input[colon] == UInt8(ascii: ":")
      else { return nil }
      let valueStart = colon + 1
      reader.position = valueStart
      let role = roles[rank]
      var value: String?
      if role == .appText || role == .other {
        if !reader.takeCanonicalString() {
          guard Self.startsNull(input, at: valueStart) else {
            reader.position = memberStart
            return nil
          }
          reader.position += 4
        }
      } else if let string = try reader.takeCanonicalString(text: &text) {
        value = string
      } else if Self.startsNull(input, at: valueStart) {
        reader.position += 4
      } else {
        reader.position = memberStart
        return nil
      }
      guard Self.endsMember(input, at: reader.position) else {
        reader.position = memberStart
        return nil
      }
      let range = start + valueStart - copiedFrom..<start + reader.position - copiedFrom
      if rank <= fields.lastRank { fields.inOrder = false }
      fields.lastRank = rank
      take(value, range: range, role: role, rank: rank, into: &fields)
      return rank
    }

    /// Reads the member that comes next, whatever it is, writing it to the arena unless the
    /// record is still copied in one go (`copiedFrom`) and the member goes with it. Returns its
    /// key's rank, or `previous` for an unknown key.
    private mutating func readMember(
      from reader: inout JSONReader, index: Int, after previous: Int, start: Int,
      copiedFrom: inout Int?, first: Bool, commaWritten: inout Bool, fields: inout Fields
    ) throws -> Int {
      typealias Reason = CatalogError.Reason
      typealias Record = Catalog.Record
      let input = reader.bytes
      let memberStart = reader.position
      if copiedFrom != nil, !Self.startsMemberOrEnd(input, at: memberStart) {
        copy(input, from: &copiedFrom, upTo: memberStart)
        commaWritten = !first
      }
      var rank: Int?
      var unknownKey: String?
      var plain = true
      if let guess = order.guess(after: previous), try reader.take(key: keys[guess]) {
        rank = guess
      } else {
        if let key = try reader.plainKey() {
          rank = Record.rank(of: key)
          if rank == nil { unknownKey = String(decoding: key, as: UTF8.self) }
        } else {
          plain = false
          var key = try reader.key()
          rank = key.withUTF8 { Record.rank(of: $0) }
          if rank == nil { unknownKey = key }
        }
        if let rank { order.learn(rank, after: previous) }
      }
      if let rank {
        if rank <= fields.lastRank { fields.inOrder = false }
        fields.lastRank = rank
      } else {
        fields.inOrder = false
      }
      // The key goes with the copy when it is plain and its colon comes right after it.
      let colon = reader.position - 1
      if copiedFrom != nil, !plain || input[colon - 1] != UInt8(ascii: "\"") {
        copy(input, from: &copiedFrom, upTo: memberStart)
        commaWritten = !first
      }
      if copiedFrom == nil {
        if !first, !commaWritten { arena.append(UInt8(ascii: ",")) }
        if let unknownKey {
          JSONWriter.writeString(unknownKey, to: &arena)
        } else {
          arena.append(contentsOf: keys[rank!])
        }
        arena.append(UInt8(ascii: ":"))
      }
      commaWritten = false
      let role = rank.map { roles[$0] } ?? .other
      let captures = role != .appText && role != .other
      let valueStart = reader.position
      var value: String?
      var copied = false
      if copiedFrom != nil {
        if captures, let string = try reader.takeCanonicalString(text: &text) {
          value = string
          copied = true
        } else if !captures, reader.takeCanonicalString() {
          copied = true
        } else if Self.startsNull(input, at: valueStart) {
          reader.position += 4
          copied = true
        } else {
          copy(input, from: &copiedFrom, upTo: valueStart)
        }
      }
      let range: Range<Int>
      if copied, let from = copiedFrom {
        range = start + valueStart - from..<start + reader.position - from
      } else {
        let valueArenaStart = arena.count
        if reader.peek() == UInt8(ascii: "\"") {
          if captures {
            value = try reader.copyString(to: &arena, text: &text)
          } else {
            try reader.copyString(to: &arena)
          }
        } else if try reader.takeNull() {
          arena.append(contentsOf: Record.bytes("null"))
        } else {
          let tree = try JSONValue(reading: &reader)
          switch role {
          case .appText, .category, .area, .thumbnail, .ingredient:
            let name = rank.map {
              String(decoding: Record.quotedKey($0).dropFirst().dropLast(), as: UTF8.self)
            }
            throw Reason.invalidRecord(
              index: index, .wrongShape("expected String at \(name ?? unknownKey ?? "")"))
          case .id, .name, .other:
            var written: [UInt8] = []
            JSONWriter.write(tree, to: &written)
            written.withUnsafeBufferPointer { arena.append(contentsOf: $0) }
          }
        }
        range = valueArenaStart..<arena.count
      }
      if copiedFrom != nil, !Self.endsMember(input, at: reader.position) {
        copy(input, from: &copiedFrom, upTo: reader.position)
      }
      if let rank { take(value, range: range, role: role, rank: rank, into: &fields) }
      return rank ?? previous
    }

    /// Keeps what the record's fields need of a member's value.
    @inline(__always)
    private mutating func take(
      _ value: String?, range: Range<Int>, role: Catalog.Record.Role, rank: Int,
      into fields: inout Fields
    ) {
      switch role {
      case .id: (fields.id, fields.idRange) = (value, range)
      case .name: (fields.name, fields.nameRange) = (value, range)
      case .category: fields.category = value
      case .area: fields.area = value
      case .thumbnail: (fields.thumbnail, fields.thumbnailRange) = (value, range)
      case .ingredient: slots[rank - Catalog.Record.firstIngredientRank] = value
      case .appText, .other: break
      }
    }

    /// Appends the file's bytes from `from` up to `end` to the arena, and records that the
    /// record is no longer copied in one go (`from` becomes `nil`).
    private mutating func copy(
      _ input: UnsafeBufferPointer<UInt8>, from: inout Int?, upTo end: Int
    ) {
      guard let start = from else { return }
      arena.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
      from = nil
    }

    /// Whether a member's key or the object's end starts at `offset`, with no white space
    /// before it.
    private static func startsMemberOrEnd(_ input: UnsafeBufferPointer<UInt8>, at offset: Int)
      -> Bool
    {
      offset < input.count
        && (input[offset] == UInt8(ascii: "\"") || input[offset] == UInt8(ascii: "}"))
    }

    /// Whether the comma or the brace after a member comes at `offset`, with no white space
    /// before it.
    @inline(__always)
    private static func endsMember(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
      offset < input.count
        && (input[offset] == UInt8(ascii: ",") || input[offset] == UInt8(ascii: "}"))
    }

    /// Whether `null` comes at `offset`, with no white space before it.
    @inline(__always)
    private static func startsNull(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
      input.count - offset >= 4 && input[offset] == UInt8(ascii: "n")
        && input[offset + 1] == UInt8(ascii: "u") && input[offset + 2] == UInt8(ascii: "l")
        && input[offset + 3] == UInt8(ascii: "l")
    }

    /// Rewrites the record that starts at `start`, the last in the arena, with its members in
    /// the API's order (unknown keys after the known ones, by name), a key given twice keeping
    /// its last value as a dictionary would.
    ///
    /// The record in the arena is written as its answer writes it already, but for the order,
    /// so its members are read back from there: only such records pay for it.
    private mutating func putInOrder(from start: Int) {
      var members: [Member] = []
      // The bytes stay valid while they are read: nothing is appended before the members are.
      var reader = JSONReader(arena[start..<arena.count])
      reader.position = 1
      if !reader.take(UInt8(ascii: "}")) {
        // The arena holds JSON the writer wrote: reading it back cannot fail.
        repeat {
          let keyStart = reader.position
          let name = (try? reader.key()) ?? ""
          let keyEnd = reader.position - 1
          let valueStart = reader.position
          _ = try? JSONValue(reading: &reader)
          let rank = name.utf8.withContiguousStorageIfAvailable(Catalog.Record.rank(of:)) ?? nil
          members.append(
            Member(
              rank: rank ?? Int.max, name: rank == nil ? name : "", order: members.count,
              key: start + keyStart..<start + keyEnd,
              value: start + valueStart..<start + reader.position))
        } while (try? reader.another(closing: UInt8(ascii: "}"))) == true
      }
      members.sort { left, right in
        if left.rank != right.rank { return left.rank < right.rank }
        if left.name != right.name { return left.name < right.name }
        return left.order < right.order
      }
      /// Whether the member at `position` has the same key as the one after it.
      func repeated(_ position: Int) -> Bool {
        guard position + 1 < members.count else { return false }
        let (member, next) = (members[position], members[position + 1])
        return next.rank == member.rank && next.name == member.name
      }
      let kept = members.indices.filter { !repeated($0) }
      var json: [UInt8] = [UInt8(ascii: "{")]
      for (place, position) in kept.enumerated() {
        if place > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: arena[members[position].key])
        json.append(UInt8(ascii: ":"))
        json.append(contentsOf: arena[members[position].value])
      }
      json.append(UInt8(ascii: "}"))
      arena.removeLast(from: start)
      json.withUnsafeBufferPointer { arena.append(contentsOf: $0) }
    }

    /// Hands the arena over to the records this reader read, those of `records` from `first` on,
    /// in place.
    consuming func place(_ records: inout [Catalog.Record], from first: Int = 0) {
      let block = arena.data()
      records.withUnsafeMutableBufferPointer { records in
        for index in first..<records.count { records[index].bytes.place(in: block) }
      }
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
