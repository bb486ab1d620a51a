/// The did-you-mean of a command line, and the one measure of how far apart two texts are.
public enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a plausible typo: a third of
  /// the longer word, at least one and at most three edits.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let word = word.lowercased()
    let wordLength = word.count
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let lowercased = candidate.lowercased()
      // A distance is at least the difference in length, and more than three edits are never
      // close enough: such a candidate cannot be the answer, whatever the others are.
      guard abs(lowercased.count - wordLength) <= 3 else { continue }
      let distance = editDistance(word, lowercased)
      if best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = min(3, max(1, max(wordLength, best.candidate.count) / 3))
    return best.distance <= allowed ? best.candidate : nil
  }

  /// The endpoint of `endpoints` (spelled with `.php`) closest to `word`, which may be spelled
  /// with or without `.php`; each is compared with the word both ways.
  public static func closestEndpoint(to word: String, in endpoints: [String]) -> String? {
    let bare = endpoints.map { $0.hasSuffix(".php") ? String($0.dropLast(".php".count)) : $0 }
    guard let match = closest(to: word, in: bare + endpoints) else { return nil }
    return endpoints.first { $0 == match } ?? endpoints.first { $0 == match + ".php" }
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbouring characters each cost one, so `--recrod` is one step from `--record`.
  ///
  /// Time in the product of the two lengths, memory in the shorter one.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    // In printable ASCII a byte is a Character, and bytes compare far faster than Characters.
    let isPrintable = { (text: String) in text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    return isPrintable(lhs) && isPrintable(rhs)
      ? distance(lhs.utf8, rhs.utf8) : distance(lhs, rhs)
  }

  private static func distance<Text: Collection>(
    _ lhs: Text, _ rhs: Text
  ) -> Int where Text.Element: Equatable {
    // The distance is symmetric, so the rows may run along either text: the shorter one.
    lhs.count <= rhs.count
      ? alignment(of: Array(lhs), along: rhs, anywhere: false)
      : alignment(of: Array(rhs), along: lhs, anywhere: false)
  }

  /// The fewest edits, counted as `editDistance(_:_:)` counts them, that turn `pattern` into
  /// some part of `text`: 0 when `text` contains it.
  ///
  /// Time in the product of the two lengths, memory in the pattern's.
  public static func editDistance(_ pattern: String, toPartOf text: String) -> Int {
    alignment(of: Array(pattern), along: text, anywhere: true)
  }

  /// The alignment table of `pattern` against `text`, one column per character of `text`, of
  /// which only the last three are kept (a swap looks two columns back).
  ///
  /// - Parameter anywhere: whether the pattern may match any part of `text` rather than all of
  ///   it: each column then starts at 0 (skipping the text before it is free), and the answer
  ///   is the best last row of any column (skipping the text after it is free).
  private static func alignment<Text: Collection>(
    of pattern: [Text.Element], along text: Text, anywhere: Bool
  ) -> Int where Text.Element: Equatable {
    let count = pattern.count
    // column[i]: the distance of the pattern's first i characters to the text read so far, or,
    // `anywhere`, to the best part of it that ends here.
    var twoBack = [Int](repeating: 0, count: count + 1)
    var last = Array(0...count)
    var current = [Int](repeating: 0, count: count + 1)
    var best = count
    var read = 0
    var previous: Text.Element?
    for character in text {
      read += 1
      current[0] = anywhere ? 0 : read
      for i in stride(from: 1, through: count, by: 1) {
        let cost = pattern[i - 1] == character ? 0 : 1
        var distance = min(last[i] + 1, current[i - 1] + 1, last[i - 1] + cost)
        if i > 1, let previous, pattern[i - 1] == previous, pattern[i - 2] == character {
          distance = min(distance, twoBack[i - 2] + 1)
        }
        current[i] = distance
      }
      best = min(best, current[count])
      swap(&twoBack, &last)
      swap(&last, &current)
      previous = character
    }
    return anywhere ? best : last[count]
  }
}
