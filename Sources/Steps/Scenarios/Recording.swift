extension Scenario {
  /// The file's text with each screen of `actualScreens` (by index into `steps`) written into its
  /// `expect screen` or `expect spoken` block; blocks that match and every byte around the others stay as they were.
  public func recording(actualScreens: [Int: String]) -> String {
    let file = SourceLine.lines(of: source)
    var lines = file.map(\.bytes)
    let lineEnding = file.first { !$0.ending.isEmpty }?.ending ?? ArraySlice("\n".utf8)
    // From the last block to the first, so that earlier line indices stay valid.
    for (stepIndex, actual) in actualScreens.sorted(by: { $0.key > $1.key }) {
      guard steps.indices.contains(stepIndex),
        let expected = steps[stepIndex].action.recordedText,
        let block = steps[stepIndex].block,
        expected != actual, !actual.isEmpty
      else { continue }
      var newLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map {
        ArraySlice((block.indentation + $0).utf8) + lineEnding
      }
      let last = newLines.count - 1
      if block.lines.isEmpty {
        let stepLine = steps[stepIndex].line - 1
        if file[stepLine].ending.isEmpty {
          // The step was the file's last line, without a final newline: keep it that way.
          lines[stepLine] += lineEnding
          newLines[last] = newLines[last].withoutLineEnding
        }
      } else {
        newLines[last] = newLines[last].withoutLineEnding + file[block.lines.upperBound - 1].ending
      }
      lines.replaceSubrange(block.lines, with: newLines)
    }
    return String(decoding: lines.joined(), as: UTF8.self)
  }
}
