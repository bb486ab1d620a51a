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

  public init() throws {
    (descriptor, number) = try LoopbackSocket.make()
  }

  /// `http://127.0.0.1:PORT/api/json/v1/1/`, TheMealDB's API folder on this port.
  public var apiURL: URL { URL(string: "http://127.0.0.1:\(number)/api/json/v1/1/")! }

  /// Gives the port back.
  public func close() {
    _ = Foundation.close(descriptor)
  }
}
