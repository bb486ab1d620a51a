import Foundation
import LiveNetwork
import MealDB
import TestPorts
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live transport, with a real `URLSession`, against loopback ports: one nobody listens on,
/// and servers that never finish.
@Suite struct URLSessionTransportTests {
  @Test("A closed loopback port fails with a connection URLError and the unreachable message")
  func closedPort() async throws {
    let port = try RefusingPort()
    defer { port.close() }
    let transport = URLSessionTransport(baseURL: port.apiURL, timeout: 600)
    let api = MealAPI(transport: transport)
    let error = try #require(await #expect(throws: URLError.self) { try await api.categories() })
    #expect([.cannotConnectToHost, .networkConnectionLost].contains(error.code))
    #expect(
      LoadFailure(error)
        == .connection)
  }

  @Test("The timeout given is the transport's timeout")
  func timeout() {
    #expect(URLSessionTransport(timeout: 3).timeout == 3)
    #expect(URLSessionTransport().timeout > 0)
  }
}

/// A deadline for the whole request and a limit on the answer's size. These use a short real
/// deadline, since they test real sockets.
extension URLSessionTransportTests {
  @Test("A server that sends headers and then one byte at a time fails at the deadline")
  func trickle() async throws {
    let server = try TricklingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n", chunk: " ", interval: 0.05, count: 40)
    defer { server.stop() }
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 0.3)
    let error = try #require(
      await #expect(throws: URLError.self) { try await transport.send(APIRequest(path: "x")) })
    #expect(error.code == .timedOut)
    // The screens show „Der Server antwortet gerade nicht. …“ for this failure.
    #expect(LoadFailure(error) == .timeout)
  }

  @Test("An endless chunked answer fails once it passes the size limit")
  func endlessBody() async throws {
    let chunk = "400\r\n" + String(repeating: "x", count: 1024) + "\r\n"
    let server = try TricklingServer(
      head: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", chunk: chunk, interval: 0.001)
    defer { server.stop() }
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 600, maxBytes: 64_000)
    let error = try #require(
      await #expect(throws: URLError.self) { try await transport.send(APIRequest(path: "x")) })
    #expect(error.code == .dataLengthExceedsMaximum)
  }

  @Test("An answer that announces more than the limit fails before its body is read")
  func announcedTooLarge() async throws {
    let server = try TricklingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Length: 999999999\r\n\r\n", chunk: "x", interval: 0.05)
    defer { server.stop() }
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 600, maxBytes: 1000)
    let error = try #require(
      await #expect(throws: URLError.self) { try await transport.send(APIRequest(path: "x")) })
    #expect(error.code == .dataLengthExceedsMaximum)
  }

  @Test("A body cut short of its announced length is a lost connection, and says so")
  func truncatedBody() async throws {
    let server = try TricklingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", chunk: #"{"meals":"#,
      interval: 0, count: 1)
    defer { server.stop() }
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 600)
    let error = try #require(
      await #expect(throws: URLError.self) { try await transport.send(APIRequest(path: "x")) })
    #expect(error.code.reason == "the connection was lost before the answer was complete")
  }

  @Test("A server that redirects in a loop is said to do so")
  func redirectLoop() async throws {
    // The server closes each connection after its answer, and says so: a client that sent the
    // next request on a connection already closing would report a lost connection instead.
    let server = try TricklingServer(
      head: "HTTP/1.1 302 Found\r\nLocation: /api/json/v1/1/x\r\nContent-Length: 0\r\n"
        + "Connection: close\r\n\r\n",
      chunk: "", interval: 0, count: 0)
    defer { server.stop() }
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 600)
    let error = try #require(
      await #expect(throws: URLError.self) { try await transport.send(APIRequest(path: "x")) })
    #expect(error.code.reason == "the server redirects again and again (a redirect loop)")
  }
}
