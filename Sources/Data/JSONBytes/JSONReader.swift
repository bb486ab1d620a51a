/// Reads JSON text (RFC 8259) from bytes in memory, one piece at a time, for the package's two
/// readers: the catalog loader and `AnswerReader`, which builds the API's models from an
/// answer. Each walks the document with these pieces and builds only what it needs.
///
/// Every failure names the byte (from 0) where the text stops being JSON, and text that is not
/// valid UTF-8 is told apart from other syntax errors. Half of a surrogate pair (`\ud800`
/// alone) is valid JSON but no text, and is refused wherever a string is read: the app's
/// decoders refuse it too.
package struct JSONReader {
  /// What is wrong, and at which byte (from 0).
  package enum Failure: Error, Equatable, Sendable {
    case syntax(String, offset: Int)
    case invalidUTF8(offset: Int)
    /// Half of a surrogate pair (`\ud83c` alone), escaped at `offset`: valid JSON, but no text.
    case loneSurrogate(offset: Int)
  }

  package let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  package var position = 0
  /// Arrays and objects open around `position` (see `enter(limit:)`).
  package internal(set) var depth = 0

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - Structure

  /// The next byte after white space (JSON's four), without taking it; `nil` at the end.
  package mutating func peek() -> UInt8? {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return bytes[position]
      }
    }
    return nil
  }

  /// Takes `byte` if it comes next, after white space.
  package mutating func take(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// Takes `byte`, after white space, or throws.
  package mutating func expect(_ byte: UInt8) throws(Failure) {
    guard take(byte) else { throw expected(byte) }
  }

  /// After an element: `true` when another follows (a comma was taken), `false` at `close`,
  /// which is taken.
  package mutating func another(closing close: UInt8) throws(Failure) -> Bool {
    if take(UInt8(ascii: ",")) { return true }
    try expect(close)
    return false
  }

  /// Throws unless only white space is left.
  package mutating func expectEnd() throws(Failure) {
    guard peek() == nil else { throw syntaxError("unexpected text after the JSON value") }
  }

  /// Counts one more array or object open; throws when that makes more than `limit`. Nesting
  /// has a bound so that reading a hostile file cannot exhaust the stack of whoever reads it.
  package mutating func enter(limit: Int) throws(Failure) {
    guard depth < limit else {
      throw syntaxError("arrays and objects nested more than \(limit) deep")
    }
    depth += 1
  }

  /// Counts one array or object closed.
  package mutating func leave() {
    depth -= 1
  }

  /// A syntax error at the current byte, or at the end.
  package func syntaxError(_ message: String) -> Failure {
    position < bytes.count
      ? .syntax(message, offset: position) : .syntax("unexpected end of the data", offset: position)
  }

  func expected(_ byte: UInt8) -> Failure {
    syntaxError("expected “\(Character(Unicode.Scalar(byte)))”")
  }

  // MARK: - Literals and numbers

  /// Takes `word` (`null`, `true` or `false`), which starts here, or throws.
  package mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard count <= bytes.count - position,
      UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(
        bytes[position..<position + count])
    else { throw syntaxError("expected a JSON value") }
    position += count
  }

  /// Whether a number starts here: `-` or a digit.
  package var atNumber: Bool {
    position < bytes.count
      && (bytes[position] == UInt8(ascii: "-") || bytes[position] &- UInt8(ascii: "0") < 10)
  }

  /// The number that starts here, by JSON's grammar (no leading zeros, no `+`, no bare `.`).
  package mutating func number() throws(Failure) -> Double {
    let start = position
    /// Takes a run of digits; how many.
    func digits() -> Int {
      let first = position
      while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
      return position - first
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0 else { throw syntaxError("expected a digit") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      position = integerStart + 1
      throw syntaxError("expected no digit after a leading 0")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw syntaxError("expected a digit") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { throw syntaxError("expected a digit") }
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let number = Double(text) else {
      position = start
      throw syntaxError("expected a number")
    }
    guard number.isFinite else {
      position = start
      throw syntaxError("a number beyond the range of a Double")
    }
    return number
  }

  // MARK: - Keys

  /// A member's key and the colon after it.
  package mutating func key() throws(Failure) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
    let key = try string()
    try expect(UInt8(ascii: ":"))
    return key
  }
}
