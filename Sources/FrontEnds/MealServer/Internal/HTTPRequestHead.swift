import MealDB

/// The request line of one HTTP/1.x request, and what its header fields say about the
/// connection and a body.
package struct HTTPRequestHead: Equatable, Sendable {
  let method: String
  /// The request target exactly as sent: `/api/json/v1/1/search.php?s=Mac%20%26%20Cheese`.
  package let target: String
  /// 0 for HTTP/1.0, 1 for HTTP/1.1 and any later HTTP/1.x, which the server answers as the
  /// highest version of that major it has (RFC 9110 §2.5).
  let minorVersion: Int
  /// Whether the client wants the connection kept open after the answer.
  package let keepAlive: Bool
  /// Whether a body follows the head (which this server never reads).
  package let hasBody: Bool
}

/// Why a request cannot be answered normally, as an HTTP status.
package struct HTTPFailure: Error, Equatable {
  package let status: Int
}

/// Reads request heads from the bytes received so far, in one scan that keeps only what the
/// server uses: the method, the target, and the few fields that decide the connection's fate.
package enum HTTPParser {
  package enum Result: Equatable {
    /// More bytes are needed.
    case incomplete
    /// A whole head, and how many bytes of the input it took.
    case complete(HTTPRequestHead, consumed: Int)
    case failure(HTTPFailure)
  }

  /// The longest request line read; a longer one gets 414.
  static let requestLineLimit = 8192
  /// The largest request head (request line and header fields) read; a larger one gets 431.
  static let headLimit = 16_384
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  package static func parse(_ input: [UInt8]) -> Result {
    // Robustness (RFC 9112 §2.2): empty lines before the request line are ignored.
    let start = input.firstIndex { $0 != carriageReturn && $0 != lineFeed } ?? input.count
    var requestLine: ArraySlice<UInt8> = []
    var fields = Fields()
    var lineStart = start
    while let lineEnd = input[lineStart...].firstIndex(of: lineFeed) {
      if lineStart == start, lineEnd - start > requestLineLimit {
        return .failure(.init(status: 414))
      }
      if lineEnd + 1 - start > headLimit { return .failure(.init(status: 431)) }
      var line = input[lineStart..<lineEnd]
      if line.last == carriageReturn { line.removeLast() }
      // The empty line (or a lone CR) that ends the head.
      if line.isEmpty { return head(requestLine, fields, consumed: lineEnd + 1) }
      if lineStart == start { requestLine = line } else { fields.read(line) }
      lineStart = lineEnd + 1
    }
    let limit = lineStart == start ? (requestLineLimit, 414) : (headLimit, 431)
    return input.count - start > limit.0 ? .failure(.init(status: limit.1)) : .incomplete
  }

  /// The head of a request line and its fields, checked: `GET /path?query HTTP/1.1` with single
  /// spaces, a token method and a visible-ASCII target; HTTP/1.1 needs exactly one `Host`.
  private static func head(_ line: ArraySlice<UInt8>, _ fields: Fields, consumed: Int) -> Result {
    let space = UInt8(ascii: " ")
    guard let first = line.firstIndex(of: space), let last = line.lastIndex(of: space),
      first > line.startIndex, line[..<first].allSatisfy(isTokenCharacter),
      last > first + 1, line[(first + 1)..<last].allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      line[(last + 1)...].count == 8, line[(last + 1)...].starts(with: "HTTP/".utf8),
      line[last + 7] == UInt8(ascii: ".")
    else { return .failure(.init(status: 400)) }
    // The version's digits; a byte below "0" wraps around to above "9".
    let (major, minor) = (line[last + 6] &- 0x30, line[last + 8] &- 0x30)
    guard major < 10, minor < 10 else { return .failure(.init(status: 400)) }
    guard major == 1 else { return .failure(.init(status: 505)) }
    guard !fields.malformed, minor == 0 || fields.hosts == 1 else {
      return .failure(.init(status: 400))
    }
    let tokens = (fields.connection ?? "").lowercased().split(separator: ",").map {
      $0.trimmed(.whitespaces)
    }
    let head = HTTPRequestHead(
      method: String(decoding: line[..<first], as: UTF8.self),
      target: String(decoding: line[(first + 1)..<last], as: UTF8.self),
      minorVersion: min(Int(minor), 1),
      keepAlive: !tokens.contains("close") && (minor > 0 || tokens.contains("keep-alive")),
      hasBody: fields.transferEncoding || (fields.length.flatMap { Int($0) } ?? 0) > 0)
    return .complete(head, consumed: consumed)
  }

  /// What the header fields say, read one line at a time.
  private struct Fields {
    /// A line that is no field: no colon, a name that is no token, or a control character.
    var malformed = false
    var hosts = 0
    /// The value of the first `Connection` field.
    var connection: String?
    /// The value of the `Content-Length` fields.
    var length: String?
    var transferEncoding = false

    /// `Name: value`; no space before the colon and no folded continuation lines (RFC 9112 §5).
    /// The value holds no control character but the tab: NUL, a bare CR and the others are
    /// refused, as RFC 9110 §5.5 allows (and, for NUL, CR and LF, demands unless replaced).
    mutating func read(_ line: ArraySlice<UInt8>) {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line[..<colon].allSatisfy(isTokenCharacter),
        line[(colon + 1)...].allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == UInt8(ascii: "\t") })
      else {
        malformed = true
        return
      }
      // Names compared as bytes, ignoring case; only the values the server reads become text.
      func named(_ name: String) -> Bool {
        line[..<colon].elementsEqual(name.utf8) { $0 | 0x20 == $1 }
      }
      func value() -> String {
        String(decoding: line[(colon + 1)...], as: UTF8.self).trimmed(.whitespaces)
      }
      if named("host") {
        hosts += 1
      } else if named("connection") {
        connection = connection ?? value()
      } else if named("content-length") {
        // One number, however many times it is given.
        let text = value()
        guard text.allSatisfy(\.isWholeNumber), Int(text) != nil, length ?? text == text else {
          malformed = true
          return
        }
        length = text
      } else if named("transfer-encoding") {
        transferEncoding = true
      }
    }
  }

  /// RFC 9110 `tchar`.
  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    // `| 0x20` makes an ASCII letter lowercase, and nothing else a letter.
    (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte)
      || "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }
}
