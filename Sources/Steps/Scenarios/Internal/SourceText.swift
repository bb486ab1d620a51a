/// Splitting a file into lines so that joining them gives back every byte.
enum SourceText {
  /// The file's lines, each with its line ending, sharing the text's storage: joined, they are
  /// `text` exactly. A line feed always ends a Character, so each line's text is whole.
  static func lines(of text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    while let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let end = text.utf8.index(after: newline)
      lines.append(text[start..<end])
      start = end
    }
    if start != text.endIndex { lines.append(text[start...]) }
    return lines
  }
}

extension Substring {
  /// The line without its line ending, `"\n"` or `"\r\n"`, found by its bytes.
  var content: Substring {
    guard utf8.last == UInt8(ascii: "\n") else { return self }
    let end = utf8.index(before: endIndex)
    let crlf = end > startIndex && utf8[utf8.index(before: end)] == UInt8(ascii: "\r")
    return self[..<(crlf ? utf8.index(before: end) : end)]
  }

  /// The line's ending: `"\n"`, `"\r\n"` or nothing.
  var lineEnding: Substring { self[content.endIndex...] }
}
