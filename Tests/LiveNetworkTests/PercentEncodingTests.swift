import Foundation
import LiveNetwork
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Any text a user types reaches the server intact, as exactly one query value.
@Suite struct PercentEncodingTests {
  /// Typed text and how it must appear on the wire.
  static let table: [(typed: String, encoded: String)] = [
    ("Lasagne", "Lasagne"),
    ("Mac & Cheese", "Mac%20%26%20Cheese"),
    ("#1 Pie", "%231%20Pie"),
    ("what?", "what%3F"),
    ("1/2 cup", "1%2F2%20cup"),
    ("100%", "100%25"),
    ("%20", "%2520"),
    ("1+1", "1%2B1"),
    ("a=b", "a%3Db"),
    (#""Tso's""#, "%22Tso%27s%22"),
    ("  ", "%20%20"),
    ("🍰", "%F0%9F%8D%B0"),
    ("Käse Öl Übel Spätzle ß", "K%C3%A4se%20%C3%96l%20%C3%9Cbel%20Sp%C3%A4tzle%20%C3%9F"),
    ("-._~", "-._~"),
    ("", ""),
  ]

  @Test("The encoded query carries each character percent-encoded", arguments: table)
  func encodedPathAndQuery(typed: String, encoded: String) {
    let request = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: typed)])
    #expect(request.encodedPathAndQuery == "search.php?s=" + encoded)
  }

  @Test("The live transport's URL carries the encoded query", arguments: table)
  func transportURL(typed: String, encoded: String) {
    let transport = URLSessionTransport(baseURL: URL(string: "http://127.0.0.1:8080/api/")!)
    let request = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: typed)])
    #expect(
      transport.url(for: request).absoluteString
        == "http://127.0.0.1:8080/api/search.php?s=" + encoded)
  }

  @Test("Reading the URL's query back gives exactly the typed text as one item", arguments: table)
  func roundTrip(typed: String, encoded: String) throws {
    try expectRoundTrip(typed)
  }

  @Test("A 10,000-character value survives the round trip as one item")
  func longValue() throws {
    let typed = String(repeating: "Käse & 1+1=2 #? /% 🍰 ", count: 500).prefix(10_000)
    #expect(typed.count == 10_000)
    try expectRoundTrip(String(typed))
  }

  @Test("A request without query items is only the path")
  func noQuery() {
    #expect(APIRequest(path: "random.php").encodedPathAndQuery == "random.php")
  }

  @Test("Several query items keep their order and are joined with `&`")
  func severalItems() {
    let request = APIRequest(
      path: "filter.php",
      query: [URLQueryItem(name: "c", value: "Sea food"), URLQueryItem(name: "a", value: "&")])
    #expect(request.encodedPathAndQuery == "filter.php?c=Sea%20food&a=%26")
  }

  @Test("A base URL without a trailing slash still gets one before the path")
  func baseWithoutSlash() {
    let transport = URLSessionTransport(baseURL: URL(string: "http://127.0.0.1:8080/api")!)
    #expect(
      transport.url(for: APIRequest(path: "categories.php")).absoluteString
        == "http://127.0.0.1:8080/api/categories.php")
  }

  @Test("The default base is TheMealDB's v1 API with the test key")
  func defaultBase() {
    #expect(
      URLSessionTransport().url(for: APIRequest(path: "categories.php")).absoluteString
        == "https://www.themealdb.com/api/json/v1/1/categories.php")
  }

  @Test("The log line shows the values as typed")
  func description() {
    let request = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: "1+1 & 🍰")])
    #expect(request.description == "GET search.php?s=1+1 & 🍰")
  }

  private func expectRoundTrip(_ typed: String) throws {
    let transport = URLSessionTransport(baseURL: URL(string: "http://127.0.0.1:8080/api/")!)
    let url = transport.url(
      for: APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: typed)]))
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    #expect(components.path == "/api/search.php")
    #expect(components.queryItems == [URLQueryItem(name: "s", value: typed)])
  }
}
