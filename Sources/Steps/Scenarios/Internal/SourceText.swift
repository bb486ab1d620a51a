/// One line of a scenario file: its text and the line ending that followed it.
struct SourceLine: Equatable, Sendable {
  /// The line without its line ending.
  var content: String
  /// `"\n"`, `"\r\n"`, or `""` for a last line without a final newline.
  var terminator: String
}

/// Splitting a file into lines and joining them again, so that joining gives back every byte.
enum SourceText {
  /// The file's lines; joining `content + terminator` of all of them gives back `text` exactly.
  ///
  /// Split at line feeds in the UTF-8 view, not at Characters: `"\r\n"` is a single Character in
  /// Swift, and a line feed always ends a Character, so every line's text is whole.
  static func lines(of text: String) -> [SourceLine] {
    var lines: [SourceLine] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      var end = newline
      var terminator = "\n"
      if end > start, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") {
        end = bytes.index(before: end)
        terminator = "\r\n"
      }
      lines.append(SourceLine(content: String(text[start..<end]), terminator: terminator))
      start = bytes.index(after: newline)
    }
    if start != bytes.endIndex {
      lines.append(SourceLine(content: String(text[start...]), terminator: ""))
    }
    return lines
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
