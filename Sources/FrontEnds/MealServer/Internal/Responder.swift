import Foundation
import MealCatalog
import MealDB
import VirtualTime

/// What to send for one request, and how.
struct Reply: Sendable {
  var status: Int
  var contentType: String?
  var body: Data
  var allow: String?
  /// Whether the connection closes after this answer, whatever the client asked for.
  var close = false
  /// Wait this long before sending.
  var delay: Duration?
  /// The decoded TheMealDB request, for the log.
  var request: APIRequest?

  static func text(_ status: Int, close: Bool = false) -> Reply {
    Reply(
      status: status, contentType: "text/plain; charset=utf-8",
      body: Data("\(status) \(HTTPStatus.reason(status))".utf8), close: close)
  }
}

/// Turns request heads into replies: routing, the catalog's answers, and the faults.
package struct Responder: Sendable {
  static let prefix = "/api/json/v1/1/"
  static let json = "application/json; charset=utf-8"

  let catalog: Catalog
  let faults: Locked<Faults>
  let generator: Locked<SeededGenerator>
  /// Answers already written (never `random.php`'s).
  let cache: AnswerCache

  func reply(to head: HTTPRequestHead) -> Reply {
    guard head.method == "GET" || head.method == "HEAD" else {
      var reply = Reply.text(405, close: head.hasBody)
      reply.allow = "GET, HEAD"
      return reply
    }
    // The endpoints take no body; reading one only to throw it away is not worth the risk.
    if head.hasBody { return .text(413, close: true) }
    let request: APIRequest
    switch Self.parse(target: head.target) {
    case .success(let parsed): request = parsed
    case .failure(let failure): return .text(failure.status)
    }
    var reply = answer(request)
    reply.request = request
    return reply
  }

  private func answer(_ request: APIRequest) -> Reply {
    let faults = faults.withLock { $0 }
    let delay = faults.delay(for: request.path)
    if let status = faults.status(for: request.path) {
      var reply = Reply.text(status)
      reply.delay = delay
      return reply
    }
    if faults.brokenData(for: request.path) {
      return Reply(status: 200, contentType: Self.json, body: Data("<html>Oops".utf8), delay: delay)
    }
    let response: APIResponse
    if request.path == "random.php" {
      response = generator.withLock { catalog.answer(request, random: &$0) }
    } else if let key = AnswerCache.key(for: request), let cached = cache.answer(for: key) {
      response = cached
    } else {
      // Only `random.php` draws from the generator; the others must not wait for its lock.
      var unused = SeededGenerator(seed: 0)
      response = catalog.answer(request, random: &unused)
      if let key = AnswerCache.key(for: request) { cache.keep(response, for: key) }
    }
    let isJSON = (200..<300).contains(response.status)
    return Reply(
      status: response.status,
      contentType: isJSON ? Self.json : "text/plain; charset=utf-8",
      body: response.body, delay: delay)
  }

  /// `/api/json/v1/1/search.php?s=Mac%20%26%20Cheese` → `search.php`, `s` = `Mac & Cheese`.
  ///
  /// Query names and values are percent-decoded; `+` stays a plus (it is not a space here).
  package static func parse(target: String) -> Result<APIRequest, HTTPFailure> {
    var target = Substring(target)
    // Absolute form (`http://host/path`), which a proxy-minded client may send.
    if target.hasPrefix("http://") || target.hasPrefix("https://") {
      let afterScheme = target[target.range(of: "://")!.upperBound...]
      target = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    guard target.hasPrefix("/"), !target.contains("#") else {
      return .failure(HTTPFailure(status: 400))
    }
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = parts[0].removingPercentEncoding else {
      return .failure(HTTPFailure(status: 400))
    }
    guard path.hasPrefix(prefix) else { return .failure(HTTPFailure(status: 404)) }
    let endpoint = String(path.dropFirst(prefix.count))
    guard Catalog.endpoints.contains(endpoint) else { return .failure(HTTPFailure(status: 404)) }
    var items: [URLQueryItem] = []
    if parts.count == 2 {
      for piece in parts[1].split(separator: "&") {
        let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = pair[0].removingPercentEncoding else {
          return .failure(HTTPFailure(status: 400))
        }
        var value: String?
        if pair.count == 2 {
          guard let decoded = pair[1].removingPercentEncoding else {
            return .failure(HTTPFailure(status: 400))
          }
          value = decoded
        }
        items.append(URLQueryItem(name: name, value: value))
      }
    }
    return .success(APIRequest(path: endpoint, query: items))
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
