import MealDB

/// The request line and header fields of one HTTP/1.x request.
package struct HTTPRequestHead: Equatable, Sendable {
  /// One header field; names compare case-insensitively through `HTTPRequestHead.value(of:)`.
  struct Field: Equatable, Sendable {
    let name: String
    let value: String
  }

  let method: String
  /// The request target exactly as sent: `/api/json/v1/1/search.php?s=Mac%20%26%20Cheese`.
  package let target: String
  /// 0 for HTTP/1.0, 1 for HTTP/1.1 and any later HTTP/1.x, which the server answers as the
  /// highest version of that major it has (RFC 9110 §2.5).
  let minorVersion: Int
  let fields: [Field]

  /// The value of the first field with this name.
  func value(of name: String) -> String? {
    fields.first { $0.name.lowercased() == name }?.value
  }

  /// Whether the client wants the connection kept open after the answer.
  package var keepAlive: Bool {
    let tokens = (value(of: "connection") ?? "").lowercased().split(separator: ",")
      .map { $0.trimmed(.whitespaces) }
    if tokens.contains("close") { return false }
    return minorVersion >= 1 || tokens.contains("keep-alive")
  }

  /// Whether a body follows the head (which this server never reads).
  package var hasBody: Bool {
    if value(of: "transfer-encoding") != nil { return true }
    return (value(of: "content-length").flatMap { Int($0) } ?? 0) > 0
  }
}

/// Why a request cannot be answered normally, as an HTTP status.
package struct HTTPFailure: Error, Equatable {
  package let status: Int
}

/// Reads request heads from the bytes received so far.
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
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = start
    while let lineEnd = input[lineStart...].firstIndex(of: lineFeed) {
      if lines.isEmpty, lineEnd - start > requestLineLimit { return .failure(.init(status: 414)) }
      if lineEnd + 1 - start > headLimit { return .failure(.init(status: 431)) }
      let line = input[lineStart..<lineEnd]
      lineStart = lineEnd + 1
      // The empty line (or a lone CR) that ends the head.
      guard !line.isEmpty, line != [carriageReturn] else {
        return head(lines, consumed: lineStart)
      }
      lines.append(line.last == carriageReturn ? line.dropLast() : line)
    }
    let limit = lines.isEmpty ? (requestLineLimit, 414) : (headLimit, 431)
    return input.count - start > limit.0 ? .failure(.init(status: limit.1)) : .incomplete
  }

  /// The head of the request line and header fields `lines`, checked.
  private static func head(_ lines: [ArraySlice<UInt8>], consumed: Int) -> Result {
    do {
      guard let requestLine = lines.first else { throw HTTPFailure(status: 400) }
      let (method, target, minor) = try parseRequestLine(requestLine)
      let head = HTTPRequestHead(
        method: method, target: target, minorVersion: minor,
        fields: try lines.dropFirst().map(parseField))
      try validate(head)
      return .complete(head, consumed: consumed)
    } catch {
      return .failure(error as? HTTPFailure ?? HTTPFailure(status: 400))
    }
  }

  /// `GET /path?query HTTP/1.1`: single spaces, a token method, a visible-ASCII target.
  private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws -> (String, String, Int) {
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy(isTokenCharacter),
      !parts[1].isEmpty, parts[1].utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      let version = parts[2].wholeMatch(of: /HTTP\/([0-9])\.([0-9])/)
    else { throw HTTPFailure(status: 400) }
    guard version.1 == "1" else { throw HTTPFailure(status: 505) }
    return (parts[0], parts[1], min(Int(version.2)!, 1))
  }

  /// `Name: value`; no space before the colon and no folded continuation lines (RFC 9112 §5).
  /// The value holds no control character but the tab: NUL, a bare CR and the others are
  /// refused, as RFC 9110 §5.5 allows (and, for NUL, CR and LF, demands unless replaced).
  private static func parseField(_ line: ArraySlice<UInt8>) throws -> HTTPRequestHead.Field {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPFailure(status: 400) }
    let name = line[..<colon]
    let value = line[(colon + 1)...]
    guard !name.isEmpty, name.allSatisfy(isTokenCharacter),
      value.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == UInt8(ascii: "\t") })
    else { throw HTTPFailure(status: 400) }
    return HTTPRequestHead.Field(
      name: String(decoding: name, as: UTF8.self),
      value: String(decoding: value, as: UTF8.self).trimmed(.whitespaces))
  }

  /// HTTP/1.1 needs exactly one `Host`; `Content-Length` must be one number.
  private static func validate(_ head: HTTPRequestHead) throws {
    let hosts = head.fields.filter { $0.name.lowercased() == "host" }
    if head.minorVersion >= 1, hosts.count != 1 { throw HTTPFailure(status: 400) }
    let lengths = Set(head.fields.filter { $0.name.lowercased() == "content-length" }.map(\.value))
    if lengths.count > 1 { throw HTTPFailure(status: 400) }
    if let length = lengths.first,
      length.isEmpty || !length.allSatisfy({ $0.isASCII && $0.isNumber }) || Int(length) == nil
    {
      throw HTTPFailure(status: 400)
    }
  }

  /// RFC 9110 `tchar`.
  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    let character = Character(Unicode.Scalar(byte))
    return character.isASCII && (character.isLetter || character.isNumber)
      || "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }
}
