import Foundation

/// Reads JSON from bytes in one pass and writes each value straight back out the way
/// `JSONWriter` writes it, so that a record is parsed once and kept as its answer's bytes, without
/// a tree of `JSONValue`s in between.
///
/// Only the few texts the catalog searches by are made into `String`s; everything else goes from
/// the file's bytes to the answer's bytes. Invalid UTF-8 inside a string is reported with its
/// offset, apart from other syntax errors.
struct JSONScanner {
  /// What went wrong, and at which byte (from 0).
  enum Failure: Error {
    case syntax(String, offset: Int)
    case invalidUTF8(offset: Int)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - Structure

  var isAtEnd: Bool { position >= bytes.count }

  /// The next byte after white space, without taking it; `nil` at the end.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Takes `byte`, after white space, or throws.
  mutating func expect(_ byte: UInt8) throws {
    guard peek() == byte else {
      throw syntaxError("expected “\(Character(Unicode.Scalar(byte)))”")
    }
    position += 1
  }

  /// Takes `byte` if it comes next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// After an element: `true` when another follows (a comma was taken), `false` at `close`.
  mutating func another(closing close: UInt8) throws -> Bool {
    if take(UInt8(ascii: ",")) { return true }
    try expect(close)
    return false
  }

  /// Throws unless only white space is left.
  mutating func expectEnd() throws {
    guard peek() == nil else { throw syntaxError("unexpected text after the JSON value") }
  }

  func syntaxError(_ message: String) -> Failure {
    position < bytes.count
      ? .syntax(message, offset: position) : .syntax("unexpected end of the data", offset: position)
  }

  private mutating func skipWhitespace() {
    var end = position
    while end < bytes.count {
      switch bytes[end] {
      case 0x20, 0x0A, 0x0D, 0x09: end += 1
      default:
        position = end
        return
      }
    }
    position = end
  }

  // MARK: - Values

  /// Copies the next value to `out` as `JSONWriter` would write it.
  mutating func copyValue(to out: inout [UInt8]) throws {
    if peek() == UInt8(ascii: "\"") {
      _ = try copyString(to: &out, capture: false)
    } else {
      JSONWriter.write(try value(), to: &out)
    }
  }

  /// The next value as a tree (for the rare values that are not strings).
  mutating func value() throws -> JSONValue {
    switch peek() {
    case UInt8(ascii: "\""):
      var scratch: [UInt8] = []
      return .string(try copyString(to: &scratch, capture: true) ?? "")
    case UInt8(ascii: "{"):
      position += 1
      var members: [String: JSONValue] = [:]
      if take(UInt8(ascii: "}")) { return .object(members) }
      repeat {
        let key = try key()
        members[key] = try value()
      } while try another(closing: UInt8(ascii: "}"))
      return .object(members)
    case UInt8(ascii: "["):
      position += 1
      var items: [JSONValue] = []
      if take(UInt8(ascii: "]")) { return .array(items) }
      repeat {
        items.append(try value())
      } while try another(closing: UInt8(ascii: "]"))
      return .array(items)
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case let byte? where byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10:
      return .number(try number())
    default: throw syntaxError("expected a JSON value")
    }
  }

  /// A member's key and the colon after it.
  mutating func key() throws -> String {
    guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
    // Keys are short plain ASCII: read them straight from the bytes when they are.
    let start = position + 1
    let end = plainRunEnd(from: start)
    let key: String
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      key = text(start..<end)
      position = end + 1
    } else {
      var scratch: [UInt8] = []
      key = try copyString(to: &scratch, capture: true) ?? ""
    }
    try expect(UInt8(ascii: ":"))
    return key
  }

  /// Takes a key and the colon after it, if the key comes next as `quoted` spells it (in quotes,
  /// without escapes); otherwise takes nothing but white space.
  mutating func take(key quoted: UnsafeBufferPointer<UInt8>) throws -> Bool {
    guard peek() == UInt8(ascii: "\""), quoted.count <= bytes.count - position,
      let here = bytes.baseAddress.map(UnsafeRawPointer.init),
      let key = quoted.baseAddress.map(UnsafeRawPointer.init),
      Self.same(here + position, key, count: quoted.count)
    else { return false }
    position += quoted.count
    try takeColon()
    return true
  }

  /// Whether the `count` bytes at `left` and `right` are the same, compared eight at a time (a
  /// call of `memcmp` costs more for keys of 8 to 30 bytes).
  @inline(__always)
  private static func same(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool
  {
    guard count >= 8 else { return memcmp(left, right, count) == 0 }
    var offset = 0
    // Whole words, then the last eight bytes, which may overlap the words before.
    while true {
      if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      if offset == count - 8 { return true }
      offset = min(offset + 8, count - 8)
    }
  }

  /// The bytes of a key without escapes (between its quotes), taking it and the colon after it;
  /// `nil`, taking nothing but white space, for a key with escapes or beyond plain ASCII, which
  /// `key()` reads.
  mutating func plainKey() throws -> UnsafeBufferPointer<UInt8>? {
    guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a key in quotes") }
    let start = position + 1
    let end = plainRunEnd(from: start)
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    position = end + 1
    try takeColon()
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Takes the colon after a key, which nearly always follows it at once.
  @inline(__always)
  private mutating func takeColon() throws {
    if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
      position += 1
    } else {
      try expect(UInt8(ascii: ":"))
    }
  }

  /// Takes `null` if it comes next.
  mutating func takeNull() throws -> Bool {
    guard peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  private mutating func literal(_ word: StaticString) throws {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count,
      UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(
        bytes[position..<position + count])
    else { throw syntaxError("expected a JSON value") }
    position += count
  }

  private mutating func number() throws -> Double {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
      return position - first
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard digits() > 0 else { throw syntaxError("expected a digit") }
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
    let text = text(start..<position)
    guard let number = Double(text) else {
      position = start
      throw syntaxError("expected a number")
    }
    return number
  }

  // MARK: - Strings

  /// Copies the string that starts here to `out` as `JSONWriter.writeString` writes it, and
  /// returns its text when `capture` is set.
  mutating func copyString<Out: ByteSink & ~Copyable>(to out: inout Out, capture: Bool) throws
    -> String?
  {
    position += 1  // the opening quote
    out.append(UInt8(ascii: "\""))
    let start = position
    var plain = true  // no escapes: the text is the bytes between the quotes
    var scalars = String.UnicodeScalarView()
    while true {
      // Runs of plain printable ASCII, nearly all of a record, are copied in one go.
      // (Counted in a local: stepping `position` itself stores it to memory at every byte.)
      let run = position
      position = plainRunEnd(from: run)
      if position > run {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
        if !plain, capture { scalars.append(contentsOf: text(run..<position).unicodeScalars) }
      }
      guard position < bytes.count else { throw syntaxError("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let end = position
        position += 1
        out.append(UInt8(ascii: "\""))
        guard capture else { return nil }
        if plain { return text(start..<end) }
        return String(scalars)
      case UInt8(ascii: "\\"):
        if plain, capture {
          scalars = text(start..<position).unicodeScalars
        }
        plain = false
        let scalar = try escape(to: &out)
        if capture { scalars.append(scalar) }
      case UInt8(ascii: "/"):
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "/"))
        position += 1
        if !plain, capture { scalars.append("/") }
      case 0x20..<0x7F:
        out.append(byte)
        position += 1
        if !plain, capture { scalars.append(Unicode.Scalar(byte)) }
      case 0..<0x20:
        throw syntaxError("unescaped control character in a string")
      case 0x7F:
        Self.writeUnit(0x7F, to: &out)
        position += 1
        if !plain, capture { scalars.append(Unicode.Scalar(byte)) }
      default:
        let scalar = try utf8Scalar()
        for unit in UTF16.encode(scalar)! { Self.writeUnit(unit, to: &out) }
        if !plain, capture { scalars.append(scalar) }
      }
    }
  }

  /// The bytes in `range`, which are valid UTF-8, as a `String`.
  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The end of the run of plain bytes (see `isPlain`) that starts at `start`.
  ///
  /// Eight bytes are looked at in one go, as a `UInt64`, until a word holds a byte that is not
  /// plain; the bytes from there on are looked at one by one.
  @inline(__always)
  private func plainRunEnd(from start: Int) -> Int {
    var end = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while end + 8 <= bytes.count {
        guard Self.isPlain(word: base.loadUnaligned(fromByteOffset: end, as: UInt64.self)) else {
          break
        }
        end += 8
      }
    }
    while end < bytes.count, Self.isPlain(bytes[end]) { end += 1 }
    return end
  }

  /// Whether all eight bytes of `word` are plain. Each test below sets the high bit of some byte
  /// exactly when at least one byte matches it (the classic "has a zero byte" bit tricks: a
  /// borrow or carry may mark a further byte, but only after a byte that really matches).
  @inline(__always)
  private static func isPlain(word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Some byte of `value` is 0.
    func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let control = (word &- ones &* 0x20) & ~word & highs  // a byte below 0x20
    let beyond = ((word &+ ones) | word) & highs  // a byte from 0x7F up
    let quote = zeroByte(word ^ (ones &* 0x22))
    let backslash = zeroByte(word ^ (ones &* 0x5C))
    let slash = zeroByte(word ^ (ones &* 0x2F))
    return control | beyond | quote | backslash | slash == 0
  }

  /// Printable ASCII that `JSONWriter` writes as it is: all but `"`, `\` and `/`.
  @inline(__always)
  private static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C && byte != 0x2F
  }

  /// Reads one escape (`\n`, `\u00e4`, a surrogate pair) and writes it.
  private mutating func escape<Out: ByteSink & ~Copyable>(to out: inout Out) throws
    -> Unicode.Scalar
  {
    position += 1
    guard position < bytes.count else { throw syntaxError("unterminated string") }
    let letter = bytes[position]
    position += 1
    let simple: UInt16? =
      switch letter {
      case UInt8(ascii: "\""): 0x22
      case UInt8(ascii: "\\"): 0x5C
      case UInt8(ascii: "/"): 0x2F
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      Self.writeUnit(simple, to: &out)
      return Unicode.Scalar(simple)!
    }
    guard letter == UInt8(ascii: "u") else {
      position -= 2
      throw syntaxError("invalid escape in a string")
    }
    let unit = try hexUnit()
    Self.writeUnit(unit, to: &out)
    if UTF16.isLeadSurrogate(unit), position + 1 < bytes.count,
      bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    {
      let saved = position
      position += 2
      let trail = try hexUnit()
      if UTF16.isTrailSurrogate(trail) {
        Self.writeUnit(trail, to: &out)
        return UTF16.decode(UTF16.EncodedScalar([unit, trail]))
      }
      position = saved
    }
    return Unicode.Scalar(unit) ?? "\u{FFFD}"
  }

  private mutating func hexUnit() throws -> UInt16 {
    guard position + 4 <= bytes.count else { throw syntaxError("unterminated string") }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8 =
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: throw syntaxError("invalid \\u escape")
        }
      unit = unit << 4 | UInt16(digit)
      position += 1
    }
    return unit
  }

  /// Decodes one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and stray bytes.
  private mutating func utf8Scalar() throws -> Unicode.Scalar {
    let first = bytes[position]
    let (count, minimum, initial): (Int, UInt32, UInt32) =
      switch first {
      case 0xC2...0xDF: (2, 0x80, UInt32(first & 0x1F))
      case 0xE0...0xEF: (3, 0x800, UInt32(first & 0x0F))
      case 0xF0...0xF4: (4, 0x10000, UInt32(first & 0x07))
      default: throw Failure.invalidUTF8(offset: position)
      }
    guard position + count <= bytes.count else { throw Failure.invalidUTF8(offset: position) }
    var value = initial
    for index in 1..<count {
      let byte = bytes[position + index]
      guard byte & 0xC0 == 0x80 else { throw Failure.invalidUTF8(offset: position) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw Failure.invalidUTF8(offset: position)
    }
    position += count
    return scalar
  }

  /// One UTF-16 unit as `JSONWriter.writeString` writes it.
  @inline(__always)
  static func writeUnit<Out: ByteSink & ~Copyable>(_ unit: UInt16, to out: inout Out) {
    let backslash = UInt8(ascii: "\\")
    switch unit {
    case 0x22, 0x5C, 0x2F:
      out.append(backslash)
      out.append(UInt8(unit))
    case 0x0A:
      out.append(backslash)
      out.append(UInt8(ascii: "n"))
    case 0x0D:
      out.append(backslash)
      out.append(UInt8(ascii: "r"))
    case 0x09:
      out.append(backslash)
      out.append(UInt8(ascii: "t"))
    case 0x20..<0x7F: out.append(UInt8(unit))
    default:
      out.append(backslash)
      out.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(JSONWriter.hexDigits[Int(unit >> UInt16(shift) & 0xF)])
      }
    }
  }

  // MARK: - UTF-8 alone

  /// The offset of the first byte that is not valid UTF-8, if any.
  static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var scanner = JSONScanner(bytes)
    while scanner.position < bytes.count {
      if bytes[scanner.position] < 0x80 {
        scanner.position += 1
      } else if (try? scanner.utf8Scalar()) == nil {
        return scanner.position
      }
    }
    return nil
  }
}

/// Where `JSONScanner` writes the bytes it copies: an array, or the reader's `ByteBuffer`.
protocol ByteSink: ~Copyable {
  mutating func append(_ byte: UInt8)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {}

/// Bytes written through a pointer: appending checks only the capacity, where an array also
/// checks that its storage is not shared, which was a fifth of reading a record.
struct ByteBuffer: ~Copyable, ByteSink {
  private var start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    start[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    if bytes.count > capacity - count { grow(to: count + bytes.count) }
    (start + count).initialize(from: base, count: bytes.count)
    count += bytes.count
  }

  @inline(never)
  private mutating func grow(to needed: Int) {
    let larger = max(needed, capacity * 2)
    let new = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    new.initialize(from: start, count: count)
    start.deallocate()
    start = new
    capacity = larger
  }

  mutating func removeAll() { count = 0 }

  /// The bytes in `range`, valid until the next change.
  subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
  }

  /// All the bytes, valid until the next change.
  var all: UnsafeBufferPointer<UInt8> { self[0..<count] }
}
