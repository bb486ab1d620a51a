extension JSONReader {
  // MARK: - Strings

  /// The text of the string that comes next (after white space), taking it.
  package mutating func string() throws(Failure) -> String {
    Self.string(in: bytes, written: try skipString())
  }

  /// Takes the string that comes next (after white space), checking it, and returns where its
  /// text is written (between its quotes): `string(in:written:)` makes the text of it.
  package mutating func skipString() throws(Failure) -> Range<Int> {
    try expect(UInt8(ascii: "\""))
    let start = position
    position = plainRunEnd(from: start)
    if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
      position += 1
    } else {
      var nothing: [UInt8] = []
      try readString(into: &nothing, copying: false)
    }
    return start..<position - 1
  }

  /// Takes the string that comes next (after white space) and appends it to `out` as
  /// `JSONWriter.writeString` writes its text, in quotes, without making the text.
  package mutating func copyString(to out: inout [UInt8]) throws(Failure) {
    try expect(UInt8(ascii: "\""))
    // A string of plain ASCII without escapes is written as it stands, quotes and all.
    let end = plainRunEnd(from: position)
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position - 1...end]))
      position = end + 1
      return
    }
    out.append(UInt8(ascii: "\""))
    try readString(into: &out, copying: true)
    out.append(UInt8(ascii: "\""))
  }

  /// The text of the string written at `written` (between its quotes) in `bytes`, which
  /// `skipString` took.
  package static func string(in bytes: UnsafeBufferPointer<UInt8>, written: Range<Int>) -> String {
    // Copied but for the escapes (`skipString` checked the rest), into the String's own storage:
    // an escape is longer than the UTF-8 of its character, so the text fits in `written.count`.
    String(unsafeUninitializedCapacity: written.count) { out in
      var count = 0
      func copy(_ from: Int, _ to: Int) {
        (out.baseAddress! + count).update(from: bytes.baseAddress! + from, count: to - from)
        count += to - from
      }
      var reader = JSONReader(bytes)
      reader.position = written.lowerBound
      while let backslash = bytes[reader.position..<written.upperBound].firstIndex(
        of: UInt8(ascii: "\\"))
      {
        copy(reader.position, backslash)
        reader.position = backslash
        // `skipString` read it already: an escape cannot fail.
        guard let scalar = try? reader.escape() else { break }
        UTF8.encode(scalar) {
          out[count] = $0
          count += 1
        }
      }
      copy(reader.position, written.upperBound)
      return count
    }
  }

  /// Reads the rest of a string, from `position` (inside its quotes) to the closing quote, which
  /// it takes, checking it and, when `copying`, appending its text to `out` as `JSONWriter`
  /// writes it.
  private mutating func readString(into out: inout [UInt8], copying: Bool) throws(Failure) {
    /// Appends a character that is not plain.
    func append(_ scalar: Unicode.Scalar) {
      guard copying else { return }
      for unit in UTF16.encode(scalar)! { JSONWriter.write(unit: unit, to: &out) }
    }
    while true {
      let start = position
      position = plainRunEnd(from: start)
      if copying { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position])) }
      guard position < bytes.count else { throw syntaxError("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        append(try escape())
      case UInt8(ascii: "/"), 0x7F:
        append(Unicode.Scalar(byte))
        position += 1
      case 0..<0x20:
        throw syntaxError("unescaped control character in a string")
      default:
        append(try utf8Scalar())
      }
    }
  }

  /// After a string's backslash (at `position`): the character it stands for, taken.
  private mutating func escape() throws(Failure) -> Unicode.Scalar {
    let backslash = position
    position += 1
    guard position < bytes.count else { throw syntaxError("unterminated string") }
    let letter = bytes[position]
    position += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): break
    default:
      position = backslash
      throw syntaxError("invalid escape in a string")
    }
    let unit = try hexUnit()
    if let scalar = Unicode.Scalar(unit) { return scalar }
    // Half of a pair: with the other half right after it, one character.
    if UTF16.isLeadSurrogate(unit), bytes.count - position >= 6,
      bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    {
      let next = position
      position += 2
      let trail = try hexUnit()
      if UTF16.isTrailSurrogate(trail) { return UTF16.decode(UTF16.EncodedScalar([unit, trail])) }
      position = next
    }
    throw .loneSurrogate(offset: backslash)
  }

  /// Four hex digits, taken.
  private mutating func hexUnit() throws(Failure) -> UInt16 {
    guard bytes.count - position >= 4 else { throw syntaxError("unterminated string") }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("invalid \\u escape")
      }
      unit = unit << 4 | UInt16(digit)
      position += 1
    }
    return unit
  }

  // MARK: - Plain runs

  /// The end of the run of plain bytes (see `isPlain(_:)`) that starts at `start`.
  func plainRunEnd(from start: Int) -> Int {
    var end = start
    Self.plainBytes.withUnsafeBufferPointer { plain in
      while end < bytes.count, plain[Int(bytes[end])] { end += 1 }
    }
    return end
  }

  /// `isPlain(_:)` of each byte, looked up rather than worked out: plain runs are most of a
  /// catalog's bytes.
  private static let plainBytes = (0...255).map { isPlain(UInt8($0)) }

  /// Printable ASCII but `"`, `\` and `/`: a string's bytes that are their own text and that
  /// `JSONWriter` writes as they are.
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C && byte != 0x2F
  }

  // MARK: - UTF-8

  /// Decodes one multi-byte UTF-8 sequence at `position`, taking it; rejects overlong forms,
  /// surrogates, scalars beyond U+10FFFF and stray bytes.
  mutating func utf8Scalar() throws(Failure) -> Unicode.Scalar {
    let first = bytes[position]
    let count: Int
    let minimum: UInt32
    var value: UInt32
    switch first {
    case 0xC2...0xDF: (count, minimum, value) = (2, 0x80, UInt32(first & 0x1F))
    case 0xE0...0xEF: (count, minimum, value) = (3, 0x800, UInt32(first & 0x0F))
    case 0xF0...0xF4: (count, minimum, value) = (4, 0x10000, UInt32(first & 0x07))
    default: throw .invalidUTF8(offset: position)
    }
    guard count <= bytes.count - position else { throw .invalidUTF8(offset: position) }
    for index in 1..<count {
      let byte = bytes[position + index]
      guard byte & 0xC0 == 0x80 else { throw .invalidUTF8(offset: position) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw .invalidUTF8(offset: position)
    }
    position += count
    return scalar
  }

  /// The offset of the first byte of `bytes` that starts no valid UTF-8 character, if any.
  package static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var reader = JSONReader(bytes)
    while reader.position < bytes.count {
      if bytes[reader.position] < 0x80 {
        reader.position += 1
      } else if (try? reader.utf8Scalar()) == nil {
        return reader.position
      }
    }
    return nil
  }
}
