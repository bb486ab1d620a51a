import Foundation

extension Scenario {
  /// The file's text with each recorded screen written into its `expect screen` block.
  ///
  /// `actualScreens` maps indices into `steps` to the screen text found there. Blocks that
  /// already match, and every byte outside the replaced blocks, stay exactly as they were; so
  /// recording a file whose blocks all match gives back `source` unchanged.
  public func recording(actualScreens: [Int: String]) -> String {
    var lines = self.lines
    let lineEnding = SourceText.lineEnding(of: lines)
    // From the last block to the first, so that earlier line indices stay valid.
    for (stepIndex, actual) in actualScreens.sorted(by: { $0.key > $1.key }) {
      guard steps.indices.contains(stepIndex),
        case .expectScreen(let expected) = steps[stepIndex].action,
        let block = steps[stepIndex].block,
        expected != actual, !actual.isEmpty
      else { continue }
      let indentation = block.indentation.isEmpty ? "  " : block.indentation
      var newLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map {
        SourceLine(content: indentation + $0, terminator: lineEnding)
      }
      if block.lines.isEmpty {
        let stepLine = steps[stepIndex].line - 1
        if lines[stepLine].terminator.isEmpty {
          // The step was the file's last line, without a final newline: keep it that way.
          lines[stepLine].terminator = lineEnding
          newLines[newLines.count - 1].terminator = ""
        }
      } else {
        newLines[newLines.count - 1].terminator = lines[block.lines.upperBound - 1].terminator
      }
      lines.replaceSubrange(block.lines, with: newLines)
    }
    return SourceText.join(lines)
  }
}

/// Writes recorded scenario files: each atomically, through a temporary file in its own folder.
public enum ScenarioWriter {
  /// Replaces the file at `path` with `text`, so that readers see the old or the new file, never
  /// a half-written one.
  public static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    try Data(text.utf8).write(to: temporary)
    // Keep the file's permissions, which a fresh temporary file would not have.
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let permissions = attributes[.posixPermissions]
    {
      try? FileManager.default.setAttributes(
        [.posixPermissions: permissions], ofItemAtPath: temporary.path)
    }
    guard rename(temporary.path, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw Diagnostic(file: path, line: nil, message: "cannot write the file (\(reason))")
    }
  }
}
