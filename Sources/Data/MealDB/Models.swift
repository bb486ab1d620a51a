import Foundation

/// A recipe category as `categories.php` lists it.
public struct Category: Decodable, Identifiable, Hashable, Sendable, AnswerRecord {
  public let id: String
  public let name: String
  public let thumbnail: String?
  public let description: String?

  public init(id: String, name: String, thumbnail: String? = nil, description: String? = nil) {
    self.id = id
    self.name = name
    self.thumbnail = thumbnail
    self.description = description
  }

  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure) {
    self.init(
      answerID: try fields.string("idCategory"),
      name: try fields.string("strCategory"),
      thumbnail: try fields.optionalString("strCategoryThumb"),
      description: try fields.optionalString("strCategoryDescription"))
  }

  /// A category from an answer's fields as they stand, tidied as decoding tidies them: the name
  /// folded, a blank thumbnail or description left out. For readers that do not go through
  /// `Decodable`, such as the catalog's.
  public init(answerID id: String, name: String, thumbnail: String?, description: String?) {
    self.id = id
    self.name = name.folded
    self.thumbnail = thumbnail.nonBlank
    self.description = description.nonBlank
  }
}

/// One row of a recipe list: what `filter.php`, `search.php`, `lookup.php` and `random.php` all carry.
public struct Meal: Decodable, Identifiable, Hashable, Sendable, AnswerRecord {
  public let id: String
  public let name: String
  public let thumbnail: String?

  public init(id: String, name: String, thumbnail: String? = nil) {
    self.id = id
    self.name = name
    self.thumbnail = thumbnail
  }

  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure) {
    id = try fields.string("idMeal")
    name = try fields.string("strMeal").trimmed(.whitespacesAndNewlines)
    thumbnail = try fields.optionalString("strMealThumb").nonBlank
  }
}

/// One line of a recipe's ingredient list.
public struct Ingredient: Identifiable, Hashable, Sendable {
  /// Unique within its meal even when the same ingredient appears twice: the 1-based slot number.
  public let id: Int
  public let name: String
  /// `nil` when the record gives no measure (a `null`, `""` or `" "` slot).
  public let measure: String?

  public init(id: Int, name: String, measure: String?) {
    self.id = id
    self.name = name
    self.measure = measure
  }
}

/// A full recipe as `lookup.php`, `search.php` and `random.php` return it.
public struct MealDetail: Decodable, Identifiable, Hashable, Sendable, AnswerRecord {
  public let id: String
  public let name: String
  public let thumbnail: String?
  public let category: String?
  public let area: String?
  public let instructions: String?
  public let tags: [String]
  public let youtubeURL: URL?
  public let sourceURL: URL?
  public let ingredients: [Ingredient]

  public init(
    id: String, name: String, thumbnail: String? = nil, category: String? = nil,
    area: String? = nil, instructions: String? = nil, tags: [String] = [],
    youtubeURL: URL? = nil, sourceURL: URL? = nil, ingredients: [Ingredient] = []
  ) {
    self.id = id
    self.name = name
    self.thumbnail = thumbnail
    self.category = category
    self.area = area
    self.instructions = instructions
    self.tags = tags
    self.youtubeURL = youtubeURL
    self.sourceURL = sourceURL
    self.ingredients = ingredients
  }

  /// The list row for this recipe.
  public var meal: Meal { Meal(id: id, name: name, thumbnail: thumbnail) }

  /// The instructions split into paragraphs at line breaks, blank lines left out.
  ///
  /// Split on any line break, not only "\n": instructions given to `init` may still hold "\r\n".
  /// A line break is always a Character of its own ("\r\n" one of two), so splitting at the
  /// bytes of line breaks splits as `split(whereSeparator: \.isNewline)` would, without
  /// breaking the whole text into Characters every time the detail screen is drawn.
  public var paragraphs: [String] {
    guard var text = instructions else { return [] }
    return text.withUTF8 { bytes in
      var paragraphs: [String] = []
      var start = 0
      func end(at index: Int) {
        guard index > start else { return }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let paragraph = String(decoding: text, as: UTF8.self).folded
        if !paragraph.isEmpty { paragraphs.append(paragraph) }
      }
      var index = 0
      while index < bytes.count {
        let length = Self.lineBreakLength(bytes, at: index)
        guard length > 0 else {
          index += 1
          continue
        }
        end(at: index)
        index += length
        start = index
      }
      end(at: bytes.count)
      return paragraphs
    }
  }

  /// The length of the UTF-8 of the line break at `index` (U+000A to U+000D, U+0085, U+2028,
  /// U+2029), or 0.
  private static func lineBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    switch bytes[index] {
    case 0x0A...0x0D: return 1
    case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return 2
    case 0xE2
    where index + 2 < bytes.count && bytes[index + 1] == 0x80
      && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
      return 3
    default: return 0
    }
  }

  /// Line breaks as `\n` (records mix in `\r\n` and `\r`), blanks (`CharacterSet.whitespaces`)
  /// off both ends of each line, white space and line breaks (`.whitespacesAndNewlines`) off both
  /// ends of the text, `nil` when empty.
  ///
  /// Finds the line breaks in the UTF-8 bytes and trims only the ends of each line, instead of
  /// calling Foundation's `replacingOccurrences` and `trimmingCharacters`, which bridge every
  /// line through `NSString`.
  static func normalizedInstructions(_ text: String) -> String? {
    let utf8 = text.utf8
    var result = ""
    result.reserveCapacity(utf8.count)
    var isFirstLine = true
    var lineStart = 0
    func endLine(at end: Int) {
      if !isFirstLine { result.append("\n") }
      isFirstLine = false
      let lower = utf8.index(utf8.startIndex, offsetBy: lineStart)
      let upper = utf8.index(utf8.startIndex, offsetBy: end)
      result += text[lower..<upper].trimmed(.whitespaces)
    }
    var offset = 0
    var previous: UInt8 = 0
    for byte in utf8 {
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        // `\r\n` is one break: the `\r` has ended the line already.
        if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { endLine(at: offset) }
        lineStart = offset + 1
      }
      previous = byte
      offset += 1
    }
    endLine(at: offset)
    let trimmed = result.trimmed(.whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The keys of each ingredient slot's ingredient and measure (TheMealDB numbers the slots 1 to
  /// 20), spelled once rather than for every record.
  static let slotKeys = (1...20).map {
    (ingredient: AnswerKey("strIngredient\($0)"), measure: AnswerKey("strMeasure\($0)"))
  }

  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure) {
    // The row's fields, read and tidied as a list answer's row is.
    let row = try Meal(fields: fields)
    id = row.id
    name = row.name
    thumbnail = row.thumbnail
    category = try fields.optionalString("strCategory").nonBlank
    area = try fields.optionalString("strArea").nonBlank
    instructions = try fields.optionalString("strInstructions").flatMap(Self.normalizedInstructions)
    tags = (try fields.optionalString("strTags") ?? "")
      .split(separator: ",")
      .map { String($0).folded }
      .filter { !$0.isEmpty }
    youtubeURL = try fields.optionalString("strYoutube").nonBlank.flatMap(URL.init(string:))
    sourceURL = try fields.optionalString("strSource").nonBlank.flatMap(URL.init(string:))
    var ingredients: [Ingredient] = []
    for (slot, keys) in zip(1..., Self.slotKeys) {
      guard let name = try fields.optionalString(keys.ingredient).nonBlank else { continue }
      let measure = try fields.optionalString(keys.measure).nonBlank
      ingredients.append(Ingredient(id: slot, name: name, measure: measure))
    }
    self.ingredients = ingredients
  }
}

extension String {
  /// Trimmed, with every inner run of white space folded into one space.
  var folded: String {
    // Most texts are folded already and stay as they are: checking that on their scalars costs
    // far less than splitting and joining Characters.
    isFolded ? self : split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// Whether folding leaves the text as it is: no white space (as `Character.isWhitespace`
  /// reads a first scalar) but single spaces between words, each before printable ASCII, which
  /// makes every space a Character of its own.
  private var isFolded: Bool {
    // On the UTF-8 bytes, decoding only where a scalar beyond ASCII starts.
    var text = self
    return text.withUTF8 { bytes in
      var previous = UInt8(ascii: " ")
      for index in bytes.indices {
        let byte = bytes[index]
        if byte > 0x20 && byte < 0x7F {
          // Printable ASCII but a space, the most of every text.
        } else if previous == UInt8(ascii: " ") {
          return false
        } else if byte < 0x80 {
          guard !(0x09...0x0D).contains(byte) else { return false }
        } else if byte >= 0xC0 {
          var scalars = bytes[index...].makeIterator()
          var utf8 = UTF8()
          if case .scalarValue(let scalar) = utf8.decode(&scalars), scalar.properties.isWhitespace {
            return false
          }
        }
        previous = byte
      }
      return previous != UInt8(ascii: " ")
    }
  }
}

extension Optional where Wrapped == String {
  /// The folded text, or `nil` when there is none or it is only white space.
  var nonBlank: String? {
    guard let folded = self?.folded, !folded.isEmpty else { return nil }
    return folded
  }
}
