/// Writes JSON strings the way TheMealDB's server does (PHP's `json_encode`): `/` as `\/`,
/// everything beyond ASCII as `\uXXXX` in lowercase hex (UTF-16 units, a surrogate pair for a
/// scalar beyond U+FFFF), so that the catalog's answers are byte for byte what the server sends.
package enum JSONWriter {
  /// Appends `text` in quotes.
  package static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      for unit in UTF16.encode(scalar)! { write(unit: unit, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Appends one UTF-16 unit of a string's text, escaped.
  package static func write(unit: UInt16, to out: inout [UInt8]) {
    let backslash = UInt8(ascii: "\\")
    switch unit {
    case 0x22, 0x5C, 0x2F:
      out.append(backslash)
      out.append(UInt8(unit))
    case 0x0A:
      out.append(backslash)
      out.append(UInt8(ascii: "n"))
    case 0x0D:
      out.append(backslash)
      out.append(UInt8(ascii: "r"))
    case 0x09:
      out.append(backslash)
      out.append(UInt8(ascii: "t"))
    case 0x20..<0x7F: out.append(UInt8(unit))
    default:
      out.append(backslash)
      out.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        let digit = UInt8(unit >> UInt16(shift) & 0xF)
        out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit)
      }
    }
  }
}
