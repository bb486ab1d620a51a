import Foundation
import Spelling

/// Any value written out through `Mirror`, as swift-custom-dump prints it: a struct as its type
/// and fields (`Meal(id: "52844", name: "Lasagne")`), an enum case as `.loaded(…)`, a list in
/// brackets, a text in quotes. What fits in the width stays on one line; anything longer opens
/// up, one field or element a line, indented by two spaces.
enum ValueDump {
  /// A value taken apart: its own text, or the parts it is written from.
  enum Shape {
    /// A value without parts: a number, a text in quotes, `nil`, a URL.
    case leaf(String)
    /// A value with parts, written `head` + the parts + `tail`.
    case parts(Parts)
  }

  /// The parts of a struct, class, tuple, enum case or collection.
  struct Parts {
    enum Kind: Equatable {
      /// A struct's, class's or tuple's fields, by label.
      case fields
      /// An enum case with a payload; the case's name.
      case enumCase(String)
      /// Elements by position.
      case list
      /// Elements by key: a list's by id, a set's by themselves, a dictionary's by key.
      case keyed
    }

    let kind: Kind
    let head: String
    let tail: String
    /// Each part's key (a field's label, `[id: "52844"]`, `[0]`), what is written before its
    /// value (`label: `), and the value.
    let parts: [(key: String, prefix: String, value: Any)]
  }

  /// The widest line a dump keeps whole.
  static let width = 100
  /// The longest summary before its parts are cut.
  static let summaryWidth = 72

  static func shape(of value: Any) -> Shape {
    // A text, or a value a string literal makes (`SearchText`), is written in quotes.
    if let text = value as? any CustomStringConvertible & ExpressibleByStringLiteral {
      return .leaf(Quoting.quoted(text.description))
    }
    if value is URL || value is Date || value is UUID || value is Decimal {
      return .leaf(String(describing: value))
    }
    let mirror = Mirror(reflecting: value)
    // A struct that wraps a raw value (an identity) reads as that value: `path[id: 1]`.
    if mirror.displayStyle == .struct, let wrapper = value as? any RawRepresentable {
      return shape(of: wrapper.rawValue)
    }
    func labelled(_ mirror: Mirror) -> [(key: String, prefix: String, value: Any)] {
      mirror.children.map { ($0.label ?? "", $0.label.map { "\($0): " } ?? "", $0.value) }
    }
    func elements(_ keys: [String], keyed: Bool) -> Shape {
      let parts = zip(keys, mirror.children).map { ($0, "", $1.value) }
      return .parts(Parts(kind: keyed ? .keyed : .list, head: "[", tail: "]", parts: parts))
    }
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { shape(of: $0.value) } ?? .leaf("nil")
    case .enum:
      guard let payload = mirror.children.first else { return .leaf(".\(value)") }
      let name = payload.label ?? ""
      let fields = Mirror(reflecting: payload.value)
      let parts = fields.displayStyle == .tuple ? labelled(fields) : [("", "", payload.value)]
      return .parts(Parts(kind: .enumCase(name), head: ".\(name)(", tail: ")", parts: parts))
    case .collection:
      let ids = mirror.children.map { identity(of: $0.value) }
      if ids.allSatisfy({ $0 != nil }), Set(ids).count == ids.count {
        return elements(ids.map { "[id: \($0!)]" }, keyed: true)
      }
      return elements(ids.indices.map { "[\($0)]" }, keyed: false)
    case .set:
      return elements(mirror.children.map { "[\(line($0.value))]" }, keyed: true)
    case .dictionary:
      let parts = mirror.children.map { entry in
        let pair = Array(Mirror(reflecting: entry.value).children)
        let key = line(pair[0].value)
        return ("[\(key)]", "\(key): ", pair[1].value)
      }
      return .parts(Parts(kind: .keyed, head: "[", tail: "]", parts: parts))
    case let style? where [.struct, .class, .tuple].contains(style) && !mirror.children.isEmpty:
      let type = mirror.displayStyle == .tuple ? "" : String(describing: mirror.subjectType)
      return .parts(Parts(kind: .fields, head: type + "(", tail: ")", parts: labelled(mirror)))
    default:
      return .leaf(String(describing: value))
    }
  }

  /// The id of an `Identifiable` value, written out: `"52844"`.
  private static func identity(of value: Any) -> String? {
    func id(_ value: some Identifiable) -> String { line(value.id) }
    return (value as? any Identifiable).map { id($0) }
  }

  /// `value` on one line, however long.
  static func line(_ value: Any) -> String {
    switch shape(of: value) {
    case .leaf(let text): text
    case .parts(let parts):
      parts.head + parts.parts.map { $0.prefix + line($0.value) }.joined(separator: ", ")
        + parts.tail
    }
  }

  /// `value` written out: on one line when it fits, else opened up.
  static func text(_ value: Any) -> String {
    lines(value, indent: "").joined(separator: "\n")
  }

  private static func lines(_ value: Any, indent: String) -> [String] {
    let whole = line(value)
    guard case .parts(let parts) = shape(of: value), indent.count + whole.count > width else {
      return [whole]
    }
    var output = [parts.head]
    for (index, part) in parts.parts.enumerated() {
      var written = lines(part.value, indent: indent + "  ")
      written[0] = part.prefix + written[0]
      if index < parts.parts.count - 1 { written[written.count - 1] += "," }
      output += written.map { "  " + $0 }
    }
    return output + [parts.tail]
  }

  /// `value` in a few words: on one line, its parts cut at the width with `…`, and a list too
  /// long for it counted (`[16 meals]`).
  static func summary(_ value: Any) -> String {
    let whole = line(value)
    guard whole.count > summaryWidth, case .parts(let parts) = shape(of: value) else {
      return whole
    }
    if parts.kind == .list || parts.kind == .keyed {
      let typeName = parts.parts.first.map { "\(type(of: $0.value))".prefix { $0 != "<" } }
      let noun = typeName.map { $0.prefix(1).lowercased() + $0.dropFirst() } ?? "element"
      return "[\(counted(parts.parts.count, noun))]"
    }
    var written = parts.head
    for (index, part) in parts.parts.enumerated() {
      let next = (index > 0 ? ", " : "") + part.prefix + summary(part.value)
      guard written.count + next.count <= summaryWidth || index == 0 else {
        return written + ", …" + parts.tail
      }
      written += next
    }
    return written + parts.tail
  }

  /// `16 meals`, `1 category`: a count with the element type's name.
  private static func counted(_ count: Int, _ noun: String) -> String {
    guard count != 1 else { return "1 \(noun)" }
    if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
      return "\(count) \(noun.dropLast())ies"
    }
    return "\(count) \(noun)"
      + (["s", "x", "ch", "sh"].contains(where: noun.hasSuffix) ? "es" : "s")
  }
}
