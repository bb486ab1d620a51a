import Foundation

/// Foundation's sort keys of runs of text beyond ASCII (case-folded, decomposed UTF-8), kept
/// by the runs' UTF-8 while a catalog is read: names repeat their words, and each of
/// Foundation's keys costs about as much as reading a record (see
/// `Catalog.Record.appendSortKey`).
///
/// A run's key stands in for its part of a text's key only where the run starts and ends a
/// character of its own: case folding maps each character alone, and canonical ordering moves
/// no mark across the ASCII around the run. A run that starts with a mark, a joiner or a
/// modifier, or ends with a prepended mark, may make one character with the ASCII next to it,
/// and has no key of its own.
struct FoldedWords {
  /// By the hash of a run's UTF-8: the runs with that hash and their keys.
  private var buckets: [Int: [(run: [UInt8], key: [UInt8]?)]] = [:]
  private var count = 0
  /// Runs beyond this many are folded but not kept, so that a catalog of ever new words keeps
  /// no more than this.
  static let capacity = 10_000

  /// The key of the UTF-8 `run` of scalars beyond ASCII, or `nil` when it has none of its own.
  mutating func key(of run: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(run))
    let hash = hasher.finalize()
    if let found = buckets[hash]?.first(where: { $0.run.elementsEqual(run) }) {
      return found.key
    }
    var last = run.count - 1
    while run[last] & 0xC0 == 0x80 { last -= 1 }
    let key =
      Self.joinsThePrevious(Self.scalar(run, at: 0))
        || Self.joinsTheNext(Self.scalar(run, at: last))
      ? nil : Array(Self.foundationKey(String(decoding: run, as: UTF8.self)).utf8)
    if count < Self.capacity {
      buckets[hash, default: []].append((Array(run), key))
      count += 1
    }
    return key
  }

  /// Foundation's sort key of `text`, as a `String`.
  static func foundationKey(_ text: String) -> String {
    text.folding(options: .caseInsensitive, locale: nil).decomposedStringWithCanonicalMapping
  }

  /// The scalar whose UTF-8 starts at `index` of valid UTF-8.
  private static func scalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
    var iterator = UnsafeBufferPointer(rebasing: text[index...]).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
    return scalar
  }

  /// Whether a character may go on with `scalar` (a mark, a joiner, an emoji modifier), so
  /// that a text cannot be cut before it.
  private static func joinsThePrevious(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .modifierSymbol: return true
    default: return properties.canonicalCombiningClass != .notReordered
    }
  }

  /// Whether `scalar` joins the character after it (Unicode's prepended marks), so that a text
  /// cannot be cut after it.
  private static func joinsTheNext(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46: true
    default: scalar.properties.generalCategory == .format
    }
  }
}
