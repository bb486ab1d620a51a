/// Reads a Swift source file just far enough to find one call's arguments and the string
/// literal after its `matches:` label: parentheses, brackets and braces, string literals (raw,
/// multi-line, with interpolations), `#/…/#` regex literals, names in backticks and comments.
/// It never guesses: what it does not recognise (a bare `/`) is a `Refusal` with a sentence
/// saying why.
struct CallScanner {
  /// Why a call's literal cannot be written, as the end of a sentence ("cannot record the
  /// screen: …").
  struct Refusal: Error, Equatable, Sendable {
    let reason: String
  }

  /// One argument of a call, trimmed of white space.
  struct Argument: Equatable {
    /// `of`, `matches`; `nil` for an unlabelled argument.
    let label: String?
    /// The whole argument, label included.
    let range: Range<Int>
    /// Where the value starts, after the label's colon and white space.
    let valueStart: Int
  }

  /// A call's parenthesised argument list.
  struct Call: Equatable {
    /// The `(`.
    let open: Int
    /// The matching `)`.
    let close: Int
    let arguments: [Argument]
    /// Whether a comment stands between the parentheses.
    let hasComment: Bool
  }

  /// A string literal: its whole extent, delimiters included.
  struct Literal: Equatable {
    let range: Range<Int>
    let isMultiline: Bool
    let hasInterpolation: Bool
  }

  let bytes: [UInt8]

  init(_ source: String) {
    bytes = Array(source.utf8)
  }

  // MARK: - Finding the call

  /// The call of `name` at `line` and `column` (both from 1, the column in UTF-8 bytes), where
  /// `#line` and `#column` put it: at the `(` of its argument list, after the name.
  func call(named name: String, line: Int, column: Int) throws(Refusal) -> Call {
    guard let lineStart = offset(ofLine: line), column >= 1,
      lineStart + column - 1 < bytes.count
    else { throw Refusal(reason: "the file has no line \(line), column \(column)") }
    let open = lineStart + column - 1
    var end = open
    while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    var start = end
    while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
    guard bytes[open] == UInt8(ascii: "("),
      String(decoding: bytes[start..<end], as: UTF8.self) == name
    else {
      throw Refusal(
        reason: "there is no call of `\(name)(` at line \(line), column \(column); the file may "
          + "have changed since it was compiled")
    }
    return try arguments(from: open)
  }

  /// The arguments of the list that opens at `open`; an argument ends at its last token, before
  /// any comment that follows it.
  func arguments(from open: Int) throws(Refusal) -> Call {
    var arguments: [Argument] = []
    var hasComment = false
    var depth = 0
    var start = open + 1
    var tokenEnd = start
    var index = open + 1
    func finish() {
      let range = trimmed(start..<max(start, tokenEnd))
      if !range.isEmpty { arguments.append(argument(in: range)) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if let end = try skipCommentOrLiteral(at: index) {
        if byte == UInt8(ascii: "/") { hasComment = true } else { tokenEnd = end }
        index = end
        continue
      }
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 {
          guard byte == UInt8(ascii: ")") else {
            throw Refusal(reason: "the call's parentheses do not match")
          }
          finish()
          return Call(open: open, close: index, arguments: arguments, hasComment: hasComment)
        }
        depth -= 1
      case UInt8(ascii: ",") where depth == 0:
        finish()
        start = index + 1
        tokenEnd = start
        index += 1
        continue
      default:
        break
      }
      if !isSpace(byte) { tokenEnd = index + 1 }
      index += 1
    }
    throw Refusal(reason: "the call's parentheses do not close")
  }

  private func argument(in range: Range<Int>) -> Argument {
    var labelEnd = range.lowerBound
    while labelEnd < bytes.count, isIdentifierByte(bytes[labelEnd]) { labelEnd += 1 }
    var colon = labelEnd
    while colon < bytes.count, bytes[colon] == UInt8(ascii: " ") { colon += 1 }
    guard labelEnd > range.lowerBound, colon < range.upperBound,
      bytes[colon] == UInt8(ascii: ":"),
      colon + 1 >= bytes.count || bytes[colon + 1] != UInt8(ascii: ":")
    else { return Argument(label: nil, range: range, valueStart: range.lowerBound) }
    let label = String(decoding: bytes[range.lowerBound..<labelEnd], as: UTF8.self)
    return Argument(
      label: label, range: range, valueStart: trimmed(colon + 1..<range.upperBound).lowerBound)
  }

  // MARK: - Literals and comments

  /// The end of the comment, string or regex literal or raw identifier that starts at `index`,
  /// or `nil` when none does. A `/` that starts no comment is refused: a regex literal without
  /// `#` cannot be told from a division without parsing Swift.
  private func skipCommentOrLiteral(at index: Int) throws(Refusal) -> Int? {
    switch bytes[index] {
    case UInt8(ascii: "/") where has("//", at: index):
      return bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    case UInt8(ascii: "/") where has("/*", at: index):
      return try blockCommentEnd(from: index)
    case UInt8(ascii: "/"):
      throw Refusal(
        reason: "the call holds a `/` that starts no comment (a regex literal or a division), "
          + "which the recorder does not read")
    case UInt8(ascii: "`"):
      let end = bytes[(index + 1)...].firstIndex {
        $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "\n")
      }
      guard let end, bytes[end] == UInt8(ascii: "`") else {
        throw Refusal(reason: "a name in backticks in the call does not end")
      }
      return end + 1
    case UInt8(ascii: "\""), UInt8(ascii: "#"):
      if let literal = try literal(at: index) { return literal.range.upperBound }
      return try regexEnd(from: index)
    default:
      return nil
    }
  }

  /// The end of the regex literal `#/…/#` that starts at `start`, or `nil` when the `#`s there
  /// start none (`#line`).
  private func regexEnd(from start: Int) throws(Refusal) -> Int? {
    let hashes = bytes[start...].prefix { $0 == UInt8(ascii: "#") }.count
    var index = start + hashes
    guard hashes > 0, index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return nil }
    index += 1
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if bytes[index] == UInt8(ascii: "/"), hasHashes(hashes, at: index + 1) {
        return index + 1 + hashes
      }
      index += 1
    }
    throw Refusal(reason: "a regex literal in the call does not end")
  }

  private func blockCommentEnd(from start: Int) throws(Refusal) -> Int {
    var depth = 0
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    throw Refusal(reason: "a comment in the call does not end")
  }

  /// The string literal that starts at `start` (its `#`s or its `"`), or `nil` when a `#`
  /// there starts no literal (`#line`).
  func literal(at start: Int) throws(Refusal) -> Literal? {
    let hashes = bytes[start...].prefix { $0 == UInt8(ascii: "#") }.count
    var index = start + hashes
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let isMultiline = has("\"\"\"", at: index)
    index += isMultiline ? 3 : 1
    var hasInterpolation = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), hasHashes(hashes, at: index + 1) {
        let escaped = index + 1 + hashes
        if escaped < bytes.count, bytes[escaped] == UInt8(ascii: "(") {
          hasInterpolation = true
          index = try arguments(from: escaped).close + 1
        } else {
          index = escaped + 1
        }
        continue
      }
      if isMultiline, has("\"\"\"", at: index), hasHashes(hashes, at: index + 3) {
        return Literal(
          range: start..<index + 3 + hashes, isMultiline: true, hasInterpolation: hasInterpolation)
      }
      if !isMultiline {
        if byte == UInt8(ascii: "\n") { break }
        if byte == UInt8(ascii: "\""), hasHashes(hashes, at: index + 1) {
          return Literal(
            range: start..<index + 1 + hashes, isMultiline: false,
            hasInterpolation: hasInterpolation)
        }
      }
      index += 1
    }
    throw Refusal(reason: "a string literal in the call does not end")
  }

  // MARK: - Lines and bytes

  /// Where line `line` (from 1) starts.
  func offset(ofLine line: Int) -> Int? {
    guard line >= 1 else { return nil }
    var index = 0
    for _ in 1..<line {
      guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      index = newline + 1
    }
    return index
  }

  /// The spaces and tabs that start the line holding `offset`.
  func indentation(ofLineAt offset: Int) -> String {
    var start = offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = start
    while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
      end += 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  private func has(_ text: String, at index: Int) -> Bool {
    let pattern = Array(text.utf8)
    guard index + pattern.count <= bytes.count else { return false }
    return bytes[index..<index + pattern.count].elementsEqual(pattern)
  }

  private func hasHashes(_ count: Int, at index: Int) -> Bool {
    has(String(repeating: "#", count: count), at: index)
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    " \t\n\r".utf8.contains(byte)
  }

  private func isIdentifierByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
  }
}
