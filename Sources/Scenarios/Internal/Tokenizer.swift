/// A word or a quoted string on a step line.
enum Token: Equatable, Sendable {
  case word(String)
  case quoted(String)

  /// The token as it was written, for messages.
  var source: String {
    switch self {
    case .word(let word): word
    case .quoted(let text):
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
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
/// Inside quotes, `\"` is a quote and `\\` a backslash; every other character, German quotes
/// „“ included, stands for itself. Outside quotes, a `#` after whitespace starts a comment.
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

  /// The tokens of `line` walked Character by Character: the definition of the step syntax,
  /// which `tokenize(plain:)` follows on plain lines, and the way every other line is read.
  static func tokenizeCharacters(_ line: String) -> Result<TokenizedLine, StepError> {
    var tokens: [Token] = []
    var word = ""
    var characters = Array(line)
    var bodyEnd = characters.count
    var index = 0

    func endWord() {
      if !word.isEmpty { tokens.append(.word(word)) }
      word = ""
    }

    while index < characters.count {
      let character = characters[index]
      if character == "#", index == 0 || characters[index - 1].isSpace {
        bodyEnd = index
        break
      }
      if character.isSpace {
        endWord()
        index += 1
        continue
      }
      guard character == "\"" else {
        word.append(character)
        index += 1
        continue
      }
      endWord()
      let start = index
      var text = ""
      index += 1
      var closed = false
      while index < characters.count {
        let inner = characters[index]
        if inner == "\"" {
          closed = true
          index += 1
          break
        }
        if inner == "\\" {
          guard index + 1 < characters.count else { break }
          let escaped = characters[index + 1]
          guard escaped == "\"" || escaped == "\\" else {
            return .failure(
              StepError(
                "unknown escape `\\\(escaped)` in quotes; only `\\\"` and `\\\\` are allowed"))
          }
          text.append(escaped)
          index += 2
          continue
        }
        text.append(inner)
        index += 1
      }
      guard closed else {
        return .failure(
          StepError(
            "unterminated quote: the text starting at column \(start + 1) has no closing `\"`"))
      }
      tokens.append(.quoted(text))
    }
    endWord()
    characters.removeSubrange(bodyEnd...)
    let body = String(characters).trimmingWhitespace()
    return .success(TokenizedLine(tokens: tokens, body: body))
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
