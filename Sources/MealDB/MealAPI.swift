import Foundation

/// TheMealDB's API: one generic fetch and one method per endpoint the app uses.
public struct MealAPI: Sendable {
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
    let response = try await transport.send(APIRequest(path: path, query: query))
    guard (200..<300).contains(response.status) else {
      throw APIError.badStatus(response.status)
    }
    return try JSONDecoder().decode(Response.self, from: response.body)
  }

  /// All categories (`categories.php`).
  public func categories() async throws -> [Category] {
    let response: CategoryResponse = try await fetch("categories.php")
    return response.categories
  }

  /// The meals of one category, sorted by name (`filter.php?c=`). Empty for an unknown category.
  public func meals(in category: String) async throws -> [Meal] {
    let response: MealsResponse<Meal> = try await fetch(
      "filter.php", query: [URLQueryItem(name: "c", value: category)])
    return response.items
  }

  /// Meals whose name contains the text, case-insensitively (`search.php?s=`).
  public func search(_ text: String) async throws -> [Meal] {
    let response: MealsResponse<Meal> = try await fetch(
      "search.php", query: [URLQueryItem(name: "s", value: text)])
    return response.items
  }

  /// Full records of the meals whose name contains the text (`search.php?s=`).
  public func searchDetails(_ text: String) async throws -> [MealDetail] {
    let response: MealsResponse<MealDetail> = try await fetch(
      "search.php", query: [URLQueryItem(name: "s", value: text)])
    return response.items
  }

  /// One full recipe (`lookup.php?i=`), or `nil` when there is none with that id.
  public func detail(id: String) async throws -> MealDetail? {
    let response: MealsResponse<MealDetail> = try await fetch(
      "lookup.php", query: [URLQueryItem(name: "i", value: id)])
    return response.items.first
  }

  /// A random recipe (`random.php`), or `nil` if the server sends none.
  public func random() async throws -> Meal? {
    let response: MealsResponse<Meal> = try await fetch("random.php")
    return response.items.first
  }
}
