import Foundation
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live transport, with a real `URLSession`, against a loopback port nobody listens on.
@Suite struct URLSessionTransportTests {
  @Test("A closed loopback port fails with a connection URLError and the unreachable message")
  func closedPort() async throws {
    let port = try closedLoopbackPort()
    let transport = URLSessionTransport(
      baseURL: try #require(URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")), timeout: 5)
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

/// A port on 127.0.0.1 that was free a moment ago: bound to learn its number, then closed again,
/// so that a connection to it is refused.
private func closedLoopbackPort() throws -> UInt16 {
  #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard fd >= 0 else { throw SocketError(step: "socket", code: errno) }
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
      bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
    }
  }
  guard bound else { throw SocketError(step: "bind", code: errno) }
  return UInt16(bigEndian: address.sin_port)
}

/// A socket call that failed while looking for a free port.
private struct SocketError: Error {
  let step: String
  let code: Int32
}
