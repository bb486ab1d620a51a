import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: real HTTP through `URLSession`.
public struct URLSessionTransport: Transport {
  /// TheMealDB's public API with the free test key `1`.
  public static let theMealDB = URL(string: "https://www.themealdb.com/api/json/v1/1/")!

  public let baseURL: URL
  public let timeout: TimeInterval
  private let session: URLSession

  /// - Parameters:
  ///   - baseURL: the folder that holds `categories.php` and the other endpoints.
  ///   - timeout: seconds to wait for an answer before failing with `URLError.timedOut`; 15 s is
  ///     long enough for a slow mobile network and short enough that nobody gives up first.
  public init(baseURL: URL = theMealDB, timeout: TimeInterval = 15) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 2
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
  }

  /// The full URL for a request, with its query values percent-encoded.
  public func url(for request: APIRequest) -> URL {
    var base = baseURL.absoluteString
    if !base.hasSuffix("/") { base += "/" }
    // The encoded query only holds characters that are valid in a URL, so this cannot fail.
    return URL(string: base + request.encodedPathAndQuery)!
  }

  public func send(_ request: APIRequest) async throws -> APIResponse {
    var urlRequest = URLRequest(url: url(for: request), timeoutInterval: timeout)
    urlRequest.httpMethod = "GET"
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await session.data(for: urlRequest)
    guard let http = response as? HTTPURLResponse else {
      throw URLError(.badServerResponse)
    }
    return APIResponse(status: http.statusCode, body: data)
  }
}
