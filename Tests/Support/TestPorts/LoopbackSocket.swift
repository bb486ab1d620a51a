import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket on a free port of 127.0.0.1, for the tests' own servers and refusing ports.
public enum LoopbackSocket {
  /// The failure of a socket call, with its `errno`.
  public struct Failure: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A socket bound to a port the system picks, listening with `backlog` when one is given;
  /// its descriptor and the port. On failure nothing is left open.
  public static func make(listening backlog: Int32? = nil) throws -> (
    descriptor: Int32, port: UInt16
  ) {
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
    let failedCall = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress -> String? in
        if bind(descriptor, socketAddress, length) != 0 { return "bind" }
        if let backlog, listen(descriptor, backlog) != 0 { return "listen" }
        if getsockname(descriptor, socketAddress, &length) != 0 { return "getsockname" }
        return nil
      }
    }
    if let failedCall {
      let code = errno
      _ = Foundation.close(descriptor)
      throw Failure(call: failedCall, code: code)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }
}
