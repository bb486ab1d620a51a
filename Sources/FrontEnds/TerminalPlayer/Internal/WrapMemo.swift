import VirtualTime

/// The lines of long texts wrapped for earlier frames, so that a long text that did not change
/// (a search echoed in „Keine Ergebnisse für …“, a hostile meal name) is not broken into lines
/// again for every key: finding it costs a hash, wrapping it a walk over every character.
final class WrapMemo: Sendable {
  /// How long a text must be before it is worth remembering.
  static let minimumLength = 256
  /// How many texts are kept; past it the memo starts afresh, so it never grows without bound.
  static let capacity = 64

  private struct Key: Hashable {
    var text: String
    var width: Int
    var first: String
    var continuation: String
  }

  private let lines = Locked<[Key: [String]]>([:])

  /// The lines of `text` wrapped by `wrap`, from the memo when the same text was wrapped the
  /// same way before.
  func lines(
    of text: String, width: Int, first: String, continuation: String, wrap: () -> [String]
  ) -> [String] {
    guard text.utf8.count >= Self.minimumLength else { return wrap() }
    let key = Key(text: text, width: width, first: first, continuation: continuation)
    if let known = lines.withLock({ $0[key] }) { return known }
    let wrapped = wrap()
    lines.withLock { lines in
      if lines.count >= Self.capacity { lines.removeAll(keepingCapacity: true) }
      lines[key] = wrapped
    }
    return wrapped
  }
}
