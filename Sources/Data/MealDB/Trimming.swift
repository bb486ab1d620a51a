/// White space as Foundation's `CharacterSet` counts it, decided on the scalar: the one rule by
/// which the package trims text and splits scenario lines.
public enum WhiteSpace: Sendable {
  /// `CharacterSet.whitespaces`: a space separator (Zs), a tab, or the zero width space
  /// (Foundation still counts U+200B, a space separator until Unicode 4.0.1).
  case whitespaces
  /// `CharacterSet.whitespacesAndNewlines`: those, the line and paragraph separators, U+000A to
  /// U+000D and NEL.
  case whitespacesAndNewlines

  /// Whether the set holds `scalar`.
  @inlinable public func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x200B: return true
    case 0x0A...0x0D, 0x85: return self == .whitespacesAndNewlines
    case 0x00...0x7F: return false
    default:
      switch scalar.properties.generalCategory {
      case .spaceSeparator: return true
      case .lineSeparator, .paragraphSeparator: return self == .whitespacesAndNewlines
      default: return false
      }
    }
  }
}

extension StringProtocol {
  /// The text without the white space at its ends, as Foundation's `trimmingCharacters(in:)`
  /// gives it, worked out on the scalars: Foundation bridges every text through `NSString`.
  public func trimmed(_ whiteSpace: WhiteSpace) -> String {
    let text = String(self)
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !whiteSpace.contains($0) }),
      let last = scalars.lastIndex(where: { !whiteSpace.contains($0) })
    else { return "" }
    // A text with nothing to trim is returned as it is, not copied (the search text is long).
    if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
    return String(scalars[first...last])
  }
}
