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
