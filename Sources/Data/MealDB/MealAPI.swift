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
  /// - Throws: `LoadFailure.badStatus` for any other status, the `DecodingError` for a body that
  ///   is not the expected JSON, and the transport's `URLError` for network failures.
  public func fetch<Response: Decodable>(
    _ path: String, query: [URLQueryItem] = [], as type: Response.Type = Response.self
  ) async throws -> Response {
    try JSONDecoder().decode(Response.self, from: await body(path, query: query))
  }

  /// The meals of a `filter.php`, `search.php` or `random.php` answer's body, read as the app
  /// reads them; `nil` for a body that is no such answer.
  public static func meals(fromAnswer body: Data) -> [Meal]? {
    (try? read(MealsResponse<Meal>.self, from: body))?.items
  }

  /// An answer the app reads: by `AnswerReader`, and by `JSONDecoder` when the reader leaves
  /// it, which decodes it to the same value or throws.
  static func read<Answer: AnswerRecord>(_ type: Answer.Type, from body: Data) throws -> Answer {
    try AnswerReader.read(body) ?? JSONDecoder().decode(Answer.self, from: body)
  }

  /// `fetch` for the answers the app reads (see `read(_:from:)`).
  func answer<Answer: AnswerRecord>(
    _ path: String, query: [URLQueryItem] = [], as type: Answer.Type = Answer.self
  ) async throws -> Answer {
    try Self.read(Answer.self, from: await body(path, query: query))
  }

  /// The body of a 2xx answer to the request.
  private func body(_ path: String, query: [URLQueryItem]) async throws -> Data {
    let response = try await transport.send(APIRequest(path: path, query: query))
    guard (200..<300).contains(response.status) else {
      throw LoadFailure.badStatus(response.status)
    }
    return response.body
  }

  /// All categories (`categories.php`).
  public func categories() async throws -> [Category] {
    try await answer("categories.php", as: CategoryResponse.self).categories
  }

  /// The meals of one category, sorted by name (`filter.php?c=`). Empty for an unknown category.
  public func meals(in category: String) async throws -> [Meal] {
    try await answer(
      "filter.php", query: [URLQueryItem(name: "c", value: category)],
      as: MealsResponse<Meal>.self
    ).items
  }

  /// Meals whose name contains the text, case-insensitively (`search.php?s=`).
  public func search(_ text: String) async throws -> [Meal] {
    try await answer(
      "search.php", query: [URLQueryItem(name: "s", value: text)], as: MealsResponse<Meal>.self
    ).items
  }

  /// One full recipe (`lookup.php?i=`), or `nil` when there is none with that id.
  public func detail(id: String) async throws -> MealDetail? {
    try await answer(
      "lookup.php", query: [URLQueryItem(name: "i", value: id)],
      as: MealsResponse<MealDetail>.self
    ).items.first
  }

  /// A random recipe (`random.php`), or `nil` if the server sends none.
  public func random() async throws -> Meal? {
    try await answer("random.php", as: MealsResponse<Meal>.self).items.first
  }
}
