import Spelling

/// Builds HTML text in which every string from outside passes through `escape(_:into:)`.
///
/// Tag, class and attribute names are `StaticString`s: only the program's own literals can
/// become markup. Texts and attribute values are `String`s and are always escaped, so a meal
/// called `<script>alert(1)</script> & "Co"` shows as written and runs nothing.
public struct HTMLWriter: Sendable {
  /// The UTF-8 of the HTML written so far.
  public private(set) var bytes: [UInt8] = []

  public init() {}

  /// An attribute of an element: its literal name and its (escaped) value.
  public typealias Attribute = (name: StaticString, value: String)

  /// Writes `<tag class="…" name="value" …>`; `classes` are joined with spaces, and an empty
  /// list writes no `class` attribute.
  public mutating func open(
    _ tag: StaticString, classes: [StaticString] = [], _ attributes: [Attribute] = []
  ) {
    bytes.append(UInt8(ascii: "<"))
    raw(tag)
    for (index, name) in classes.enumerated() {
      raw(index == 0 ? " class=\"" : " ")
      raw(name)
    }
    if !classes.isEmpty { bytes.append(UInt8(ascii: "\"")) }
    for attribute in attributes {
      bytes.append(UInt8(ascii: " "))
      raw(attribute.name)
      raw("=\"")
      Self.escape(attribute.value, into: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
    bytes.append(UInt8(ascii: ">"))
  }

  /// Writes `</tag>`.
  public mutating func close(_ tag: StaticString) {
    raw("</")
    raw(tag)
    bytes.append(UInt8(ascii: ">"))
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
    Self.escape(string, into: &bytes)
  }

  /// Writes markup the program spells itself: a doctype, a stylesheet, an entity.
  public mutating func raw(_ markup: StaticString) {
    markup.withUTF8Buffer { bytes += $0 }
  }

  /// Appends `string` with `&`, `<`, `>`, `"` and `'` replaced by entities, and every control
  /// character but tab and line breaks (C0 and C1 controls, DEL, the bidirectional overrides and
  /// isolates) spelled as `Quoting.visible` spells it (`\u{202E}`), so that nothing from a
  /// catalog or a scenario reorders or hides the text around it: safe both as text and inside a
  /// quoted attribute value. The one escaping function of every HTML page.
  public static func escape(_ string: String, into output: inout [UInt8]) {
    var text = string
    text.withUTF8 { bytes in
      // What stands as written goes over a run of bytes at a time, up to the next replacement;
      // only a scalar beyond ASCII is decoded, to see whether it is a control.
      var run = 0
      for (index, byte) in bytes.enumerated() {
        let replacement: String
        var width = 1
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        case 0x20..<0x7F, UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x80..<0xC0:
          continue  // printable, a tab or line break, or inside a scalar
        default:
          var (decoder, rest) = (UTF8(), bytes[index...].makeIterator())
          guard case .scalarValue(let scalar) = decoder.decode(&rest), Quoting.isControl(scalar)
          else { continue }
          (replacement, width) = (Quoting.visible(String(scalar)), UTF8.width(scalar))
        }
        output += bytes[run..<index]
        output += replacement.utf8
        run = index + width
      }
      output += bytes[run...]
    }
  }
}
