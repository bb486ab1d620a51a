import Foundation

/// One GET request to TheMealDB, relative to the API's base: an endpoint and its query items.
public struct APIRequest: Hashable, Sendable, CustomStringConvertible {
  /// The endpoint's file name, such as `search.php`.
  public let path: String
  /// Query items in the order they were given; values are raw (not percent-encoded).
  public let query: [URLQueryItem]

  public init(path: String, query: [URLQueryItem] = []) {
    self.path = path
    self.query = query
  }

  /// The value of the first query item with this name.
  public func value(for name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The request as a log line shows it: `GET search.php?s=Lasagne`, values as typed (not encoded).
  public var description: String {
    guard !query.isEmpty else { return "GET " + path }
    return "GET " + path + "?"
      + query.map { $0.name + "=" + ($0.value ?? "") }.joined(separator: "&")
  }

  /// The path and percent-encoded query, as sent on the wire: `search.php?s=Mac%20%26%20Cheese`.
  public var encodedPathAndQuery: String {
    guard !query.isEmpty else { return path }
    let items = query.map { "\(Self.encode($0.name))=\(Self.encode($0.value ?? ""))" }
    return path + "?" + items.joined(separator: "&")
  }

  /// Characters that stay literal inside a query value. Everything else, `&`, `=`, `+`, `#`, `?`,
  /// `/` and `%` included, is percent-encoded, so the server reads exactly one value and never
  /// turns a `+` into a space.
  static let valueCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: valueCharacters) ?? text
  }
}

/// An HTTP answer: the status code and the body.
public struct APIResponse: Hashable, Sendable {
  public let status: Int
  public let body: Data

  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// Sends one request and returns the server's answer. Network failures are thrown as `URLError`.
///
/// The live implementation is `URLSessionTransport` in `LiveNetwork`; the offline catalog in
/// `MealCatalog` is another.
public protocol Transport: Sendable {
  func send(_ request: APIRequest) async throws -> APIResponse
}
