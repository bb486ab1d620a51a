/// A line of a scenario file as UTF-8 bytes. A line feed, a carriage return, ASCII white space,
/// `#`, `"` and `\` are never part of a longer scalar, so a byte test finds them exactly.
struct SourceLine {
  /// The line as written, with its line ending: joined, the lines are the file's bytes.
  let bytes: ArraySlice<UInt8>
  /// Where the line ending (`"\n"`, `"\r\n"` or none) starts.
  let end: Int
  /// Where the white space at the line's start lies, after a byte order mark at the file's start.
  let margin: Range<Int>

  static func lines(of text: String) -> [SourceLine] {
    let bytes = Array(text.utf8)
    var lines: [SourceLine] = []
    var start = 0
    while start < bytes.endIndex {
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
      let line = bytes[start..<(newline.map { $0 + 1 } ?? bytes.endIndex)]
      let end = line.withoutLineEnding.endIndex
      let read = start == 0 && line.starts(with: "\u{FEFF}".utf8) ? 3 : start
      var visible = read
      while visible < end, case (let scalar, let width) = line.scalar(at: visible), scalar.isSpace {
        visible += width
      }
      lines.append(SourceLine(bytes: line, end: end, margin: read..<visible))
      start = line.endIndex
    }
    return lines
  }

  var text: ArraySlice<UInt8> { bytes[..<end] }
  var ending: ArraySlice<UInt8> { bytes[end...] }
  /// What the parser reads: the line without its ending and a byte order mark.
  var content: ArraySlice<UInt8> { bytes[margin.lowerBound..<end] }
  var indentation: ArraySlice<UInt8> { bytes[margin] }
  var isBlank: Bool { margin.upperBound == end }
  var isIndented: Bool { !margin.isEmpty }
  var isComment: Bool { !isBlank && bytes[margin.upperBound] == UInt8(ascii: "#") }
}

extension ArraySlice<UInt8> {
  /// The scalar that starts at `index` of this UTF-8 text, and its width in bytes.
  func scalar(at index: Int) -> (scalar: Unicode.Scalar, width: Int) {
    if self[index] < 0x80 { return (Unicode.Scalar(self[index]), 1) }
    var parser = Unicode.UTF8.ForwardParser()
    var rest = self[index...].makeIterator()
    guard case .valid(let encoded) = parser.parseScalar(from: &rest) else { return ("\u{FFFD}", 1) }
    return (Unicode.UTF8.decode(encoded), encoded.count)
  }

  /// The line without its line ending, `"\n"` or `"\r\n"`.
  var withoutLineEnding: Self {
    guard last == UInt8(ascii: "\n") else { return self }
    return self[..<(dropLast().last == UInt8(ascii: "\r") ? endIndex - 2 : endIndex - 1)]
  }

  var string: String { String(decoding: self, as: UTF8.self) }
}
