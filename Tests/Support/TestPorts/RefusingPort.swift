import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback port that refuses connections, for tests of what a client does when no server
/// answers: bound, so that nothing else (a server of a test running beside it, say) can take it
/// while the test runs, but not listening. A port that was merely free a moment ago can be.
public struct RefusingPort: Sendable {
  private let descriptor: Int32
  /// The port's number on 127.0.0.1.
  public let number: UInt16

  /// The failure of a socket call, with its `errno`.
  public struct Failure: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  public init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      _ = Foundation.close(descriptor)
      throw Failure(call: "bind", code: code)
    }
    self.descriptor = descriptor
    number = UInt16(bigEndian: address.sin_port)
  }

  /// `http://127.0.0.1:PORT/api/json/v1/1/`, TheMealDB's API folder on this port.
  public var apiURL: URL { URL(string: "http://127.0.0.1:\(number)/api/json/v1/1/")! }

  /// Gives the port back.
  public func close() {
    _ = Foundation.close(descriptor)
  }
}
