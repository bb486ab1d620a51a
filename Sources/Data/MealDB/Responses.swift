/// The `categories.php` answer.
public struct CategoryResponse: Decodable, Sendable, AnswerRecord {
  public let categories: [Category]

  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure) {
    // The real API always sends the list; `null` is read as an empty one rather than a crash.
    categories = try fields.records("categories") ?? []
  }
}

/// The `{"meals": …}` envelope of `filter.php`, `search.php`, `lookup.php` and `random.php`.
///
/// `{"meals": null}` is an empty result; `{"meals": "Invalid ID"}` (what `lookup.php` answers for a
/// non-numeric id) is "not found". Neither is an error.
public struct MealsResponse<Item: Decodable & Sendable>: Decodable, Sendable, AnswerRecord {
  public let items: [Item]
  /// The string `meals` held instead of a list, such as `"Invalid ID"`.
  public let notice: String?

  init<Fields: AnswerFields>(fields: Fields) throws(Fields.Failure) {
    if let notice = try? fields.optionalString("meals") {
      items = []
      self.notice = notice
    } else {
      items = try fields.records("meals") ?? []
      notice = nil
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
