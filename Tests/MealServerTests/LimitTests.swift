import Foundation
import MealDB
import Testing

@testable import MealServer

/// The server's limits: connections at once, and the answer cache's bytes.
@Suite struct ConnectionLimitTests {
  @Test("Connections over the limit get 503 and are closed; those it has are still served")
  func refusesOverLimit() throws {
    let server = try TestServer(readTimeout: .seconds(5), maxConnections: 2)
    let first = try RawClient(port: server.port)
    let second = try RawClient(port: server.port)
    // Both are accepted once the server has answered over one of them.
    first.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(first.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
    let third = try RawClient(port: server.port)
    #expect(third.readToEnd().httpStatus == 503)
    second.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(second.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
  }

  @Test("A client that hangs up while its answer is delayed frees its slot at once")
  func hangUpFreesSlot() async throws {
    let server = try TestServer(
      faults: Faults(delay: .seconds(3600), delayEndpoint: "search.php"), maxConnections: 2)
    var waiting = [try RawClient(port: server.port), try RawClient(port: server.port)]
    for client in waiting {
      client.send("GET /api/json/v1/1/search.php?s=Lasagne HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    #expect(await server.waitForConnections(2))
    waiting.removeAll()
    #expect(await server.waitForConnections(0))
    let next = try RawClient(port: server.port)
    next.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(next.readToEnd().httpStatus == 200)
  }

  @Test("The connection limit stays below the process's file-descriptor limit")
  func belowDescriptorLimit() throws {
    let server = try TestServer(maxConnections: .max)
    #expect(server.server.connectionLimit == MealServer.descriptorRoom())
    #expect(server.server.connectionLimit < Int.max)
  }
}

@Suite struct AnswerCacheTests {
  func request(_ path: String, _ items: [(String, String?)]) -> APIRequest {
    APIRequest(path: path, query: items.map { URLQueryItem(name: $0.0, value: $0.1) })
  }

  @Test("Parameters the endpoint does not read share one cache entry")
  func keyIgnoresUnreadParameters() throws {
    let server = try TestServer()
    for number in 1...20 {
      let client = try RawClient(port: server.port)
      client.send("GET /api/json/v1/1/search.php?s=&n=\(number) HTTP/1.0\r\n\r\n")
      #expect(client.readToEnd().httpStatus == 200)
    }
    #expect(server.server.cachedAnswers.count == 1)
  }

  @Test(
    "Requests the endpoint reads alike have one key",
    arguments: [
      ("search.php", [("s", "Lasagne"), ("n", "1")], [("s", " Lasagne ")]),
      ("filter.php", [("c", "Beef"), ("i", "x")], [("c", "Beef")]),
      ("lookup.php", [("i", "52844"), ("junk", nil)], [("i", "52844")]),
      ("list.php", [("c", "list"), ("x", "y")], [("c", "list")]),
    ] as [(String, [(String, String?)], [(String, String?)])])
  func sameKey(path: String, lhs: [(String, String?)], rhs: [(String, String?)]) {
    #expect(
      AnswerCache.key(for: request(path, lhs)) == AnswerCache.key(for: request(path, rhs)))
  }

  @Test("random.php is never cached")
  func randomHasNoKey() {
    #expect(AnswerCache.key(for: request("random.php", [])) == nil)
  }

  @Test("The cache holds no more bytes than its capacity, however many answers arrive")
  func boundedInBytes() {
    let cache = AnswerCache(capacity: 10_000)
    for number in 0..<1000 {
      cache.keep(APIResponse(status: 200, body: Data(count: 100)), for: "search.php?s=\(number)")
    }
    #expect(cache.usage.bytes <= 10_000)
    #expect(cache.usage.count > 0)
  }

  @Test("An answer asked for twice stays cached while junk arrives")
  func junkDoesNotEvictRealAnswers() {
    let cache = AnswerCache(capacity: 10_000)
    let real = APIResponse(status: 200, body: Data(count: 500))
    cache.keep(real, for: "search.php?s=Lasagne")
    #expect(cache.answer(for: "search.php?s=Lasagne") == real)
    for number in 0..<1000 {
      let junk = "search.php?s=junk\(number)"
      cache.keep(APIResponse(status: 200, body: Data(#"{"meals":null}"#.utf8)), for: junk)
    }
    #expect(cache.answer(for: "search.php?s=Lasagne") == real)
  }

  @Test("An answer larger than an eighth of the capacity is not kept")
  func largeAnswersAreNotKept() {
    let cache = AnswerCache(capacity: 8_000)
    cache.keep(APIResponse(status: 200, body: Data(count: 2_000)), for: "search.php?s=")
    #expect(cache.answer(for: "search.php?s=") == nil)
  }
}

@Suite struct CaptureLimitTests {
  @Test("An answer over the size limit is named as such when capturing")
  func tooLargeReason() {
    #expect(
      CatalogCapture.reason(for: URLError(.dataLengthExceedsMaximum))
        == "the answer is larger than the transport's size limit")
  }
}
