import Foundation

/// Where a record's bytes are: its full answer, its `filter.php` summary and its sort key, one
/// after the other in a block of memory that the records of one file share (see
/// `Catalog.Record.Reader`).
///
/// Two records' bytes are equal when their contents are, wherever they lie.
struct RecordBytes: Sendable, Hashable {
  /// The three parts of a record's bytes.
  enum Part {
    case json, summary, sortKey
  }

  /// Empty until `place(in:)`.
  private var block = Data()
  private let start: Int
  private let jsonCount: Int32
  private let summaryCount: Int32
  private let keyCount: Int32

  /// A record's bytes that start at `start` of a block to come (see `place(in:)`).
  init(start: Int, jsonCount: Int, summaryCount: Int, keyCount: Int) {
    self.start = start
    self.jsonCount = Int32(jsonCount)
    self.summaryCount = Int32(summaryCount)
    self.keyCount = Int32(keyCount)
  }

  /// Says which block the bytes are in, once it is written.
  mutating func place(in block: Data) {
    precondition(start + Int(jsonCount) + Int(summaryCount) + Int(keyCount) <= block.count)
    self.block = block
  }

  /// How many bytes `part` has.
  func count(_ part: Part) -> Int {
    switch part {
    case .json: Int(jsonCount)
    case .summary: Int(summaryCount)
    case .sortKey: Int(keyCount)
    }
  }

  /// Calls `body` with the bytes of `part`, valid only inside it.
  func with<Result>(
    _ part: Part, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    let offset =
      switch part {
      case .json: start
      case .summary: start + Int(jsonCount)
      case .sortKey: start + Int(jsonCount) + Int(summaryCount)
      }
    return try block.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return try body(UnsafeBufferPointer(rebasing: bytes[offset..<offset + count(part)]))
    }
  }

  static func == (lhs: RecordBytes, rhs: RecordBytes) -> Bool {
    for part in [Part.json, .summary, .sortKey] {
      let same = lhs.with(part) { left in rhs.with(part) { right in left.elementsEqual(right) } }
      if !same { return false }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    with(.json) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
