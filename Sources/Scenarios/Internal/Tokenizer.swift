import ViewDescription

/// A word or a quoted string on a step line.
enum Token: Equatable, Sendable {
  case word(String)
  case quoted(String)

  /// The token as it was written, for messages.
  var source: String {
    switch self {
    case .word(let word): word
    case .quoted(let text): Quoting.quoted(text)
    }
  }
}

/// A step line split into tokens, with the trailing comment removed.
struct TokenizedLine: Equatable, Sendable {
  var tokens: [Token]
  /// The line up to its trailing comment, without surrounding whitespace.
  var body: String
}

/// Splits step lines into words and double-quoted strings.
///
/// Inside quotes, the escapes are those `Quoting` writes: `\"` is a quote, `\\` a backslash,
/// `\n`, `\r` and `\t` a line feed, carriage return and tab, and `\u{1B}` the scalar with that
/// hexadecimal value; every other character, German quotes „“ included, stands for itself.
/// Outside quotes, a `#` after whitespace starts a comment.
enum Tokenizer {
  /// The tokens of `line`, or a one-sentence error.
  static func tokenize(_ line: String) -> Result<TokenizedLine, StepError> {
    var line = line
    let fast = line.withUTF8 { bytes in
      PlainText.isPlain(bytes) ? tokenize(plain: bytes) : nil
    }
    return fast.map { .success($0) } ?? tokenizeCharacters(line)
  }

  /// The tokens of a plain line (see `PlainText`) read from its bytes, or `nil` where the line
  /// has an error, whose message `tokenizeCharacters` words.
  ///
  /// On plain text every byte below 0x80 is a Character and no other byte is white space, a
  /// quote, a backslash or `#`, so this is `tokenizeCharacters` with bytes for Characters.
  static func tokenize(plain bytes: UnsafeBufferPointer<UInt8>) -> TokenizedLine? {
    var tokens: [Token] = []
    let count = bytes.count
    var index = 0
    var wordStart = -1
    var bodyEnd = count

    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#"), index == 0 || PlainText.isSpace(bytes[index - 1]) {
        bodyEnd = index
        break
      }
      if PlainText.isSpace(byte) {
        if wordStart >= 0 { tokens.append(.word(string(wordStart..<index))) }
        wordStart = -1
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "\"") else {
        if wordStart < 0 { wordStart = index }
        index += 1
        continue
      }
      if wordStart >= 0 { tokens.append(.word(string(wordStart..<index))) }
      wordStart = -1
      index += 1
      // The quoted text: runs of bytes as written, and the character after each backslash.
      var text = ""
      var runStart = index
      var closed = false
      while index < count {
        let inner = bytes[index]
        if inner == UInt8(ascii: "\"") {
          closed = true
          break
        }
        if inner == UInt8(ascii: "\\") {
          guard index + 1 < count else { return nil }
          let escaped = bytes[index + 1]
          guard escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else { return nil }
          text += string(runStart..<index)
          runStart = index + 1
          index += 2
          continue
        }
        index += 1
      }
      guard closed else { return nil }
      text += string(runStart..<index)
      index += 1
      tokens.append(.quoted(text))
    }
    if wordStart >= 0 { tokens.append(.word(string(wordStart..<index))) }
    var bodyStart = 0
    while bodyStart < bodyEnd, PlainText.isSpace(bytes[bodyStart]) { bodyStart += 1 }
    while bodyEnd > bodyStart, PlainText.isSpace(bytes[bodyEnd - 1]) { bodyEnd -= 1 }
    return TokenizedLine(tokens: tokens, body: string(bodyStart..<bodyEnd))
  }

  /// The tokens of `line` walked scalar by scalar: the definition of the step syntax, which
  /// `tokenize(plain:)` follows on plain lines, and the way every other line is read.
  ///
  /// Scalars, not Characters: a combining mark after a quote or a backslash must not hide them.
  static func tokenizeCharacters(_ line: String) -> Result<TokenizedLine, StepError> {
    var tokens: [Token] = []
    var word = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)
    var bodyEnd = scalars.count
    var index = 0

    func endWord() {
      if !word.isEmpty { tokens.append(.word(String(word))) }
      word = String.UnicodeScalarView()
    }

    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "#", index == 0 || scalars[index - 1].properties.isWhitespace {
        bodyEnd = index
        break
      }
      if scalar.properties.isWhitespace {
        endWord()
        index += 1
        continue
      }
      guard scalar == "\"" else {
        word.append(scalar)
        index += 1
        continue
      }
      endWord()
      let column = String(String.UnicodeScalarView(scalars[..<index])).count + 1
      var text = String.UnicodeScalarView()
      index += 1
      var closed = false
      while index < scalars.count {
        let inner = scalars[index]
        if inner == "\"" {
          closed = true
          index += 1
          break
        }
        if inner == "\\" {
          guard index + 1 < scalars.count else { break }
          switch unescape(scalars, after: index) {
          case .success(let (scalar, length)):
            text.append(scalar)
            index += length
            continue
          case .failure(let error):
            return .failure(error)
          }
        }
        text.append(inner)
        index += 1
      }
      guard closed else {
        return .failure(
          StepError(
            "unterminated quote: the text starting at column \(column) has no closing `\"`"))
      }
      tokens.append(.quoted(String(text)))
    }
    endWord()
    scalars.removeSubrange(bodyEnd...)
    let body = String(String.UnicodeScalarView(scalars)).trimmingWhitespace()
    return .success(TokenizedLine(tokens: tokens, body: body))
  }
}

/// The scalar the escape at `scalars[backslash]` stands for, and how many characters the
/// escape takes, backslash included.
private func unescape(
  _ scalars: [Unicode.Scalar], after backslash: Int
) -> Result<(Unicode.Scalar, Int), StepError> {
  let escaped = scalars[backslash + 1]
  switch escaped {
  case "\"": return .success(("\"", 2))
  case "\\": return .success(("\\", 2))
  case "n": return .success(("\n", 2))
  case "r": return .success(("\r", 2))
  case "t": return .success(("\t", 2))
  case "u":
    let start = backslash + 2
    guard start < scalars.count, scalars[start] == "{",
      let close = scalars[start...].firstIndex(of: "}"), close > start + 1,
      close - start <= 9,
      let value = UInt32(String(String.UnicodeScalarView(scalars[(start + 1)..<close])), radix: 16),
      let scalar = Unicode.Scalar(value)
    else {
      return .failure(
        StepError(
          "`\\u` in quotes needs a Unicode scalar value in hexadecimal and braces, as in `\\u{1B}`"
        ))
    }
    return .success((scalar, close - backslash + 1))
  default:
    return .failure(
      StepError(
        "unknown escape `\\\(escaped)` in quotes; the escapes are `\\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\u{…}`"
      ))
  }
}

/// A one-sentence problem with a step line; the parser adds the file and the line.
struct StepError: Error, Equatable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

extension Character {
  /// `isWhitespace`, answered for ASCII (nearly every character of a scenario file) without
  /// looking the character up in the Unicode tables: that lookup took a quarter of parsing.
  var isSpace: Bool {
    guard let ascii = asciiValue else { return isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }
}

extension String {
  /// The string without leading and trailing white space.
  func trimmingWhitespace() -> String {
    guard let start = firstIndex(where: { !$0.isSpace }),
      let end = lastIndex(where: { !$0.isSpace })
    else { return "" }
    return String(self[start...end])
  }

  /// The first character that is not white space; `nil` for a blank line.
  var firstVisible: Character? {
    first { !$0.isSpace }
  }
}
