import Foundation

/// A recipe category as `categories.php` lists it.
public struct Category: Decodable, Identifiable, Hashable, Sendable {
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

  enum CodingKeys: String, CodingKey {
    case id = "idCategory"
    case name = "strCategory"
    case thumbnail = "strCategoryThumb"
    case description = "strCategoryDescription"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name).folded
    thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail).nonBlank
    description = try container.decodeIfPresent(String.self, forKey: .description).nonBlank
  }
}

/// One row of a recipe list: what `filter.php`, `search.php`, `lookup.php` and `random.php` all carry.
public struct Meal: Decodable, Identifiable, Hashable, Sendable {
  public let id: String
  public let name: String
  public let thumbnail: String?

  public init(id: String, name: String, thumbnail: String? = nil) {
    self.id = id
    self.name = name
    self.thumbnail = thumbnail
  }

  enum CodingKeys: String, CodingKey {
    case id = "idMeal"
    case name = "strMeal"
    case thumbnail = "strMealThumb"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name).trimmed
    thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail).nonBlank
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
public struct MealDetail: Decodable, Identifiable, Hashable, Sendable {
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
  public var paragraphs: [String] {
    // Split on any line break, not only "\n": instructions given to `init` may still hold "\r\n",
    // which is one Character and would otherwise be folded into a space, joining the paragraphs.
    (instructions ?? "").split(whereSeparator: \.isNewline).map { String($0).folded }
      .filter { !$0.isEmpty }
  }

  /// Line breaks as `\n` (records mix in `\r\n`), trailing blanks off each line, `nil` when empty.
  static func normalizedInstructions(_ text: String) -> String? {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let joined = lines.joined(separator: "\n").trimmed
    return joined.isEmpty ? nil : joined
  }

  /// TheMealDB numbers its ingredient slots 1 to 20.
  static let slots = 1...20

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    func optional(_ key: String) throws -> String? {
      try container.decodeIfPresent(String.self, forKey: Key(key))
    }
    id = try container.decode(String.self, forKey: Key("idMeal"))
    name = try container.decode(String.self, forKey: Key("strMeal")).trimmed
    thumbnail = try optional("strMealThumb").nonBlank
    category = try optional("strCategory").nonBlank
    area = try optional("strArea").nonBlank
    instructions = try optional("strInstructions").flatMap(Self.normalizedInstructions)
    tags = (try optional("strTags") ?? "")
      .split(separator: ",")
      .map { String($0).folded }
      .filter { !$0.isEmpty }
    youtubeURL = try optional("strYoutube").nonBlank.flatMap(URL.init(string:))
    sourceURL = try optional("strSource").nonBlank.flatMap(URL.init(string:))
    ingredients = try Self.slots.compactMap { slot in
      guard let name = try optional("strIngredient\(slot)").nonBlank else { return nil }
      return try Ingredient(id: slot, name: name, measure: optional("strMeasure\(slot)").nonBlank)
    }
  }
}

extension String {
  /// Trimmed of surrounding white space and line breaks.
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Trimmed, with every inner run of white space folded into one space.
  var folded: String {
    split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

extension Optional where Wrapped == String {
  /// The folded text, or `nil` when there is none or it is only white space.
  var nonBlank: String? {
    guard let folded = self?.folded, !folded.isEmpty else { return nil }
    return folded
  }
}
