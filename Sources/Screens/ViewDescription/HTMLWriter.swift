import Spelling

/// Builds HTML text in which every string from outside passes through `escape(_:into:)`.
///
/// Tag, class and attribute names are `StaticString`s: only the program's own literals can
/// become markup. Texts and attribute values are `String`s and are always escaped, so a meal
/// called `<script>alert(1)</script> & "Co"` shows as written and runs nothing.
public struct HTMLWriter: Sendable {
  /// The HTML written so far.
  public private(set) var output = ""

  public init() {}

  /// An attribute of an element: its literal name and its (escaped) value.
  public typealias Attribute = (name: StaticString, value: String)

  /// Writes `<tag class="…" name="value" …>`; `classes` are joined with spaces, and an empty
  /// list writes no `class` attribute.
  public mutating func open(
    _ tag: StaticString, classes: [StaticString] = [], _ attributes: [Attribute] = []
  ) {
    output += "<"
    output += tag.description
    if !classes.isEmpty {
      output += " class=\"" + classes.map(\.description).joined(separator: " ") + "\""
    }
    for attribute in attributes {
      output += " "
      output += attribute.name.description
      output += "=\""
      Self.escape(attribute.value, into: &output)
      output += "\""
    }
    output += ">"
  }

  /// Writes `</tag>`.
  public mutating func close(_ tag: StaticString) {
    output += "</"
    output += tag.description
    output += ">"
  }

  /// Writes `<tag …>text</tag>`.
  public mutating func element(
    _ tag: StaticString, classes: [StaticString] = [], _ attributes: [Attribute] = [],
    text: String
  ) {
    open(tag, classes: classes, attributes)
    self.text(text)
    close(tag)
  }

  /// Writes `string` as text, escaped.
  public mutating func text(_ string: String) {
    Self.escape(string, into: &output)
  }

  /// Writes markup the program spells itself: a doctype, a stylesheet, an entity.
  public mutating func raw(_ markup: StaticString) {
    output += markup.description
  }

  /// Appends `string` with `&`, `<`, `>`, `"` and `'` replaced by entities, and every control
  /// character but tab and line breaks (C0 and C1 controls, DEL, the bidirectional overrides and
  /// isolates) spelled as `Quoting.visible` spells it (`\u{202E}`), so that nothing from a
  /// catalog or a scenario reorders or hides the text around it: safe both as text and inside a
  /// quoted attribute value. The one escaping function of every HTML page.
  public static func escape(_ string: String, into output: inout String) {
    // Most texts need nothing replaced: appended whole, not scalar by scalar.
    let replaced = string.unicodeScalars.contains { scalar in
      switch scalar {
      case "&", "<", ">", "\"", "'": true
      case "\t", "\n", "\r": false
      default: Quoting.isControl(scalar)
      }
    }
    guard replaced else {
      output += string
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      case _ where Quoting.isControl(scalar): output += Quoting.visible(String(scalar))
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
