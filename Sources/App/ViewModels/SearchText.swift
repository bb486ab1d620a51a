import Foundation

/// Text in the search field, equal to another text only when their UTF-8 bytes are (two
/// spellings of an "ä" are two texts, as they are to the server).
///
/// Typing compares the text on every key, and `String`'s `==` beyond ASCII walks the characters
/// the two texts share; bytes tell texts of two lengths apart at once.
public struct SearchText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The text, exactly as typed.
  public var text: String

  public init(_ text: String) { self.text = text }
  public init(stringLiteral text: String) { self.text = text }

  public var isEmpty: Bool { text.isEmpty }
  public var description: String { text }

  public static func == (lhs: SearchText, rhs: SearchText) -> Bool {
    let (left, right) = (lhs.text.utf8, rhs.text.utf8)
    guard left.count == right.count else { return false }
    // memcmp rather than a loop: a space typed at the end leaves the trimmed query's length.
    let compared = left.withContiguousStorageIfAvailable { left in
      right.withContiguousStorageIfAvailable { right in
        guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else {
          return left.isEmpty
        }
        return leftBytes == rightBytes || memcmp(leftBytes, rightBytes, left.count) == 0
      }
    }
    return (compared ?? nil) ?? left.elementsEqual(right)
  }
}
