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
  static func lines(of text: String) -> [SourceLine] {
    var lines: [SourceLine] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == UInt8(ascii: "\n") {
        var contentEnd = index
        // Scanning bytes, not Characters: "\r\n" is a single Character in Swift.
        if contentEnd > start, utf8[utf8.index(before: contentEnd)] == UInt8(ascii: "\r") {
          contentEnd = utf8.index(before: contentEnd)
        }
        let next = utf8.index(after: index)
        lines.append(
          SourceLine(
            content: String(text[start..<contentEnd]),
            terminator: String(text[contentEnd..<next])))
        start = next
      }
      index = utf8.index(after: index)
    }
    if start != utf8.endIndex {
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
