import Spelling
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
  ///
  /// The line is walked scalar by scalar, not Character by Character: a combining mark after a
  /// quote or a backslash must not hide them.
  static func tokenize(_ line: String) -> Result<TokenizedLine, StepError> {
    let scalars = line.unicodeScalars
    var tokens: [Token] = []
    var word = String.UnicodeScalarView()
    var bodyEnd = scalars.endIndex
    var index = scalars.startIndex
    var afterSpace = true  // the start of the line counts as after white space

    func endWord() {
      if !word.isEmpty { tokens.append(.word(String(word))) }
      word = String.UnicodeScalarView()
    }

    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "#", afterSpace {
        bodyEnd = index
        break
      }
      afterSpace = scalar.isSpace
      if scalar.isSpace {
        endWord()
        scalars.formIndex(after: &index)
        continue
      }
      guard scalar == "\"" else {
        word.append(scalar)
        scalars.formIndex(after: &index)
        continue
      }
      endWord()
      let quote = index
      var text = String.UnicodeScalarView()
      scalars.formIndex(after: &index)
      var closed = false
      while index < scalars.endIndex {
        let inner = scalars[index]
        scalars.formIndex(after: &index)
        if inner == "\"" {
          closed = true
          break
        }
        guard inner == "\\" else {
          text.append(inner)
          continue
        }
        switch unescape(scalars[index...]) {
        case .success(let (escaped, end)):
          text.append(escaped)
          index = end
        case .failure(let error):
          return .failure(error)
        }
      }
      guard closed else {
        let column = line[..<quote].count + 1
        return .failure(
          StepError(
            "unterminated quote: the text starting at column \(column) has no closing `\"`"))
      }
      tokens.append(.quoted(String(text)))
    }
    endWord()
    let body = String(Substring(line.unicodeScalars[..<bodyEnd])).trimmingWhitespace()
    return .success(TokenizedLine(tokens: tokens, body: body))
  }
}

/// The scalar the escape at the start of `rest` (just after its backslash) stands for, and
/// where the escape ends.
private func unescape(
  _ rest: Substring.UnicodeScalarView
) -> Result<(Unicode.Scalar, String.Index), StepError> {
  guard let escaped = rest.first else {
    return .failure(StepError("a backslash ends the line inside quotes"))
  }
  let after = rest.index(after: rest.startIndex)
  switch escaped {
  case "\"": return .success(("\"", after))
  case "\\": return .success(("\\", after))
  case "n": return .success(("\n", after))
  case "r": return .success(("\r", after))
  case "t": return .success(("\t", after))
  case "u":
    let digits = rest[after...].dropFirst().prefix { $0 != "}" }
    guard rest[after...].first == "{", digits.endIndex < rest.endIndex, !digits.isEmpty,
      digits.count <= 8, digits.allSatisfy(\.properties.isASCIIHexDigit),
      let value = UInt32(String(digits), radix: 16),
      let scalar = Unicode.Scalar(value)
    else {
      return .failure(
        StepError(
          "`\\u` in quotes needs a Unicode scalar value in hexadecimal and braces, as in `\\u{1B}`"
        ))
    }
    return .success((scalar, rest.index(after: digits.endIndex)))
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

extension Unicode.Scalar {
  /// Whether the scalar is white space in a scenario file, what separates words and indents
  /// blocks: ASCII's space, tab and line breaks, or any other Unicode white space.
  var isSpace: Bool {
    isASCII ? self == " " || (0x09...0x0D).contains(value) : properties.isWhitespace
  }
}

extension String {
  /// The text without leading and trailing white space.
  package func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.isSpace }),
      let end = scalars.lastIndex(where: { !$0.isSpace })
    else { return "" }
    return String(Substring(scalars[start...end]))
  }

  /// The first scalar that is not white space; `nil` for a blank line.
  var firstVisible: Unicode.Scalar? {
    unicodeScalars.first { !$0.isSpace }
  }

  /// The white space at the start of the line.
  var indentation: Substring.UnicodeScalarView {
    unicodeScalars.prefix { $0.isSpace }
  }
}
