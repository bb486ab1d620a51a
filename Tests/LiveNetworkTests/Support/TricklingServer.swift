import Foundation
import TestPorts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP server that misbehaves on purpose: it answers every connection with `head`
/// and then sends `chunk` again and again, `interval` apart, `count` times or until the client
/// leaves.
///
/// Safe as `@unchecked Sendable`: `listener` is set once in `init`; the threads only read it, and
/// `stopped` is only touched while holding `lock`.
final class TricklingServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var stopped = false

  private var isStopped: Bool { lock.withLock { stopped } }

  init(head: String, chunk: String, interval: TimeInterval, count: Int = .max) throws {
    let (fd, port) = try LoopbackSocket.make(listening: 8)
    listener = fd
    self.port = port
    let thread = Thread { [listener, self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          // Closed only here, so that its number cannot be reused while this thread accepts.
          close(listener)
          return
        }
        Thread {
          var buffer = [UInt8](repeating: 0, count: 4096)
          _ = recv(client, &buffer, buffer.count, 0)
          var ok = Self.send(client, head)
          var sent = 0
          while ok, sent < count, !self.isStopped {
            sent += 1
            Thread.sleep(forTimeInterval: interval)
            ok = Self.send(client, chunk)
          }
          close(client)
        }.start()
      }
    }
    thread.start()
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")! }

  /// Stops accepting and sending.
  func stop() {
    lock.withLock { stopped = true }
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private static func send(_ client: Int32, _ text: String) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, flags) } > 0
  }
}
