import Foundation

/// The `categories.php` answer.
public struct CategoryResponse: Decodable, Sendable {
  public let categories: [Category]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnswerKey.self)
    // The real API always sends the list; `null` is read as an empty one rather than a crash.
    categories = try container.decodeIfPresent([Category].self, forKey: "categories") ?? []
  }
}

/// The `{"meals": …}` envelope of `filter.php`, `search.php`, `lookup.php` and `random.php`.
///
/// `{"meals": null}` is an empty result; `{"meals": "Invalid ID"}` (what `lookup.php` answers for a
/// non-numeric id) is "not found". Neither is an error.
public struct MealsResponse<Item: Decodable & Sendable>: Decodable, Sendable {
  public let items: [Item]
  /// The string `meals` held instead of a list, such as `"Invalid ID"`.
  public let notice: String?

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnswerKey.self)
    let meals: AnswerKey = "meals"
    let isNull = try !container.contains(meals) || container.decodeNil(forKey: meals)
    if isNull {
      items = []
      notice = nil
    } else if let text = try? container.decode(String.self, forKey: meals) {
      items = []
      notice = text
    } else {
      items = try container.decode([Item].self, forKey: meals)
      notice = nil
    }
  }
}

extension CategoryResponse {
  /// The answer as `AnswerReader` read it: `categories`, or the answer's `categories` field
  /// when it held no list.
  init(answer: AnswerObject, categories: [Category]?) throws(AnswerReader.Unsupported) {
    // Asked even when the list was read: it throws when the answer has the field twice.
    let field = try answer.value("categories")
    if let categories {
      self.categories = categories
      return
    }
    switch field {
    case nil, .null?: self.categories = []
    default: throw AnswerReader.Unsupported()
    }
  }
}

/// A record an answer lists, read by `AnswerReader` as by its `Decodable` conformance.
protocol AnswerRecord: Decodable, Sendable {
  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure)
}

extension Category: AnswerRecord {}
extension Meal: AnswerRecord {}
extension MealDetail: AnswerRecord {}

extension MealsResponse where Item: AnswerRecord {
  /// The answer as `AnswerReader` read it: `items`, or what the answer's `meals` field holds
  /// when it is no list.
  init(answer: AnswerObject, items: [Item]?) throws(AnswerReader.Unsupported) {
    // Asked even when the list was read: it throws when the answer has the field twice.
    let field = try answer.value("meals")
    if let items {
      self.items = items
      notice = nil
      return
    }
    switch field {
    case nil, .null?:
      self.items = []
      notice = nil
    case .string(let written, let isPlain)?:
      self.items = []
      notice = answer.text(written: written, isPlain: isPlain)
    default: throw AnswerReader.Unsupported()
    }
  }
}

/// The key of a field in an answer, named as TheMealDB spells it: `"idMeal"`, `"strCategory"`.
///
/// Every answer is decoded with this one key type rather than a `CodingKeys` enum per model: the
/// runtime builds `JSONDecoder`'s containers, and looks up their conformances, once for each key
/// type a process decodes with, before the first answer is read.
struct AnswerKey: CodingKey, ExpressibleByStringLiteral {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init(stringLiteral string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
