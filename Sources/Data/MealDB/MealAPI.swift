import Foundation

/// TheMealDB's API: one generic fetch and one method per endpoint the app uses.
public struct MealAPI: Sendable {
  /// TheMealDB's public API with the free test key `1`.
  public static let theMealDB = URL(string: "https://www.themealdb.com/api/json/v1/1/")!

  public let transport: any Transport

  public init(transport: any Transport) {
    self.transport = transport
  }

  /// Sends the request and decodes a 2xx answer.
  ///
  /// - Throws: `APIError.badStatus` for any other status, the `DecodingError` for a body that is
  ///   not the expected JSON, and the transport's `URLError` for network failures.
  public func fetch<Response: Decodable>(
    _ path: String, query: [URLQueryItem] = [], as type: Response.Type = Response.self
  ) async throws -> Response {
    try await answer(path, query: query) { _ in nil }
  }

  /// The meals of a `filter.php`, `search.php` or `random.php` answer's body, read as the app
  /// reads them; `nil` for a body that is no such answer.
  public static func meals(fromAnswer body: Data) -> [Meal]? {
    let answer =
      AnswerReader.meals(body) ?? (try? JSONDecoder().decode(MealsResponse<Meal>.self, from: body))
    return answer?.items
  }

  /// `fetch` for the answers the app reads: `read` (one of `AnswerReader`'s) first, and
  /// `JSONDecoder` for a body it leaves, which decodes it to the same value or throws.
  func answer<Response: Decodable>(
    _ path: String, query: [URLQueryItem] = [], read: (Data) -> Response?
  ) async throws -> Response {
    let response = try await transport.send(APIRequest(path: path, query: query))
    guard (200..<300).contains(response.status) else {
      throw APIError.badStatus(response.status)
    }
    return try read(response.body) ?? JSONDecoder().decode(Response.self, from: response.body)
  }

  /// All categories (`categories.php`).
  public func categories() async throws -> [Category] {
    try await answer("categories.php", read: AnswerReader.categories).categories
  }

  /// The meals of one category, sorted by name (`filter.php?c=`). Empty for an unknown category.
  public func meals(in category: String) async throws -> [Meal] {
    try await answer(
      "filter.php", query: [URLQueryItem(name: "c", value: category)], read: AnswerReader.meals
    ).items
  }

  /// Meals whose name contains the text, case-insensitively (`search.php?s=`).
  public func search(_ text: String) async throws -> [Meal] {
    try await answer(
      "search.php", query: [URLQueryItem(name: "s", value: text)], read: AnswerReader.meals
    ).items
  }

  /// Full records of the meals whose name contains the text (`search.php?s=`).
  public func searchDetails(_ text: String) async throws -> [MealDetail] {
    try await answer(
      "search.php", query: [URLQueryItem(name: "s", value: text)], read: AnswerReader.details
    ).items
  }

  /// One full recipe (`lookup.php?i=`), or `nil` when there is none with that id.
  public func detail(id: String) async throws -> MealDetail? {
    try await answer(
      "lookup.php", query: [URLQueryItem(name: "i", value: id)], read: AnswerReader.details
    ).items.first
  }

  /// A random recipe (`random.php`), or `nil` if the server sends none.
  public func random() async throws -> Meal? {
    try await answer("random.php", read: AnswerReader.meals).items.first
  }
}
