extension Scenario {
  /// The file's text with each recorded screen written into its `expect screen` block.
  ///
  /// `actualScreens` maps indices into `steps` to the screen text found there. Blocks that
  /// already match, and every byte outside the replaced blocks, stay exactly as they were; so
  /// recording a file whose blocks all match gives back `source` unchanged.
  public func recording(actualScreens: [Int: String]) -> String {
    var lines = self.lines
    let lineEnding = lines.first { !$0.lineEnding.isEmpty }?.lineEnding ?? "\n"
    // From the last block to the first, so that earlier line indices stay valid.
    for (stepIndex, actual) in actualScreens.sorted(by: { $0.key > $1.key }) {
      guard steps.indices.contains(stepIndex),
        case .expectScreen(let expected) = steps[stepIndex].action,
        let block = steps[stepIndex].block,
        expected != actual, !actual.isEmpty
      else { continue }
      var newLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map {
        Substring(block.indentation + $0 + lineEnding)
      }
      let last = newLines.count - 1
      if block.lines.isEmpty {
        let stepLine = steps[stepIndex].line - 1
        if lines[stepLine].lineEnding.isEmpty {
          // The step was the file's last line, without a final newline: keep it that way.
          lines[stepLine] += lineEnding
          newLines[last] = newLines[last].content
        }
      } else {
        newLines[last] = newLines[last].content + lines[block.lines.upperBound - 1].lineEnding
      }
      lines.replaceSubrange(block.lines, with: newLines)
    }
    return lines.joined()
  }
}
