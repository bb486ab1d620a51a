import Foundation
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Decodes `json` as `T` with a plain `JSONDecoder`, and checks that `AnswerReader`, which
/// `MealAPI` tries first, reads it to the same value or leaves it to `JSONDecoder`.
func decode<T: Decodable>(_ type: T.Type = T.self, _ json: String) throws -> T {
  let body = Data(json.utf8)
  if let disagreement = AnswerReaderCheck.disagreement(body) {
    Issue.record("AnswerReader disagrees with JSONDecoder: \(disagreement)\nbody: \(json)")
  }
  return try JSONDecoder().decode(T.self, from: body)
}

/// A `{"meals": [record]}` answer holding one record built from `fields`; `nil` values become
/// JSON `null`.
func mealsAnswer(_ fields: [String: String?]) throws -> String {
  let data = try JSONEncoder().encode(["meals": [fields]])
  return String(decoding: data, as: UTF8.self)
}

/// Decodes the single `MealDetail` of a `{"meals": [record]}` answer built from `fields`.
func detail(_ fields: [String: String?]) throws -> MealDetail {
  let response = try decode(MealsResponse<MealDetail>.self, mealsAnswer(fields))
  guard response.items.count == 1 else { throw FixtureError.expectedOneItem(response.items.count) }
  return response.items[0]
}

/// A fixture that did not have the shape the test expected.
enum FixtureError: Error {
  case expectedOneItem(Int)
}

/// The smallest record the API can send: only the two required fields.
let minimalRecord: [String: String?] = ["idMeal": "52771", "strMeal": "Spicy Arrabiata Penne"]

/// A full `lookup.php` record shaped like the real one for 52772, with the quirks of real data.
let fullRecordJSON = #"""
  {"meals":[{"idMeal":"52772","strMeal":"Teriyaki Chicken Casserole","strMealAlternate":null,
  "strCategory":"Chicken","strArea":"Japanese",
  "strInstructions":"Preheat oven to 350\u00b0 F.\r\nCombine soy sauce.\r\n\r\nBake 30 minutes.",
  "strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/wvpsxx1468256321.jpg",
  "strTags":"Meat,Casserole","strYoutube":"https:\/\/www.youtube.com\/watch?v=4aZr5hZXP_s",
  "strIngredient1":"soy sauce","strIngredient2":"water","strIngredient3":"brown sugar",
  "strIngredient4":"","strIngredient5":null,
  "strMeasure1":"3\/4 cup","strMeasure2":"1\/2 cup","strMeasure3":"1\/4 cup",
  "strMeasure4":"","strMeasure5":null,
  "strSource":"","strImageSource":null,"strCreativeCommonsConfirmed":null,"dateModified":null,
  "strCountry":"Japan"}]}
  """#

/// A transport that answers every request with one fixed result, and remembers what it was sent.
struct StubTransport: Transport {
  let answer: @Sendable (APIRequest) throws -> APIResponse

  init(_ answer: @escaping @Sendable (APIRequest) throws -> APIResponse) {
    self.answer = answer
  }

  /// Answers every request with this status and body.
  init(status: Int = 200, body: String) {
    self.init { _ in APIResponse(status: status, body: Data(body.utf8)) }
  }

  /// Fails every request with this error.
  init(throwing error: any Error) {
    self.init { _ in throw error }
  }

  func send(_ request: APIRequest) async throws -> APIResponse {
    try answer(request)
  }
}
