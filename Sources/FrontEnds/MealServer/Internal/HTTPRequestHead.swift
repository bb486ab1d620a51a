import Foundation

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
    let tokens = (value(of: "connection") ?? "").lowercased().split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
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

/// Limits on what the server reads before it gives up on a request.
package struct HTTPLimits: Sendable {
  var requestLine: Int
  var head: Int

  package init(requestLine: Int, head: Int) {
    self.requestLine = requestLine
    self.head = head
  }
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

  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  package static func parse(_ input: [UInt8], limits: HTTPLimits) -> Result {
    // Robustness (RFC 9112 §2.2): empty lines before the request line are ignored.
    var start = 0
    while start < input.count, input[start] == carriageReturn || input[start] == lineFeed {
      start += 1
    }
    guard let lineEnd = input[start...].firstIndex(of: lineFeed) else {
      return input.count - start > limits.requestLine
        ? .failure(HTTPFailure(status: 414)) : .incomplete
    }
    if lineEnd - start > limits.requestLine { return .failure(HTTPFailure(status: 414)) }
    guard let headEnd = endOfHead(input, from: lineEnd) else {
      return input.count - start > limits.head ? .failure(HTTPFailure(status: 431)) : .incomplete
    }
    if headEnd - start > limits.head { return .failure(HTTPFailure(status: 431)) }
    var lines = input[start..<headEnd].split(separator: lineFeed, omittingEmptySubsequences: false)
      .map { $0.last == carriageReturn ? $0.dropLast() : $0 }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return .failure(HTTPFailure(status: 400)) }
    do {
      let (method, target, minor) = try parseRequestLine(requestLine)
      let fields = try lines.dropFirst().map(parseField)
      let head = HTTPRequestHead(
        method: method, target: target, minorVersion: minor, fields: fields)
      try validate(head)
      return .complete(head, consumed: headEnd)
    } catch let failure as HTTPFailure {
      return .failure(failure)
    } catch {
      return .failure(HTTPFailure(status: 400))
    }
  }

  /// The index just past the empty line that ends the head, searching from the first line feed.
  private static func endOfHead(_ input: [UInt8], from firstLineFeed: Int) -> Int? {
    var index = firstLineFeed
    while index < input.count {
      guard input[index] == lineFeed else {
        index += 1
        continue
      }
      let next = index + 1
      if next < input.count, input[next] == lineFeed { return next + 1 }
      if next + 1 < input.count, input[next] == carriageReturn, input[next + 1] == lineFeed {
        return next + 2
      }
      index += 1
    }
    return nil
  }

  /// `GET /path?query HTTP/1.1`: single spaces, a token method, a visible-ASCII target.
  private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws -> (String, String, Int) {
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenCharacter),
      !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { throw HTTPFailure(status: 400) }
    let version = Array(parts[2])
    let prefix = Array("HTTP/".utf8)
    guard version.count == 8, Array(version[0..<5]) == prefix, version[6] == UInt8(ascii: "."),
      let major = digit(version[5]), let minor = digit(version[7])
    else { throw HTTPFailure(status: 400) }
    guard major == 1 else { throw HTTPFailure(status: 505) }
    return (
      String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self),
      min(minor, 1)
    )
  }

  /// `Name: value`; no space before the colon and no folded continuation lines (RFC 9112 §5).
  /// The value holds no control character but the tab: NUL, a bare CR and the others are
  /// refused, as RFC 9110 §5.5 allows (and, for NUL, CR and LF, demands unless replaced).
  private static func parseField(_ line: ArraySlice<UInt8>) throws -> HTTPRequestHead.Field {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPFailure(status: 400) }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { throw HTTPFailure(status: 400) }
    let rawValue = line[(colon + 1)...]
    guard rawValue.allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == UInt8(ascii: "\t") }) else {
      throw HTTPFailure(status: 400)
    }
    let value = String(decoding: rawValue, as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    return HTTPRequestHead.Field(name: String(decoding: name, as: UTF8.self), value: value)
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

  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }

  /// RFC 9110 `tchar`.
  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
