/// A line diff of an expected and an actual text: `− ` marks expected lines, `+ ` actual ones,
/// and two spaces the lines both share.
public enum ScreenDiff {
  /// The most lines a diff shows; the rest is left out with a line saying how many.
  public static let defaultLimit = 400

  /// The diff of two texts split into lines.
  ///
  /// - Parameters:
  ///   - context: unchanged lines kept around each change; longer unchanged runs are shortened
  ///     to a `⋮` line saying how many were left out.
  ///   - limit: the most lines shown; a longer diff ends with a line counting the rest.
  public static func lines(
    expected: String, actual: String, context: Int = 3, limit: Int = defaultLimit
  ) -> [String] {
    lines(
      expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      actual: actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      context: context, limit: limit)
  }

  /// The diff of two lists of lines.
  public static func lines(
    expected: [String], actual: [String], context: Int = 3, limit: Int = defaultLimit
  ) -> [String] {
    let diff = lineDiff(expected, actual)
    let near = nearChanges(diff, context: context)
    var output: [String] = []
    var skipped = 0
    for (index, line) in diff.enumerated() {
      switch line {
      case .removed(let text): output.append("− " + text)
      case .added(let text): output.append("+ " + text)
      case .same(let text):
        if near[index] {
          if skipped > 0 { output.append(omitted(skipped)) }
          skipped = 0
          output.append("  " + text)
        } else {
          skipped += 1
        }
        continue
      }
      if skipped > 0 {
        output.insert(omitted(skipped), at: output.count - 1)
        skipped = 0
      }
    }
    if skipped > 0 { output.append(omitted(skipped)) }
    guard output.count > limit else { return output }
    let left = output.count - limit
    return output.prefix(limit)
      + [
        left == 1
          ? "  ⋯ 1 more line of the diff left out" : "  ⋯ \(left) more lines of the diff left out"
      ]
  }

  /// For each line of `diff`, whether a change lies within `context` lines of it; two linear
  /// passes, so a long diff with many changes costs no more than a short one per line.
  static func nearChanges(_ diff: [DiffLine], context: Int) -> [Bool] {
    var near = [Bool](repeating: false, count: diff.count)
    var lastChange: Int?
    for index in diff.indices {
      if case .same = diff[index] {} else { lastChange = index }
      if let lastChange, index - lastChange <= context { near[index] = true }
    }
    var nextChange: Int?
    for index in diff.indices.reversed() {
      if case .same = diff[index] {} else { nextChange = index }
      if let nextChange, nextChange - index <= context { near[index] = true }
    }
    return near
  }

  static func omitted(_ count: Int) -> String {
    count == 1 ? "  ⋮ 1 unchanged line" : "  ⋮ \(count) unchanged lines"
  }
}
