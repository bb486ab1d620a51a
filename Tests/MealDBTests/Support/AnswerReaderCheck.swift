import Foundation
import MealDB

/// Compares `AnswerReader` with `JSONDecoder` on one body, for each answer type the app reads.
enum AnswerReaderCheck {
  /// What the reader got wrong, or `nil`: a body it reads must decode with `JSONDecoder` to the
  /// same value, or else once `JSONSerialization` has dropped the keys given twice but the last
  /// (the reader keeps the last, `JSONDecoder` the first); a body it leaves (`nil`) may be
  /// anything.
  static func disagreement(_ body: Data) -> String? {
    guard let problem = disagreement(body, decoding: body) else { return nil }
    let lastKeys = (try? JSONSerialization.jsonObject(with: body)).flatMap {
      try? JSONSerialization.data(withJSONObject: $0)
    }
    return lastKeys.map { disagreement(body, decoding: $0) } ?? problem
  }

  /// What the reader read of `body` that `JSONDecoder` does not read of `decoded` alike.
  private static func disagreement(_ body: Data, decoding decoded: Data) -> String? {
    let decoder = JSONDecoder()
    if let read = AnswerReader.categories(body) {
      guard let decoded = try? decoder.decode(CategoryResponse.self, from: decoded) else {
        return "categories: read, but JSONDecoder throws"
      }
      if read.categories != decoded.categories {
        return "categories: read \(read.categories), decoded \(decoded.categories)"
      }
    }
    if let read = AnswerReader.meals(body) {
      if let problem = compare(read, try? decoder.decode(MealsResponse<Meal>.self, from: decoded)) {
        return "meals: \(problem)"
      }
    }
    if let read = AnswerReader.details(body) {
      let decoded = try? decoder.decode(MealsResponse<MealDetail>.self, from: decoded)
      if let problem = compare(read, decoded) { return "details: \(problem)" }
    }
    return nil
  }

  private static func compare<Item: Equatable>(
    _ read: MealsResponse<Item>, _ decoded: MealsResponse<Item>?
  ) -> String? {
    guard let decoded else { return "read, but JSONDecoder throws" }
    guard read.items == decoded.items, read.notice == decoded.notice else {
      return "read \(read.items) \(read.notice ?? "-"), decoded \(decoded.items) "
        + (decoded.notice ?? "-")
    }
    return nil
  }

  /// Whether the reader reads the body as all three answer types it could be, at least as one.
  static func isRead(_ body: Data) -> Bool {
    AnswerReader.categories(body) != nil || AnswerReader.meals(body) != nil
      || AnswerReader.details(body) != nil
  }
}
