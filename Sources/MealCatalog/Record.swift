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
      name = Self.hasNoSpaceAtTheEnds(rawName) ? rawName : rawName.trimmed
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
      hasNoSpaceAtTheEnds(name) ? name : name.trimmedOfBlanks
    }

    /// Whether the text starts and ends with visible ASCII, so trimming would change nothing.
    static func hasNoSpaceAtTheEnds(_ text: String) -> Bool {
      guard let first = text.utf8.first, let last = text.utf8.last else { return true }
      return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
    }

    /// Case-folded (`ß` as `ss`) and decomposed UTF-8, so that bytes compare as `caseInsensitiveCompare` orders
    /// names (`Éclair` next to `eclair`, not after `Z`). Plain ASCII, the common case, is lowered
    /// byte by byte without Foundation.
    static func sortKey(_ text: String) -> [UInt8] {
      var key: [UInt8] = []
      key.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        guard byte < 0x80 else {
          return Array(
            text.folding(options: .caseInsensitive, locale: nil)
              .decomposedStringWithCanonicalMapping.utf8)
        }
        key.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
      }
      return key
    }
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

  /// A known key's rank in `JSONWriter.keyOrder`, by name.
  static let ranks = JSONWriter.keyOrder

  /// By rank: the role and the ingredient slot (from 0).
  static let keyInfo: [(role: Role, slot: Int)] = {
    var info = [(role: Role, slot: Int)](repeating: (.other, 0), count: rankCount)
    for (name, rank) in ranks {
      let role: Role
      var slot = 0
      switch name {
      case "idMeal": role = .id
      case "strMeal": role = .name
      case "strCategory": role = .category
      case "strArea": role = .area
      case "strMealThumb": role = .thumbnail
      case "strInstructions", "strTags", "strYoutube", "strSource": role = .appText
      case _ where name.hasPrefix("strIngredient"):
        role = .ingredient
        slot = Int(name.dropFirst("strIngredient".count))! - 1
      case _ where name.hasPrefix("strMeasure"): role = .appText
      default: role = .other
      }
      info[rank] = (role, slot)
    }
    return info
  }()

  /// One more than the highest rank.
  static let rankCount = (ranks.values.max() ?? 0) + 1

  /// Every known key in quotes (`"idMeal"`), by rank one after the other; `keySpans` says where.
  /// One flat array, so that matching and writing keys touches no array per key.
  static let (keyText, keySpans): ([UInt8], [Range<Int>]) = {
    var text: [UInt8] = []
    var spans = [Range<Int>](repeating: 0..<0, count: rankCount)
    for (name, rank) in ranks.sorted(by: { $0.value < $1.value }) {
      let start = text.count
      JSONWriter.writeString(name, to: &text)
      spans[rank] = start..<text.count
    }
    return (text, spans)
  }()

  /// Which known key came after which in the records read so far, so that the next record's keys
  /// can be matched byte for byte instead of being made into `String`s and looked up: every
  /// record of a file usually lists its keys in the same order.
  struct KeyOrder {
    /// By the rank of a key (or `start`, before the first), the rank of the key that followed it
    /// last time, or -1.
    private var next = [Int](repeating: -1, count: Catalog.Record.rankCount + 1)
    static let start = Catalog.Record.rankCount

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

  /// One member of a record while it is read: a known key by its rank, an unknown one by name.
  private struct Member {
    let rank: Int
    let name: String?
    let order: Int
    /// Where the value is in the scratch buffer.
    let range: Range<Int>
  }

  /// Reads the record object that starts at the scanner, the `index`th in the file.
  ///
  /// The members are written to `scratch` as the record's answer writes them, key and value, as
  /// they are read; a record whose keys come in the API's order (files written by the API or by
  /// this catalog) is then done, and only others are put in order afterwards. `scratch` is reused
  /// from record to record, and `order` learns the file's order of keys.
  static func read(
    from scanner: inout JSONScanner, index: Int, scratch: inout [UInt8], order: inout KeyOrder
  ) throws -> Catalog.Record {
    typealias Reason = CatalogError.Reason
    guard scanner.peek() == UInt8(ascii: "{") else {
      _ = try scanner.value()
      throw Reason.invalidRecord(index: index, .wrongShape("is not an object"))
    }
    try scanner.expect(UInt8(ascii: "{"))
    scratch.removeAll(keepingCapacity: true)
    scratch.append(UInt8(ascii: "{"))
    let info = keyInfo
    let keyText = keyText
    let keySpans = keySpans
    var previous = KeyOrder.start
    var inOrder = true
    var lastRank = -1
    var members: [Member] = []
    members.reserveCapacity(56)
    var id: String?
    var name: String?
    var category: String?
    var area: String?
    var thumbnail: String?
    var idRange: Range<Int>?
    var nameRange: Range<Int>?
    var thumbnailRange: Range<Int>?
    var ingredients: [String?] = Array(repeating: nil, count: 20)
    if !scanner.take(UInt8(ascii: "}")) {
      repeat {
        let rank: Int?
        var key = ""
        if let guess = order.guess(after: previous),
          try scanner.take(key: keyText, span: keySpans[guess])
        {
          rank = guess
        } else {
          key = try scanner.key()
          rank = ranks[key]
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
        if let rank {
          keyText.withUnsafeBufferPointer {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: $0[keySpans[rank]]))
          }
        } else {
          JSONWriter.writeString(key, to: &scratch)
        }
        scratch.append(UInt8(ascii: ":"))
        let role = rank.map { info[$0].role } ?? .other
        let start = scratch.count
        var text: String?
        if scanner.peek() == UInt8(ascii: "\"") {
          text = try scanner.copyString(
            to: &scratch, capture: role != .appText && role != .other)
        } else if try scanner.takeNull() {
          scratch += "null".utf8
        } else {
          let value = try scanner.value()
          switch role {
          case .appText, .category, .area, .thumbnail, .ingredient:
            let name = rank.map {
              String(decoding: keyText[keySpans[$0]].dropFirst().dropLast(), as: UTF8.self)
            }
            throw Reason.invalidRecord(
              index: index, .wrongShape("expected String at \(name ?? key)"))
          case .id, .name, .other: JSONWriter.write(value, to: &scratch)
          }
        }
        let range = start..<scratch.count
        members.append(
          Member(
            rank: rank ?? Int.max, name: rank == nil ? key : nil, order: members.count,
            range: range))
        switch role {
        case .id: (id, idRange) = (text, range)
        case .name: (name, nameRange) = (text, range)
        case .category: category = text
        case .area: area = text
        case .thumbnail: (thumbnail, thumbnailRange) = (text, range)
        case .ingredient: ingredients[info[rank!].slot] = text
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

    // Exactly the bytes the record takes, so that 100,000 records do not each carry spare
    // capacity. Files written by the API (or by this catalog) are in its order already: their
    // record is the scratch buffer as it stands. Only others are sorted and written again.
    var json: [UInt8] = []
    if inOrder {
      json.reserveCapacity(scratch.count)
      json.append(contentsOf: scratch)
    } else {
      members.sort {
        ($0.rank, $0.name ?? "", $0.order) < ($1.rank, $1.name ?? "", $1.order)
      }
      // A key given twice keeps its last value, as a dictionary would.
      members = members.indices.compactMap { position in
        position + 1 < members.count && members[position + 1].rank == members[position].rank
          && members[position + 1].name == members[position].name ? nil : members[position]
      }
      var size = members.count + 1
      for member in members {
        size += member.range.count + 1
        size += member.name.map { $0.utf8.count + 4 } ?? keySpans[member.rank].count
      }
      json.reserveCapacity(size)
      json.append(UInt8(ascii: "{"))
      for (position, member) in members.enumerated() {
        if position > 0 { json.append(UInt8(ascii: ",")) }
        if let unknown = member.name {
          JSONWriter.writeString(unknown, to: &json)
        } else {
          json += keyText[keySpans[member.rank]]
        }
        json.append(UInt8(ascii: ":"))
        json += scratch[member.range]
      }
      json.append(UInt8(ascii: "}"))
    }

    var summary: [UInt8] = []
    summary.reserveCapacity(idRange.count + nameRange.count + (thumbnailRange?.count ?? 4) + 44)
    summary += #"{"idMeal":"#.utf8
    summary += scratch[idRange]
    summary += #","strMeal":"#.utf8
    summary += scratch[nameRange]
    summary += #","strMealThumb":"#.utf8
    if let thumbnailRange { summary += scratch[thumbnailRange] } else { summary += "null".utf8 }
    summary.append(UInt8(ascii: "}"))

    return Catalog.Record(
      id: id, rawName: name, category: category, area: area, thumbnail: thumbnail,
      ingredients: ingredients.compactMap { $0.map(trimmedIngredient) }.filter { !$0.isEmpty },
      json: json, summaryJSON: summary)
  }
}
