import Foundation
import MealCatalog
import MealDB
import VirtualTime

/// What to send for one request, and how.
struct Reply: Sendable {
  var status: Int
  var contentType: String?
  var body: Data
  /// Header fields besides the content's and `Connection`: `Allow`, `Retry-After`.
  var fields: [(name: String, value: String)] = []
  /// Whether the connection closes after this answer, whatever the client asked for.
  var close = false
  var delay: Duration?
  /// The decoded TheMealDB request, for the log.
  var request: APIRequest?

  static func text(_ status: Int, close: Bool = false) -> Reply {
    Reply(
      status: status, contentType: "text/plain; charset=utf-8",
      body: Data("\(status) \(HTTPStatus.reason(status))".utf8), close: close)
  }

  /// The answer as sent: the status line, the header fields and, unless for `HEAD`, the body.
  func bytes(minorVersion: Int, body: Bool) -> [UInt8] {
    // Appended piece by piece, without a string built first.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256 + self.body.count)
    func line(_ parts: String...) {
      for part in parts { bytes += part.utf8 }
      bytes += "\r\n".utf8
    }
    line("HTTP/1.", String(minorVersion), " ", String(status), " ", HTTPStatus.reason(status))
    if let contentType { line("Content-Type: ", contentType) }
    line("Content-Length: ", String(self.body.count))
    for field in fields { line(field.name, ": ", field.value) }
    if close {
      line("Connection: close")
    } else if minorVersion == 0 {
      line("Connection: keep-alive")
    }
    line()
    if body { bytes += self.body }
    return bytes
  }
}

/// Turns request heads into replies: routing, the catalog's answers, and the faults.
package struct Responder: Sendable {
  static let prefix = "/api/json/v1/1/"
  static let json = "application/json; charset=utf-8"

  let catalog: Catalog
  let faults: Locked<Faults>
  let generator: Locked<SeededGenerator>

  func reply(to head: HTTPRequestHead) -> Reply {
    guard head.method == "GET" || head.method == "HEAD" else {
      var reply = Reply.text(405, close: head.hasBody)
      reply.fields = [("Allow", "GET, HEAD")]
      return reply
    }
    // The endpoints take no body; reading one only to throw it away is not worth the risk.
    if head.hasBody { return .text(413, close: true) }
    switch Self.parse(target: head.target) {
    case .success(let request): return answer(request)
    case .failure(let failure): return .text(failure.status)
    }
  }

  private func answer(_ request: APIRequest) -> Reply {
    let faults = faults.withLock { $0 }
    var reply: Reply
    if let status = faults.status?.value(for: request.path) {
      reply = .text(status)
    } else if faults.brokenData?.value(for: request.path) == true {
      reply = Reply(status: 200, contentType: Self.json, body: Data("<html>Oops".utf8))
    } else {
      let response = generator.withLock { catalog.answer(request, random: &$0) }
      let isJSON = (200..<300).contains(response.status)
      reply = Reply(
        status: response.status, contentType: isJSON ? Self.json : "text/plain; charset=utf-8",
        body: response.body)
    }
    reply.delay = faults.delay?.value(for: request.path)
    reply.request = request
    return reply
  }

  /// `/api/json/v1/1/search.php?s=Mac%20%26%20Cheese` → `search.php`, `s` = `Mac & Cheese`.
  ///
  /// Query names and values are percent-decoded; `+` stays a plus (it is not a space here).
  package static func parse(target: String) -> Result<APIRequest, HTTPFailure> {
    var bytes = ArraySlice(target.utf8)
    // Absolute form (`http://host/path`), which a proxy-minded client may send.
    if bytes.starts(with: "http://".utf8) || bytes.starts(with: "https://".utf8) {
      let afterScheme = bytes.drop { $0 != UInt8(ascii: ":") }.dropFirst(3)
      let path = afterScheme.drop { $0 != UInt8(ascii: "/") }
      bytes = path.isEmpty ? ArraySlice("/".utf8) : path
    }
    let parts = bytes.split(
      separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)
    guard bytes.first == UInt8(ascii: "/"), !bytes.contains(UInt8(ascii: "#")),
      let path = percentDecoded(parts[0])
    else { return .failure(HTTPFailure(status: 400)) }
    let endpoint = String(path.dropFirst(prefix.count))
    guard path.hasPrefix(prefix), Catalog.endpoints.contains(endpoint) else {
      return .failure(HTTPFailure(status: 404))
    }
    // `name=value` or `name` alone, each part percent-decoded.
    let items = parts.dropFirst().flatMap { $0.split(separator: UInt8(ascii: "&")) }.map { item in
      item.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
        .map(percentDecoded)
    }
    guard items.allSatisfy({ $0.allSatisfy { $0 != nil } }) else {
      return .failure(HTTPFailure(status: 400))
    }
    return .success(
      APIRequest(
        path: endpoint,
        query: items.map { URLQueryItem(name: $0[0]!, value: $0.count == 2 ? $0[1] : nil) }))
  }

  /// The text of `bytes` with each `%XX` decoded; `nil` for a `%` without two hexadecimal
  /// digits, or for bytes that are not UTF-8 once decoded.
  private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
    // Bytes of a `String` are UTF-8 until an escape adds others.
    guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
    var decoded: [UInt8] = []
    var rest = bytes
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      let digits = String(decoding: rest.prefix(2), as: UTF8.self)
      guard digits.utf8.count == 2, digits.allSatisfy(\.isHexDigit),
        let value = UInt8(digits, radix: 16)
      else { return nil }
      decoded.append(value)
      rest.removeFirst(2)
    }
    return String(validating: decoded, as: UTF8.self)
  }
}

/// Reason phrases for the statuses the server sends.
enum HTTPStatus {
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: (400..<500).contains(status) ? "Client Error" : "Server Error"
    }
  }
}
