/// One line of a scenario file: its text and the line ending that followed it.
struct SourceLine: Equatable, Sendable {
  /// The line without its line ending.
  var content: String
  /// `"\n"`, `"\r\n"`, or `""` for a last line without a final newline.
  var terminator: String
}

/// Where one line's text lies in the bytes of its file, and whether the byte fast paths apply.
struct LineSpan: Equatable, Sendable {
  /// The first byte of the line's text; after the byte order mark on a first line that has one.
  var start: Int
  /// The byte after the line's text, where its line ending starts.
  var end: Int
  /// Whether the text is `PlainText.isPlain`.
  var isPlain: Bool
}

/// Splitting a file into lines and joining them again, so that joining gives back every byte.
enum SourceText {
  /// The file's lines; joining `content + terminator` of all of them gives back `text` exactly.
  static func lines(of text: String) -> [SourceLine] {
    scan(Array(text.utf8)).lines
  }

  /// The lines of the UTF-8 text `bytes`, each with its span.
  ///
  /// Scanning bytes, not Characters: `"\r\n"` is a single Character in Swift, and a line break
  /// is always a Character boundary (nothing joins a line feed), so every line's text is valid
  /// UTF-8 on its own.
  static func scan(_ bytes: [UInt8]) -> (lines: [SourceLine], spans: [LineSpan]) {
    var lines: [SourceLine] = []
    var spans: [LineSpan] = []
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      var index = 0
      let count = buffer.count
      func add(contentEnd: Int, terminator: String) {
        let content = UnsafeBufferPointer(rebasing: buffer[start..<contentEnd])
        lines.append(
          SourceLine(content: String(decoding: content, as: UTF8.self), terminator: terminator))
        // The first line's byte order mark is not part of its text (see `Parser.content`).
        var textStart = start
        if start == 0, contentEnd >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
          textStart = 3
        }
        let text = UnsafeBufferPointer(rebasing: buffer[textStart..<contentEnd])
        spans.append(
          LineSpan(start: textStart, end: contentEnd, isPlain: PlainText.isPlain(text)))
      }
      while index < count {
        if buffer[index] == UInt8(ascii: "\n") {
          if index > start, buffer[index - 1] == UInt8(ascii: "\r") {
            add(contentEnd: index - 1, terminator: "\r\n")
          } else {
            add(contentEnd: index, terminator: "\n")
          }
          start = index + 1
        }
        index += 1
      }
      if start != count { add(contentEnd: count, terminator: "") }
    }
    return (lines, spans)
  }

  /// The lines joined again.
  static func join(_ lines: [SourceLine]) -> String {
    var text = ""
    for line in lines {
      text += line.content
      text += line.terminator
    }
    return text
  }

  /// The line ending the file uses first, or `"\n"` when it has none.
  static func lineEnding(of lines: [SourceLine]) -> String {
    lines.first { !$0.terminator.isEmpty }?.terminator ?? "\n"
  }
}

// MARK: - Plain text

/// Text on which Characters can be read byte by byte.
///
/// The scenario language defines white space, words, quotes and indentation on `Character`s, and
/// walking Characters means grapheme breaking and Unicode lookups for every one. On *plain* text
/// the bytes give the same answers: every Unicode scalar of it is a Character of its own, the
/// only white space is ASCII white space (one byte each), and the characters the language gives a
/// meaning (`#`, `"`, `\`, white space) are ASCII. So on plain text a byte below 0x80 is a
/// Character, a non-ASCII scalar is a Character that is neither white space nor equal to any of
/// those, and a run of bytes between ASCII positions is the run of Characters it spells.
///
/// Why that holds: a grapheme break is missing only next to a CR LF pair, a Hangul jamo or
/// syllable, an Extend, ZWJ, SpacingMark or Prepend scalar, or a regional indicator; ASCII has
/// none of them but CR LF, which plain text excludes, and `isPlainScalar` admits only scalars
/// that are none of them either (`PlainTextTests` checks every admitted scalar: it is no white
/// space, breaks from its ASCII neighbours and from itself, and equals none of the characters
/// with a meaning: some equal an ASCII letter, as the Kelvin sign does `K`, which no fast path
/// compares against).
enum PlainText {
  /// Whether every scalar of the UTF-8 text `bytes` is ASCII or `isPlainScalar`, with no CR LF.
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight bytes at a time while they are ASCII without a line feed.
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let lineFeeds = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let zeroBytes = (lineFeeds &- 0x0101_0101_0101_0101) & ~lineFeeds
        guard (word | zeroBytes) & 0x8080_8080_8080_8080 == 0 else { break }
        index += 8
      }
      guard index < count else { break }
      let byte = base[index]
      if byte < 0x80 {
        if byte == UInt8(ascii: "\n"), index > 0, base[index - 1] == UInt8(ascii: "\r") {
          return false
        }
        index += 1
        continue
      }
      // Valid UTF-8 (it came from a String): the lead byte says how long the scalar is.
      let value: UInt32
      if byte < 0xE0 {
        guard index + 1 < count else { return false }
        value = UInt32(byte & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
        index += 2
      } else if byte < 0xF0 {
        guard index + 2 < count else { return false }
        value =
          UInt32(byte & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6
          | UInt32(base[index + 2] & 0x3F)
        index += 3
      } else {
        return false
      }
      guard isPlainScalar(value) else { return false }
    }
    return true
  }

  /// The non-ASCII scalars plain text may hold: Latin letters and signs, general punctuation
  /// (without its spaces, joiners, marks and separators), and symbols from letterlike signs to
  /// box drawing and arrows.
  static func isPlainScalar(_ value: UInt32) -> Bool {
    switch value {
    case 0x00A1...0x02FF, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF:
      true
    default:
      false
    }
  }

  /// Whether the ASCII byte is white space: a space or a tab, line feed, vertical tab, form feed
  /// or carriage return, the ASCII characters whose `isWhitespace` is true.
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }
}
