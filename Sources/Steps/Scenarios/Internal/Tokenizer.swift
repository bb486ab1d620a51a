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

/// A step line split into tokens, and its body: the line up to its trailing comment, trimmed, as
/// UTF-8 (only a message or a title reads it).
typealias TokenizedLine = (tokens: [Token], body: ArraySlice<UInt8>)

/// Splits step lines into words and double-quoted strings, with the escapes `Quoting` writes
/// (the article "Scenario language"); outside quotes, a `#` after whitespace starts a comment.
enum Tokenizer {
  /// The tokens of `line`, walked by its UTF-8 bytes: a quote, a backslash or a `#` is one byte
  /// that no combining mark after it can hide. Words and quoted runs are taken whole.
  static func tokenize(_ line: ArraySlice<UInt8>) throws(StepError) -> TokenizedLine {
    var tokens: [Token] = []
    tokens.reserveCapacity(line.count / 2 + 1)  // a token and a space after it take two bytes
    // Where the word being read starts; from the first token to the last: the body.
    var word: Int?
    var body: Range<Int>?
    var index = line.startIndex
    var afterSpace = true  // the start of the line counts as after white space

    func add(_ token: Token, from start: Int, to end: Int) {
      tokens.append(token)
      body = (body?.lowerBound ?? start)..<end
    }
    func endWord(at end: Int) {
      if let start = word { add(.word(line[start..<end].string), from: start, to: end) }
      word = nil
    }

    while index < line.endIndex {
      let start = index
      let (scalar, width) = line.scalar(at: index)
      if scalar == "#", afterSpace { break }
      afterSpace = scalar.isSpace
      index += width
      if scalar.isSpace {
        endWord(at: start)
      } else if scalar != "\"" {
        word = word ?? start
      } else {
        endWord(at: start)
        var text = ""
        var run = index  // the bytes since the last escape, copied whole
        while true {
          guard index < line.endIndex else {
            let column = line[..<start].string.count + 1
            throw StepError(
              "unterminated quote: the text starting at column \(column) has no closing `\"`")
          }
          let byte = line[index]
          index += 1
          if byte == UInt8(ascii: "\"") { break }
          guard byte == UInt8(ascii: "\\") else { continue }
          text += line[run..<(index - 1)].string
          text.unicodeScalars.append(try unescape(line, at: &index))
          run = index
        }
        add(.quoted(text + line[run..<(index - 1)].string), from: start, to: index)
      }
    }
    endWord(at: index)
    return (tokens, body.map { line[$0] } ?? [])
  }

  /// The scalar the escape at `index` (just after its backslash) stands for; moves `index` past
  /// the escape.
  private static func unescape(
    _ line: ArraySlice<UInt8>, at index: inout Int
  ) throws(StepError) -> Unicode.Scalar {
    guard index < line.endIndex else {
      throw StepError("a backslash ends the line inside quotes")
    }
    let (escaped, width) = line.scalar(at: index)
    index += width
    switch escaped {
    case "\"", "\\": return escaped
    case "n": return "\n"
    case "r": return "\r"
    case "t": return "\t"
    case "u":
      let digits = line[index...].dropFirst().prefix { $0 != UInt8(ascii: "}") }
      guard line[index...].first == UInt8(ascii: "{"), digits.endIndex < line.endIndex,
        !digits.isEmpty, digits.count <= 8,
        digits.allSatisfy({ Unicode.Scalar($0).properties.isASCIIHexDigit }),
        let value = UInt32(digits.string, radix: 16), let scalar = Unicode.Scalar(value)
      else {
        throw StepError(
          "`\\u` in quotes needs a Unicode scalar value in hexadecimal and braces, as in `\\u{1B}`"
        )
      }
      index = digits.endIndex + 1
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
