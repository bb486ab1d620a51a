import Foundation

/// The texts one changed byte away from a text, for the tests that sweep a reader against
/// Foundation's.
public enum ByteMutations {
  /// `bytes` with the byte at each position dropped, doubled, or replaced by each of
  /// `replacements` that differs from it.
  public static func variants(of bytes: [UInt8], replacements: [UInt8]) -> [[UInt8]] {
    var variants: [[UInt8]] = []
    for position in bytes.indices {
      var dropped = bytes
      dropped.remove(at: position)
      var doubled = bytes
      doubled.insert(bytes[position], at: position)
      variants += [dropped, doubled]
      for replacement in replacements where replacement != bytes[position] {
        var changed = bytes
        changed[position] = replacement
        variants.append(changed)
      }
    }
    return variants
  }
}

extension ByteMutations {
  /// What a sweep found: how many variants it tried, how many the reader read, and the first
  /// that it got wrong, with what was wrong.
  public struct Sweep {
    public var tried = 0
    public var read = 0
    public var failure: (problem: String, text: String)?
  }

  /// Tries every variant of every text in `texts`, counting those `isRead` reads, until
  /// `problem` finds one the reader gets wrong.
  public static func sweep(
    _ texts: [String], replacements: [UInt8], isRead: (Data) -> Bool,
    problem: (Data) -> String?
  ) -> Sweep {
    var sweep = Sweep()
    for text in texts {
      for variant in variants(of: Array(text.utf8), replacements: replacements) {
        let data = Data(variant)
        sweep.tried += 1
        if isRead(data) { sweep.read += 1 }
        if let found = problem(data) {
          sweep.failure = (found, String(decoding: variant, as: UTF8.self))
          return sweep
        }
      }
    }
    return sweep
  }
}
