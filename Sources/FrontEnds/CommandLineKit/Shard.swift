/// A stable share of the work, `--shard K/N`: of `run`'s files by the 64-bit FNV-1a of their keys
/// (`ScenarioFiles.collectEntries`; not `hashValue`, which is seeded per process), of `explore`'s
/// sessions every Nth from the Kth.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// Which share, from 1 to `count`.
  public let index: Int
  /// Into how many shares the files are split.
  public let count: Int

  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// `K/N`, with 1 ≤ K ≤ N; the error is the rest of a sentence after the option's name.
  static func parse(_ text: String) throws(UsageError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
    else {
      throw UsageError("takes K/N, such as 1/3, not '\(text)'")
    }
    guard count >= 1, count <= 10_000 else {
      throw UsageError("'\(text)' splits into \(count) shards; use 1 to 10000")
    }
    guard let shard = Shard(index: index, count: count) else {
      throw UsageError("'\(text)' names shard \(index), but there are shards 1 to \(count)")
    }
    return shard
  }

  /// Whether the file with this key belongs to this shard.
  public func contains(key: String) -> Bool {
    Int(Self.fnv1a(key) % UInt64(count)) == index - 1
  }

  /// Whether the `number`th of a run of things (from 1) belongs to this shard: they are dealt
  /// out in turn, so that the shards of a long run are about as long (`explore`'s sessions).
  public func contains(number: Int) -> Bool {
    (number - 1) % count == index - 1
  }

  public var description: String { "\(index)/\(count)" }

  /// 64-bit FNV-1a.
  static func fnv1a(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
  }
}

extension Option where Value == Shard {
  /// `--shard K/N`: one share of the work.
  public static func shard(help: @autoclosure @escaping @Sendable () -> String) -> Option {
    Option("--shard", "K/N", help: help(), read: Shard.parse)
  }
}
