import Foundation
import MealDB
import Testing

@testable import MealServer

/// The server's limits: connections at once.
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

@Suite struct CaptureLimitTests {
  @Test("An answer over the size limit is named as such when capturing")
  func tooLargeReason() {
    #expect(
      CatalogCapture.reason(for: URLError(.dataLengthExceedsMaximum))
        == "the answer is larger than the transport's size limit")
  }
}
