/// One key press as the terminal reports it, after escape sequences have been decoded.
package enum Key: Hashable, Sendable {
  /// A printable character, typed as is (letters, digits, umlauts, punctuation, space).
  case character(Character)
  /// A letter typed with Control held: `.control("c")` is Ctrl-C.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace
  /// A key the player does not use, such as F5.
  case unknown
}

/// Turns the bytes read from a terminal in raw mode into keys. Escape sequences (`ESC [ A`) arrive
/// in one read, so an `ESC` that ends a read is the Esc key itself; a sequence cut off in the
/// middle (`ESC [`, the first bytes of a UTF-8 character) waits for the next read or `flush()`.
package struct KeyParser: Sendable {
  /// Bytes of an incomplete sequence, kept for the next read.
  private(set) var pending: [UInt8] = []

  /// The sequences after `ESC` that stand for keys the player uses.
  private static let sequences: [String: Key] = [
    "[A": .up, "[B": .down, "[C": .right, "[D": .left, "[H": .home, "[F": .end,
    "OA": .up, "OB": .down, "OC": .right, "OD": .left, "OH": .home, "OF": .end,
    "[1~": .home, "[7~": .home, "[4~": .end, "[8~": .end, "[5~": .pageUp, "[6~": .pageDown,
  ]

  package init() {}

  /// The keys in `bytes`, after whatever was pending.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count, let (key, length) = Self.key(at: index, in: pending) {
      keys.append(key)
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Gives up waiting for the rest of a sequence: a pending `ESC` is the Esc key, and what
  /// followed it counts as typed on its own.
  package mutating func flush() -> [Key] {
    defer { pending = [] }
    return pending.enumerated().map { offset, byte in
      offset == 0 && byte == 0x1B ? .escape : Self.key(at: 0, in: [byte])?.key ?? .unknown
    }
  }

  /// The key starting at `index` and how many bytes it takes, or `nil` when the bytes end
  /// inside a sequence.
  private static func key(at index: Int, in bytes: [UInt8]) -> (key: Key, length: Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B where index + 1 == bytes.count:
      return (.escape, 1)  // at the end of a read: the Esc key itself
    case 0x1B where bytes[index + 1] == UInt8(ascii: "["):
      // CSI: parameters (digits and `;`) up to a final byte.
      var end = index + 2
      while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      return (sequence(bytes[(index + 1)...end]), end - index + 1)
    case 0x1B where bytes[index + 1] == UInt8(ascii: "O"):
      guard index + 2 < bytes.count else { return nil }
      return (sequence(bytes[(index + 1)...(index + 2)]), 3)
    case 0x1B: return (.escape, 1)  // Esc, then the key that follows
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
    case 0xC2...0xF4:
      // A character of two to four UTF-8 bytes (`ä`, `ß`, `ś`).
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      guard index + length <= bytes.count else { return nil }
      let text = String(validating: bytes[index..<(index + length)], as: UTF8.self)
      return (text?.first.map(Key.character) ?? .unknown, text == nil ? 1 : length)
    default: return (.unknown, 1)
    }
  }

  private static func sequence(_ bytes: ArraySlice<UInt8>) -> Key {
    sequences[String(decoding: bytes, as: UTF8.self)] ?? .unknown
  }
}
