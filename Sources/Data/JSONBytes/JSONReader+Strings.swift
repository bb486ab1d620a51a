extension JSONReader {
  // MARK: - Strings

  /// The text of the string that comes next (after white space), taking it.
  ///
  /// - Parameter loneSurrogates: what half of a surrogate pair becomes.
  package mutating func string(
    loneSurrogates: LoneSurrogates = .replaced
  ) throws(Failure) -> String {
    try expect(UInt8(ascii: "\""))
    // Most strings are plain ASCII without escapes: their bytes are their text.
    let start = position
    let end = plainRunEnd(from: start)
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      position = end + 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
    var text = ByteBuffer(capacity: end - start + 32)
    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    position = end
    try withUnsafeMutablePointer(to: &text) { (text) throws(Failure) in
      var sink = TextSink(text: text, loneSurrogates: loneSurrogates)
      try readString(into: &sink)
    }
    return String(decoding: text.all, as: UTF8.self)
  }

  /// Takes the string that comes next (after white space), checking it as `string(loneSurrogates:)`
  /// reads it, and returns where its text is written (between its quotes) and whether that is
  /// plain ASCII without escapes, its text as it stands. For a reader that makes text only of
  /// the strings it needs (`string(in:)` makes it later).
  package mutating func skipString(
    loneSurrogates: LoneSurrogates = .replaced
  ) throws(Failure) -> (written: Range<Int>, isPlain: Bool) {
    try expect(UInt8(ascii: "\""))
    let start = position
    let end = plainRunEnd(from: start)
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      position = end + 1
      return (start..<end, true)
    }
    position = end
    var sink = CheckingSink(loneSurrogates: loneSurrogates)
    try readString(into: &sink)
    return (start..<position - 1, false)
  }

  /// The text of the string written at `written` (between its quotes) in `bytes`, which
  /// `skipString` took; `nil` for half of a surrogate pair when `loneSurrogates` refuses it.
  package static func string(
    in bytes: UnsafeBufferPointer<UInt8>, written: Range<Int>, isPlain: Bool,
    loneSurrogates: LoneSurrogates = .replaced
  ) -> String? {
    if isPlain {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[written]), as: UTF8.self)
    }
    var reader = JSONReader(bytes)
    reader.position = written.lowerBound - 1
    return try? reader.string(loneSurrogates: loneSurrogates)
  }

  /// Copies the string that comes next (after white space) to `out` as `JSONWriter` writes
  /// strings, taking it. Half of a surrogate pair is copied as it is.
  package mutating func copyString(to out: inout ByteBuffer) throws(Failure) {
    try expect(UInt8(ascii: "\""))
    let start = position
    out.append(UInt8(ascii: "\""))
    if let end = canonicalStringEnd(from: start) {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      out.append(UInt8(ascii: "\""))
      position = end + 1
      return
    }
    try withUnsafeMutablePointer(to: &out) { (out) throws(Failure) in
      var sink = EscapedSink(out: out)
      try readString(into: &sink)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Copies the string that comes next (after white space) to `out` as `JSONWriter` writes
  /// strings, taking it, and returns its text (U+FFFD for half of a surrogate pair, which is
  /// copied as it is); `text` is scratch space for it.
  package mutating func copyString(
    to out: inout ByteBuffer, text: inout ByteBuffer
  ) throws(Failure) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw expected(UInt8(ascii: "\"")) }
    let start = position + 1
    out.append(UInt8(ascii: "\""))
    if let string = try takeCanonicalString(text: &text) {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]))
      out.append(UInt8(ascii: "\""))
      return string
    }
    position = start
    text.removeAll()
    try withUnsafeMutablePointer(to: &out) { (out) throws(Failure) in
      try withUnsafeMutablePointer(to: &text) { (text) throws(Failure) in
        var sink = EscapedAndText(escaped: EscapedSink(out: out), text: text)
        try readString(into: &sink)
      }
    }
    out.append(UInt8(ascii: "\""))
    return String(decoding: text.all, as: UTF8.self)
  }

  /// At a string's opening quote: takes the string if it is canonical, written as `JSONWriter`
  /// writes it (see `canonicalStringEnd(from:)`), and says whether it did; otherwise takes
  /// nothing. A canonical string copied byte for byte is the string as `JSONWriter` writes it.
  @inlinable
  package mutating func takeCanonicalString() -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
      let end = canonicalStringEnd(from: position + 1)
    else { return false }
    position = end + 1
    return true
  }

  /// At a string's opening quote: takes the string if it is canonical (see
  /// `takeCanonicalString()`) and returns its text; otherwise takes nothing and returns `nil`.
  /// `text` is scratch space.
  package mutating func takeCanonicalString(
    text: inout ByteBuffer
  ) throws(Failure) -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    let plainEnd = plainRunEnd(from: start)
    if plainEnd < bytes.count, bytes[plainEnd] == UInt8(ascii: "\"") {
      // Plain ASCII without escapes, nearly every string of a record: the bytes are the text.
      position = plainEnd + 1
      guard plainEnd > start else { return "" }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<plainEnd]), as: UTF8.self)
    }
    guard canonicalStringEnd(from: plainEnd) != nil else { return nil }
    // The escapes are read for the text alone.
    text.removeAll()
    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<plainEnd]))
    position = plainEnd
    try withUnsafeMutablePointer(to: &text) { (text) throws(Failure) in
      var sink = TextSink(text: text, loneSurrogates: .replaced)
      try readString(into: &sink)
    }
    return String(decoding: text.all, as: UTF8.self)
  }

  /// Where the string whose text starts at (or goes on from) `start` ends (its closing quote),
  /// if it is canonical: written as `JSONWriter` writes it, in plain bytes and the escapes that
  /// `JSONWriter` writes. Such a string is copied in one go, without reading its escapes; every
  /// string of a catalog the package wrote is one.
  @inlinable @inline(__always)
  package func canonicalStringEnd(from start: Int) -> Int? {
    var end = start
    while true {
      end = plainRunEnd(from: end)
      guard end < bytes.count else { return nil }
      switch bytes[end] {
      case UInt8(ascii: "\""): return end
      case UInt8(ascii: "\\"):
        guard let length = canonicalEscapeLength(at: end) else { return nil }
        end += length
      default: return nil
      }
    }
  }

  /// The length of the escape at `backslash`, if `JSONWriter` writes what it stands for the
  /// same way: `\"`, `\\`, `\/`, `\n`, `\r`, `\t`, or `\u` and four lowercase hex digits of
  /// a unit it does not write otherwise (half of a surrogate pair included, which it writes
  /// alone as well as in a pair).
  @inlinable @inline(__always)
  func canonicalEscapeLength(at backslash: Int) -> Int? {
    guard bytes.count - backslash >= 2 else { return nil }
    switch bytes[backslash + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "t"):
      return 2
    case UInt8(ascii: "u"):
      guard bytes.count - backslash >= 6 else { return nil }
      var unit: UInt32 = 0
      for offset in 2..<6 {
        let byte = bytes[backslash + offset]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        default: return nil
        }
        unit = unit << 4 | UInt32(digit)
      }
      switch unit {
      case 0x09, 0x0A, 0x0D, 0x20...0x7E: return nil
      default: return 6
      }
    default:
      return nil
    }
  }

  /// Reads the rest of a string, from `position` (inside its quotes) to the closing quote, which
  /// it takes, handing `sink` each run of plain bytes and each other character.
  mutating func readString<Sink: StringSink>(into sink: inout Sink) throws(Failure) {
    while true {
      let start = position
      position = plainRunEnd(from: start)
      if position > start {
        sink.append(run: UnsafeBufferPointer(rebasing: bytes[start..<position]))
      }
      guard position < bytes.count else { throw syntaxError("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        try escape(into: &sink)
      case UInt8(ascii: "/"), 0x7F:
        sink.append(Unicode.Scalar(byte))
        position += 1
      case 0..<0x20:
        throw syntaxError("unescaped control character in a string")
      default:
        sink.append(try utf8Scalar())
      }
    }
  }

  /// After a string's backslash (at `position`): the character it stands for, handed to `sink`.
  private mutating func escape<Sink: StringSink>(
    into sink: inout Sink
  ) throws(Failure) {
    let backslash = position
    position += 1
    guard position < bytes.count else { throw syntaxError("unterminated string") }
    let letter = bytes[position]
    position += 1
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      sink.append(Unicode.Scalar(simple))
      return
    }
    guard letter == UInt8(ascii: "u") else {
      position = backslash
      throw syntaxError("invalid escape in a string")
    }
    let unit = try hexUnit()
    if let scalar = Unicode.Scalar(unit) {
      sink.append(scalar)
      return
    }
    // Half of a pair: with the other half right after it, one character.
    if UTF16.isLeadSurrogate(unit), bytes.count - position >= 6,
      bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    {
      let next = position
      position += 2
      let trail = try hexUnit()
      if UTF16.isTrailSurrogate(trail) {
        sink.append(UTF16.decode(UTF16.EncodedScalar([unit, trail])))
        return
      }
      position = next
    }
    try sink.appendLoneSurrogate(unit, offset: backslash)
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

  /// The end of the run of plain bytes (see `isPlain(_:)`) that starts at `start`: eight bytes
  /// at a time, as a `UInt64`, until a word holds a byte that is not plain, whose place the
  /// word's lowest marked byte gives; only the last few bytes of the text go one by one. For
  /// the bench rows "Load a catalog of … meals" (Performance.md): most of a file is such runs.
  @inlinable @inline(__always)
  package func plainRunEnd(from start: Int) -> Int {
    var end = start
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      while end + 8 <= bytes.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
        let stops = Self.stops(in: word)
        if stops != 0 { return end + stops.trailingZeroBitCount / 8 }
        end += 8
      }
    }
    while end < bytes.count, Self.isPlain(bytes[end]) { end += 1 }
    return end
  }

  /// The high bit of each byte of `word` (the first byte lowest) that is not plain, and maybe
  /// of some after it. Each test is one of the "has a zero byte" bit tricks: a borrow or carry
  /// may mark a further byte, but only above a byte that really matches, so the lowest mark is
  /// always right.
  @inlinable @inline(__always)
  static func stops(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Some byte of `value` is 0.
    func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let control = (word &- ones &* 0x20) & ~word & highs  // a byte below 0x20
    let beyond = ((word &+ ones) | word) & highs  // a byte from 0x7F up
    let quote = zeroByte(word ^ (ones &* 0x22))
    let backslash = zeroByte(word ^ (ones &* 0x5C))
    let slash = zeroByte(word ^ (ones &* 0x2F))
    return control | beyond | quote | backslash | slash
  }

  /// Printable ASCII but `"`, `\` and `/`: a string's bytes that are their own text and that
  /// `JSONWriter` writes as they are.
  @inlinable
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

// MARK: - Where a string goes

/// What `readString(into:)` hands the characters of a string to.
protocol StringSink {
  /// Plain bytes (see `JSONReader.isPlain(_:)`), their own text.
  mutating func append(run: UnsafeBufferPointer<UInt8>)
  /// Any other character, unescaped.
  mutating func append(_ scalar: Unicode.Scalar)
  /// Half of a surrogate pair, escaped at `offset`.
  mutating func appendLoneSurrogate(_ unit: UInt16, offset: Int) throws(JSONReader.Failure)
}

/// A string's text, as UTF-8.
private struct TextSink: StringSink {
  let text: UnsafeMutablePointer<ByteBuffer>
  let loneSurrogates: JSONReader.LoneSurrogates

  func append(run: UnsafeBufferPointer<UInt8>) {
    text.pointee.append(contentsOf: run)
  }

  func append(_ scalar: Unicode.Scalar) {
    text.pointee.append(utf8Of: scalar)
  }

  func appendLoneSurrogate(_ unit: UInt16, offset: Int) throws(JSONReader.Failure) {
    guard loneSurrogates == .replaced else { throw .loneSurrogate(offset: offset) }
    text.pointee.append(utf8Of: "\u{FFFD}")
  }
}

/// Nothing but the check of the string itself, and of half of a surrogate pair.
private struct CheckingSink: StringSink {
  let loneSurrogates: JSONReader.LoneSurrogates

  func append(run: UnsafeBufferPointer<UInt8>) {}

  func append(_ scalar: Unicode.Scalar) {}

  func appendLoneSurrogate(_ unit: UInt16, offset: Int) throws(JSONReader.Failure) {
    guard loneSurrogates == .replaced else { throw .loneSurrogate(offset: offset) }
  }
}

/// A string written as `JSONWriter` writes it.
private struct EscapedSink: StringSink {
  let out: UnsafeMutablePointer<ByteBuffer>

  func append(run: UnsafeBufferPointer<UInt8>) {
    out.pointee.append(contentsOf: run)
  }

  func append(_ scalar: Unicode.Scalar) {
    JSONWriter.write(scalar, to: &out.pointee)
  }

  func appendLoneSurrogate(_ unit: UInt16, offset: Int) {
    JSONWriter.write(unit: unit, to: &out.pointee)
  }
}

/// Both: a string copied as `JSONWriter` writes it, and its text (U+FFFD for a lone surrogate).
private struct EscapedAndText: StringSink {
  let escaped: EscapedSink
  let text: UnsafeMutablePointer<ByteBuffer>

  func append(run: UnsafeBufferPointer<UInt8>) {
    escaped.append(run: run)
    text.pointee.append(contentsOf: run)
  }

  func append(_ scalar: Unicode.Scalar) {
    escaped.append(scalar)
    text.pointee.append(utf8Of: scalar)
  }

  func appendLoneSurrogate(_ unit: UInt16, offset: Int) {
    escaped.appendLoneSurrogate(unit, offset: offset)
    text.pointee.append(utf8Of: "\u{FFFD}")
  }
}
