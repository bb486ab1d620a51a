import Foundation
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client asks the right endpoint and turns statuses, bodies and network failures into the
/// errors that Schritt 6 maps to messages.
@Suite struct MealAPITests {
  /// A client whose transport records the request it was sent and answers `{"meals":null}`.
  private func recordingAPI() -> (MealAPI, @Sendable () -> APIRequest?) {
    let box = RequestBox()
    let api = MealAPI(
      transport: StubTransport { request in
        box.store(request)
        let body = request.path == "categories.php" ? #"{"categories":[]}"# : #"{"meals":null}"#
        return APIResponse(status: 200, body: Data(body.utf8))
      })
    return (api, { box.request })
  }

  @Test("Each endpoint method sends its path and query item")
  func endpoints() async throws {
    let (api, sent) = recordingAPI()
    _ = try await api.categories()
    #expect(sent() == APIRequest(path: "categories.php"))
    _ = try await api.meals(in: "Dessert")
    #expect(sent() == APIRequest(path: "filter.php", query: [.init(name: "c", value: "Dessert")]))
    _ = try await api.search("Lasagne")
    #expect(sent() == APIRequest(path: "search.php", query: [.init(name: "s", value: "Lasagne")]))
    _ = try await api.detail(id: "52772")
    #expect(sent() == APIRequest(path: "lookup.php", query: [.init(name: "i", value: "52772")]))
    _ = try await api.random()
    #expect(sent() == APIRequest(path: "random.php"))
  }

  @Test("`meals: null` gives empty lists and no detail or random meal")
  func nullAnswers() async throws {
    let api = MealAPI(transport: StubTransport(body: #"{"meals":null}"#))
    #expect(try await api.meals(in: "Goat").isEmpty)
    #expect(try await api.search("xyz").isEmpty)
    #expect(try await api.detail(id: "1") == nil)
    #expect(try await api.random() == nil)
  }

  @Test("A lookup answering \"Invalid ID\" is no detail, not an error")
  func invalidID() async throws {
    let api = MealAPI(transport: StubTransport(body: #"{"meals":"Invalid ID"}"#))
    #expect(try await api.detail(id: "abc") == nil)
  }

  @Test("A lookup answer decodes into the detail")
  func detailAnswer() async throws {
    let api = MealAPI(transport: StubTransport(body: fullRecordJSON))
    let detail = try #require(try await api.detail(id: "52772"))
    #expect(detail.name == "Teriyaki Chicken Casserole")
  }

  @Test(
    "A status outside 200–299 throws badStatus with the code",
    arguments: [404, 500, 503, 301, 304, 199, 400])
  func badStatus(code: Int) async {
    let api = MealAPI(transport: StubTransport(status: code, body: #"{"meals":null}"#))
    await #expect(throws: LoadFailure.badStatus(code)) { try await api.meals(in: "Dessert") }
  }

  @Test("Any 2xx status is a success", arguments: [200, 201, 299])
  func successStatus(code: Int) async throws {
    let api = MealAPI(transport: StubTransport(status: code, body: #"{"meals":null}"#))
    #expect(try await api.meals(in: "Dessert").isEmpty)
  }

  @Test(
    "A body that is not the expected JSON throws a DecodingError",
    arguments: ["<html>Oops", "", "404 Not Found", #"{"categories":"#, "[]", "null"])
  func notJSON(body: String) async {
    let api = MealAPI(transport: StubTransport(body: body))
    await #expect(throws: DecodingError.self) { try await api.meals(in: "Dessert") }
    await #expect(throws: DecodingError.self) { try await api.categories() }
  }

  @Test(
    "A transport's URLError passes through unchanged",
    arguments: [
      URLError.Code.notConnectedToInternet, .timedOut, .cancelled, .cannotConnectToHost,
    ])
  func urlErrorPassesThrough(code: URLError.Code) async throws {
    let api = MealAPI(transport: StubTransport(throwing: URLError(code)))
    let error = try #require(await #expect(throws: URLError.self) { try await api.random() })
    #expect(error.code == code)
  }

  @Test("A generic fetch decodes any Decodable type from any path")
  func genericFetch() async throws {
    struct Areas: Decodable { let meals: [[String: String]] }
    let api = MealAPI(transport: StubTransport(body: #"{"meals":[{"strArea":"British"}]}"#))
    let areas = try await api.fetch(
      "list.php", query: [URLQueryItem(name: "a", value: "list")], as: Areas.self)
    #expect(areas.meals == [["strArea": "British"]])
  }
}

/// The last request a stub transport was sent.
///
/// `@unchecked Sendable` is safe: `stored` is private and only read or written while `lock` is
/// held. (MealDB's tests do not depend on VirtualTime, whose `Locked` would do the same.)
private final class RequestBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: APIRequest?

  var request: APIRequest? { lock.withLock { stored } }

  func store(_ request: APIRequest) { lock.withLock { stored = request } }
}
