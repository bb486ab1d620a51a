/// The did-you-mean of a command line: the known word closest to a mistyped one.
public enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a plausible typo: a third of
  /// the longer word, at least one and at most three edits.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word.lowercased(), candidate.lowercased())
      if best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = min(3, max(1, max(word.count, best.candidate.count) / 3))
    return best.distance <= allowed ? best.candidate : nil
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbouring characters each cost one, so `--recrod` is one step from `--record`.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
