import FileSafety
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

/// Writes recorded scenario files: each atomically, through `AtomicFile`.
public enum ScenarioWriter {
  /// Replaces the contents of the file at `path` with `text`, so that readers see the old or the
  /// new file, never a half-written one. A symbolic link is written through and keeps being a link;
  /// the file keeps its permissions; a read-only file is left alone and reported.
  public static func write(_ text: String, to path: String) throws {
    do {
      try AtomicFile.write(Data(text.utf8), to: path)
    } catch {
      throw Diagnostic(file: path, line: nil, message: "cannot record the file: \(error.reason)")
    }
  }

  /// Checks, without writing, that `write` could replace the file at `path` now.
  ///
  /// - Throws: a `Diagnostic` saying why the file cannot be recorded.
  public static func checkWritable(_ path: String) throws(Diagnostic) {
    do {
      try AtomicFile.checkWritable(path)
    } catch {
      throw Diagnostic(file: path, line: nil, message: "cannot record the file: \(error.reason)")
    }
  }
}
