/// One key press as the terminal reports it, after escape sequences have been decoded.
package enum Key: Hashable, Sendable {
  /// A printable character, typed as is (letters, digits, umlauts, punctuation, space).
  case character(Character)
  /// A letter typed with Control held: `.control("c")` is Ctrl-C.
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, delete
  /// A sequence the player does not use, such as F5.
  case unknown
}

/// Turns the bytes read from a terminal in raw mode into keys.
///
/// Escape sequences (`ESC [ A`, `ESC [ 5 ~`, `ESC O B`) usually arrive in one read. An `ESC` that
/// ends a read is therefore the Esc key itself; a sequence cut off in the middle (`ESC [` or the
/// first bytes of a UTF-8 character) waits for the next read, or for `flush()`, which the
/// player calls after a short timeout.
package struct KeyParser: Sendable {
  /// Bytes of an incomplete sequence, kept for the next read.
  private(set) var pending: [UInt8] = []

  package init() {}

  /// The keys in `bytes`, after whatever was pending.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(at: index, in: pending) else { break }
      keys.append(key)
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Gives up waiting for the rest of a sequence: a pending `ESC` is the Esc key, and what
  /// followed it counts as typed on its own.
  package mutating func flush() -> [Key] {
    guard !pending.isEmpty else { return [] }
    var keys: [Key] = []
    var rest = pending[...]
    pending = []
    if rest.first == 0x1B {
      keys.append(.escape)
      rest = rest.dropFirst()
    }
    for byte in rest {
      keys += Self.key(at: 0, in: [byte]).map { [$0.key] } ?? [.unknown]
    }
    return keys
  }

  /// The key starting at `index` and how many bytes it takes, or `nil` when the bytes end
  /// inside a sequence.
  private static func key(at index: Int, in bytes: [UInt8]) -> (key: Key, length: Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B:
      return escapeSequence(at: index, in: bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (.unknown, 1)
    case 0x20...0x7E:
      return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
      return utf8Character(at: index, in: bytes)
    }
  }

  /// `ESC` alone (at the end of the read), `ESC [ …` (CSI), `ESC O x` (SS3), or `ESC` followed
  /// by something else, which is Esc and then that key.
  private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
    guard index + 1 < bytes.count else { return (.escape, 1) }
    let next = bytes[index + 1]
    switch next {
    case UInt8(ascii: "["):
      // Parameters (digits and `;`) up to a final byte in 0x40...0x7E.
      var end = index + 2
      while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      let final = bytes[end]
      let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
      return (csiKey(final: final, parameters: parameters), end - index + 1)
    case UInt8(ascii: "O"):
      guard index + 2 < bytes.count else { return nil }
      return (letterKey(bytes[index + 2]), 3)
    default:
      return (.escape, 1)
    }
  }

  /// The key a CSI sequence's final byte and parameters stand for: `ESC [ A`, `ESC [ 5 ~`.
  private static func csiKey(final: UInt8, parameters: String) -> Key {
    guard final == UInt8(ascii: "~") else { return letterKey(final) }
    switch parameters.split(separator: ";").first {
    case "1", "7": return .home
    case "3": return .delete
    case "4", "8": return .end
    case "5": return .pageUp
    case "6": return .pageDown
    default: return .unknown
    }
  }

  /// The key of the letter that ends a CSI or SS3 sequence: `A` is ↑ in `ESC [ A` and `ESC O A`.
  private static func letterKey(_ byte: UInt8) -> Key {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: .unknown
    }
  }

  /// A character of two to four UTF-8 bytes (`ä`, `ß`, `ś`), or `nil` when the read ended
  /// inside it.
  private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
    let byte = bytes[index]
    let length =
      switch byte {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return (.unknown, 1) }
    guard index + length <= bytes.count else { return nil }
    let slice = bytes[index..<(index + length)]
    guard let text = String(validating: slice, as: UTF8.self), let character = text.first else {
      return (.unknown, 1)
    }
    return (.character(character), length)
  }
}
