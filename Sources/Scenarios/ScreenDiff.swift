/// A line diff of an expected and an actual text: `− ` marks expected lines, `+ ` actual ones,
/// and two spaces the lines both share.
public enum ScreenDiff {
  /// The diff of two texts split into lines.
  ///
  /// - Parameter context: unchanged lines kept around each change; longer unchanged runs are
  ///   shortened to a `⋮` line saying how many were left out.
  public static func lines(expected: String, actual: String, context: Int = 3) -> [String] {
    lines(
      expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      actual: actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      context: context)
  }

  /// The diff of two lists of lines.
  public static func lines(expected: [String], actual: [String], context: Int = 3) -> [String] {
    let diff = lineDiff(expected, actual)
    let changed = diff.indices.filter { if case .same = diff[$0] { false } else { true } }
    var output: [String] = []
    var skipped = 0
    for (index, line) in diff.enumerated() {
      switch line {
      case .removed(let text): output.append("− " + text)
      case .added(let text): output.append("+ " + text)
      case .same(let text):
        let near = changed.contains { abs($0 - index) <= context }
        if near {
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
    return output
  }

  static func omitted(_ count: Int) -> String {
    count == 1 ? "  ⋮ 1 unchanged line" : "  ⋮ \(count) unchanged lines"
  }
}
