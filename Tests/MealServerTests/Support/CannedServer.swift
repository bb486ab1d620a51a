import Foundation
import TestPorts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP server that answers each request with the body given for its path and query
/// (`lookup.php?i=1`), and 404 for any other: a server that sends whatever a test wants, however
/// hostile. Each connection is served on a thread of its own and closed after its answer, so a
/// client that connects and says nothing holds up no other.
///
/// Safe as `@unchecked Sendable`: `listener` and `answers` are set once in `init`; the thread only
/// reads them.
final class CannedServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let answers: [String: String]

  init(answers: [String: String]) throws {
    let (descriptor, port) = try LoopbackSocket.make(listening: 8)
    listener = descriptor
    self.port = port
    self.answers = answers
    Thread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          // Closed only here, so that its number cannot be reused while this thread accepts.
          close(listener)
          return
        }
        Thread { [self] in
          answer(client)
          close(client)
        }.start()
      }
    }.start()
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")! }

  /// Reads the request's head and sends the answer of its path and query.
  private func answer(_ client: Int32) {
    var head: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      head += buffer[..<count]
    }
    let target = String(decoding: head, as: UTF8.self).split(separator: " ").dropFirst().first
    let path = target.map { String($0.split(separator: "/").last ?? "") } ?? ""
    let body = answers[path.removingPercentEncoding ?? path]
    let text =
      "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\n"
      + "Content-Type: application/json\r\nConnection: close\r\n"
      + "Content-Length: \((body ?? "").utf8.count)\r\n\r\n" + (body ?? "")
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
      guard count > 0 else { return }
      sent += count
    }
  }
}
