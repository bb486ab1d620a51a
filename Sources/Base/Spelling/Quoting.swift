/// The one spelling of a text in quotes, and of control characters made visible: the text tree,
/// scenario files (a step's quoted text reads back to the same string) and every front end's
/// messages go through it.
///
/// In quotes, `"` and `\` are written `\"` and `\\`, a line feed, carriage return and tab `\n`,
/// `\r` and `\t`, and every other control character (`isControl(_:)`) `\u{…}` (hexadecimal,
/// upper case): raw, these would reorder, hide or colour what follows on a terminal or a page, or
/// make two different texts look alike.
public enum Quoting {
  /// `text` in double quotes, escaped.
  public static func quoted(_ text: String) -> String {
    var output = ""
    appendQuoted(text, to: &output)
    return output
  }

  /// Appends `text` in double quotes, escaped.
  public static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    append(text, escapingQuotes: true, to: &output)
    output += "\""
  }

  /// `text` without quotes, its control characters written as in quotes (`\u{1B}`, `\n`) and
  /// everything else as it is: for a scenario's title or a meal's name in a sentence.
  public static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var output = ""
    append(text, escapingQuotes: false, to: &output)
    return output
  }

  /// `visible(_:)` line by line: a message's line feeds stay line breaks, every other control
  /// character is written as in quotes.
  public static func visibleLines(_ text: String) -> String {
    // By scalars: a `\r\n` is one `Character`, and its `\r` is escaped.
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { visible(String($0)) }.joined(separator: "\n")
  }

  /// Whether the scalar is never shown raw: C0 and C1 controls, DEL, the bidirectional formatting
  /// characters, line and paragraph separators, the zero-width space and the byte order mark.
  @inlinable public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFEFF: true
    default: false
    }
  }

  /// The escape a quoted text uses for `scalar` after its backslash, or `nil` when the scalar
  /// stands for itself: `n`, `r`, `t`, `"`, `\` or `u{…}`.
  public static func escape(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\"": "\""
    case "\\": "\\"
    case "\n": "n"
    case "\r": "r"
    case "\t": "t"
    case _ where isControl(scalar): "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: nil
    }
  }

  private static func append(_ text: String, escapingQuotes: Bool, to output: inout String) {
    guard text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || isControl($0) }) else {
      output += text
      return
    }
    // What stands as it is goes over a run of scalars at a time, up to the next escape.
    let scalars = text.unicodeScalars
    var run = scalars.startIndex
    for index in scalars.indices {
      let scalar = scalars[index]
      guard escapingQuotes || (scalar != "\"" && scalar != "\\"), let escape = escape(for: scalar)
      else { continue }
      output += Substring(scalars[run..<index]) + "\\" + escape
      run = scalars.index(after: index)
    }
    output += Substring(scalars[run...])
  }
}
