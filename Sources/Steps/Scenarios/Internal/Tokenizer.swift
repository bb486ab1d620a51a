import MealDB
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

  /// The word, or `nil` for a quoted string.
  var word: String? {
    if case .word(let word) = self { word } else { nil }
  }

  /// The word, or the quoted string's text.
  var text: String {
    switch self {
    case .word(let text), .quoted(let text): text
    }
  }
}

/// A step line split into tokens, and its body: the line up to its trailing comment, trimmed.
typealias TokenizedLine = (tokens: [Token], body: String)

/// Splits step lines into words and double-quoted strings, with the escapes `Quoting` writes
/// (the article "Scenario language"); outside quotes, a `#` after whitespace starts a comment.
enum Tokenizer {
  /// The tokens of `line`, walked scalar by scalar: a combining mark after a quote or a
  /// backslash must not hide them.
  static func tokenize(_ line: Substring) throws(StepError) -> TokenizedLine {
    let scalars = line.unicodeScalars
    var tokens: [Token] = []
    // Where the word being read starts; a word is taken whole from the line when it ends.
    var word: String.Index?
    var bodyEnd = scalars.endIndex
    var index = scalars.startIndex
    var afterSpace = true  // the start of the line counts as after white space

    func endWord(at end: String.Index) {
      if let start = word { tokens.append(.word(String(scalars[start..<end]))) }
      word = nil
    }

    while index < scalars.endIndex {
      let start = index
      let scalar = scalars[index]
      if scalar == "#", afterSpace {
        bodyEnd = index
        break
      }
      afterSpace = scalar.isSpace
      scalars.formIndex(after: &index)
      if scalar.isSpace {
        endWord(at: start)
      } else if scalar != "\"" {
        word = word ?? start
      } else {
        endWord(at: start)
        var text = ""
        while true {
          guard index < scalars.endIndex else {
            let column = line[..<start].count + 1
            throw StepError(
              "unterminated quote: the text starting at column \(column) has no closing `\"`")
          }
          let inner = scalars[index]
          scalars.formIndex(after: &index)
          if inner == "\"" { break }
          text.unicodeScalars.append(inner == "\\" ? try unescape(scalars, at: &index) : inner)
        }
        tokens.append(.quoted(text))
      }
    }
    endWord(at: bodyEnd)
    let body = Substring(scalars[..<bodyEnd]).trimmed(.whitespacesAndNewlines)
    return (tokens, body)
  }

  /// The scalar the escape at `index` (just after its backslash) stands for; moves `index` past
  /// the escape.
  private static func unescape(
    _ scalars: Substring.UnicodeScalarView, at index: inout String.Index
  ) throws(StepError) -> Unicode.Scalar {
    guard index < scalars.endIndex else {
      throw StepError("a backslash ends the line inside quotes")
    }
    let escaped = scalars[index]
    scalars.formIndex(after: &index)
    switch escaped {
    case "\"", "\\": return escaped
    case "n": return "\n"
    case "r": return "\r"
    case "t": return "\t"
    case "u":
      let digits = scalars[index...].dropFirst().prefix { $0 != "}" }
      guard scalars[index...].first == "{", digits.endIndex < scalars.endIndex, !digits.isEmpty,
        digits.count <= 8, digits.allSatisfy(\.properties.isASCIIHexDigit),
        let value = UInt32(String(Substring(digits)), radix: 16),
        let scalar = Unicode.Scalar(value)
      else {
        throw StepError(
          "`\\u` in quotes needs a Unicode scalar value in hexadecimal and braces, as in `\\u{1B}`"
        )
      }
      index = scalars.index(after: digits.endIndex)
      return scalar
    default:
      throw StepError(
        "unknown escape `\\\(escaped)` in quotes; the escapes are `\\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\u{…}`"
      )
    }
  }
}

/// A one-sentence problem with a step line, or with the line of its block at `index`
/// (0-based); the parser adds the file and the line.
struct StepError: Error, Equatable {
  var message: String
  var index: Int?

  init(_ message: String, at index: Int? = nil) {
    self.message = message
    self.index = index
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is white space in a scenario file, what separates words and indents
  /// blocks: the white space the package trims (`WhiteSpace.whitespacesAndNewlines`).
  var isSpace: Bool { WhiteSpace.whitespacesAndNewlines.contains(self) }
}

extension StringProtocol {
  /// The first scalar that is not white space; `nil` for a blank line.
  var firstVisible: Unicode.Scalar? {
    unicodeScalars.first { !$0.isSpace }
  }
}

extension Substring {
  /// The white space at the start of the line.
  var indentation: Substring {
    Substring(unicodeScalars.prefix { $0.isSpace })
  }
}
