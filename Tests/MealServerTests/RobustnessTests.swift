import Foundation
import MealDB
import Testing

@testable import MealServer

/// Requests no good client sends get an HTTP error, and the server goes on serving.
@Suite struct RobustnessTests {
  /// Sends `request` on a new connection and returns the whole answer.
  private func exchange(_ request: String, with server: TestServer) throws -> String {
    let client = try RawClient(port: server.port)
    client.send(request)
    return client.readToEnd()
  }

  /// Whether a normal request still succeeds.
  private func stillServes(_ server: TestServer) async throws -> Bool {
    try await server.api().categories().count == 3
  }

  @Test(
    "A malformed request gets 400",
    arguments: [
      "GARBAGE\r\n\r\n",
      "GET /api/json/v1/1/categories.php\r\n\r\n",
      "GET  /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\n\r\n",
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n",
      "GET /api/json/v1/1/search.php?s=%zz HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
  func malformed(request: String) async throws {
    let server = try TestServer()
    #expect(try exchange(request, with: server).httpStatus == 400)
    #expect(try await stillServes(server))
  }

  @Test("An unknown path gets 404")
  func unknownPath() async throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", with: server)
    #expect(answer.httpStatus == 404)
  }

  @Test("A huge header gets 431")
  func hugeHeader() async throws {
    let server = try TestServer()
    let header = "X-Filler: " + String(repeating: "a", count: 100_000) + "\r\n"
    let request = "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n" + header + "\r\n"
    #expect(try exchange(request, with: server).httpStatus == 431)
    #expect(try await stillServes(server))
  }

  @Test("An overlong request line gets 414")
  func longRequestLine() async throws {
    let server = try TestServer()
    let request = "GET /api/json/v1/1/search.php?s=" + String(repeating: "a", count: 20_000)
    #expect(try exchange(request, with: server).httpStatus == 414)
    #expect(try await stillServes(server))
  }

  @Test("POST gets 405 naming the allowed methods")
  func post() async throws {
    let server = try TestServer()
    let answer = try exchange(
      "POST /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
      with: server)
    #expect(answer.httpStatus == 405)
    #expect(answer.contains("\r\nAllow: GET, HEAD\r\n"))
    #expect(try await stillServes(server))
  }

  @Test("A GET with a body gets 413")
  func body() async throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
      with: server)
    #expect(answer.httpStatus == 413)
  }

  @Test("HTTP/2.0 on this socket gets 505")
  func version() async throws {
    let server = try TestServer()
    let answer = try exchange("GET / HTTP/2.0\r\nHost: x\r\n\r\n", with: server)
    #expect(answer.httpStatus == 505)
  }

  @Test("HTTP/1.2 is answered as HTTP/1.1, the highest version of its major the server has")
  func laterMinorVersion() async throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /api/json/v1/1/categories.php HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n",
      with: server)
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
  }

  @Test(
    "A header value with NUL or another control character gets 400",
    arguments: ["a\u{0}b", "\u{0}", "a\u{1}b", "a\rb", "a\u{7F}b"])
  func controlInHeaderValue(value: String) async throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nX-Note: \(value)\r\n\r\n",
      with: server)
    #expect(answer.httpStatus == 400)
    #expect(try await stillServes(server))
  }

  @Test("A header value may hold tabs and bytes beyond ASCII")
  func tabAndUTF8InHeaderValue() async throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nX-Note: a\tKäse\r\n"
        + "Connection: close\r\n\r\n",
      with: server)
    #expect(answer.httpStatus == 200)
  }

  @Test("A stalled client does not hold up another, and gets 408 after the read timeout")
  func slowClient() async throws {
    // Every connection has the timeout: long enough that a busy machine's good client makes it.
    let server = try TestServer(timeout: .seconds(2))
    let slow = try RawClient(port: server.port)
    slow.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHo")
    #expect(try await stillServes(server))
    #expect(slow.readToEnd().httpStatus == 408)
    #expect(try await stillServes(server))
  }

  @Test("An idle connection is closed after the read timeout")
  func idleClient() throws {
    let server = try TestServer(timeout: .milliseconds(200))
    let idle = try RawClient(port: server.port)
    #expect(idle.readToEnd() == "")
  }

  @Test("Connection: close ends the connection after the answer")
  func connectionClose() throws {
    let server = try TestServer()
    let answer = try exchange(
      "GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      with: server)
    #expect(answer.httpStatus == 200)
    #expect(answer.contains("\r\nConnection: close\r\n"))
  }

  @Test("Stopping closes open connections")
  func stopClosesConnections() async throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    client.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n")
    await server.server.stop()
    #expect(client.readToEnd() == "")
  }
}

/// Reading a request target into an endpoint and its query.
@Suite struct TargetParsingTests {
  @Test(
    "Query values are percent-decoded, and + stays a plus",
    arguments: [
      ("s=a+b", "a+b"), ("s=a%2Bb", "a+b"), ("s=a%20b", "a b"), ("s=%C3%A4", "ä"),
      ("s=a%26b%3Dc", "a&b=c"), ("s=", ""),
    ])
  func decoding(query: String, value: String) throws {
    let request = try Responder.parse(target: "/api/json/v1/1/search.php?" + query).get()
    #expect(request.value(for: "s") == value)
  }

  @Test("Several items keep their order; an item without = has no value")
  func items() throws {
    let request = try Responder.parse(target: "/api/json/v1/1/filter.php?c=Beef&x&a=").get()
    #expect(
      request.query == [
        URLQueryItem(name: "c", value: "Beef"), URLQueryItem(name: "x", value: nil),
        URLQueryItem(name: "a", value: ""),
      ])
  }

  @Test(
    "Targets outside the API or with broken escapes are refused",
    arguments: [
      ("/api/json/v1/1/search.php?s=%", 400), ("/api/json/v1/1/search.php?s=%FF", 400),
      ("/api/json/v1/2/search.php", 404), ("/api/json/v1/1/", 404), ("/", 404),
      ("/api/json/v1/1/search.php#x", 400),
    ])
  func refused(target: String, status: Int) {
    #expect(throws: HTTPFailure(status: status)) { try Responder.parse(target: target).get() }
  }

  @Test("An absolute-form target is read by its path")
  func absoluteForm() throws {
    let request = try Responder.parse(target: "http://127.0.0.1:8080/api/json/v1/1/random.php")
      .get()
    #expect(request.path == "random.php")
  }
}
