import FileSafety
import Foundation
import VirtualTime

/// Writes screens into the string literals of `expectScreen(of:matches:)` calls in the tests'
/// own source files.
///
/// Every recording of a file in this run is kept as an edit of the file as it was when first
/// read (which is the file the test was compiled from, so `#line` and `#column` point into it),
/// and the file is written again through `AtomicFile` after each one, with all of them: the
/// file on disk is whole at every moment, and each call is found by its original place however
/// many literals above it grew.
///
/// A file that changed after the test was built is not written: its lines are no longer the
/// ones `#line` counted. That is the case when another process of the same run (`swift test`
/// runs XCTest and Swift Testing one after the other) recorded into it first, or an editor
/// saved it meanwhile; the next run records what is left.
final class InlineRecorder: Sendable {
  static let shared = InlineRecorder(builtAt: executableDate())

  /// When the test executable was built; `nil` when unknown, and then nothing is checked.
  let builtAt: Date?

  init(builtAt: Date?) {
    self.builtAt = builtAt
  }

  /// When the binary holding the tests was last written: the bundle this code is linked into
  /// (on macOS the test bundle, not the `xctest` runner that loads it; on Linux the test
  /// executable itself), else the running executable.
  private static func executableDate() -> Date? {
    guard
      let path = Bundle(for: InlineRecorder.self).executablePath ?? Bundle.main.executablePath
        ?? CommandLine.arguments.first
    else { return nil }
    return modificationDate(of: path)
  }

  private static func modificationDate(of path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }

  private struct Recording {
    let range: Range<Int>
    let replacement: String
    let screen: String
  }

  private struct SourceFile {
    let scanner: CallScanner
    /// By the offset of the call's `(`.
    var recordings: [Int: Recording] = [:]
  }

  private let files = Locked<[String: SourceFile]>([:])

  /// Writes `screen` into the literal of the call at `site`, or says why it cannot.
  func record(_ screen: String, at site: CallSite) throws(CallScanner.Refusal) {
    let refusal = files.withLock { files -> CallScanner.Refusal? in
      do throws(CallScanner.Refusal) {
        try record(screen, at: site, in: &files)
        return nil
      } catch {
        return error
      }
    }
    if let refusal { throw refusal }
  }

  private func record(
    _ screen: String, at site: CallSite, in files: inout [String: SourceFile]
  ) throws(CallScanner.Refusal) {
    var file: SourceFile
    if let known = files[site.filePath] {
      file = known
    } else {
      if let builtAt, let changed = Self.modificationDate(of: site.filePath), changed > builtAt {
        throw CallScanner.Refusal(
          reason: "\(site.fileName).swift changed after the test was built (another test "
            + "process of this run, or an editor, wrote it); run the test again to record")
      }
      guard let data = FileManager.default.contents(atPath: site.filePath),
        let source = String(data: data, encoding: .utf8)
      else {
        throw CallScanner.Refusal(reason: "the test's source \(site.filePath) cannot be read")
      }
      file = SourceFile(scanner: CallScanner(source))
    }
    let call = try file.scanner.call(named: "expectScreen", line: site.line, column: site.column)
    if let earlier = file.recordings[call.open], earlier.screen != screen {
      throw CallScanner.Refusal(
        reason: "the call drew two different screens in this run (in a loop, or in a test "
          + "with arguments); give each screen a call of its own")
    }
    let (range, replacement) = try Self.edit(of: call, in: file.scanner, writing: screen)
    file.recordings[call.open] = Recording(range: range, replacement: replacement, screen: screen)
    let updated = Self.apply(file.recordings.values, to: file.scanner)
    do {
      try AtomicFile.write(Data(updated.utf8), to: site.filePath)
    } catch {
      throw CallScanner.Refusal(reason: error.description)
    }
    files[site.filePath] = file
  }

  /// The range of the original file to replace, and its new text: the literal after
  /// `matches:`, or a new `matches:` argument after the others.
  static func edit(
    of call: CallScanner.Call, in scanner: CallScanner, writing screen: String
  ) throws(CallScanner.Refusal) -> (Range<Int>, String) {
    if call.arguments.contains(where: { $0.label == "named" }) {
      throw CallScanner.Refusal(reason: "the call names a file (`named:`), it has no literal")
    }
    guard let first = call.arguments.first, first.label == "of" else {
      throw CallScanner.Refusal(reason: "the call does not start with `of:`")
    }
    let existing = call.arguments.first { $0.label == "matches" }
    if let existing {
      guard let literal = try scanner.literal(at: existing.valueStart),
        literal.range.upperBound == existing.range.upperBound
      else {
        throw CallScanner.Refusal(
          reason: "its `matches:` argument is not a string literal alone (a variable or an "
            + "expression), and only a literal can be rewritten")
      }
      if literal.hasInterpolation {
        throw CallScanner.Refusal(reason: "its `matches:` literal holds an interpolation")
      }
    }
    let step = "  "
    // A call on one line is laid out again, one argument a line, as `swift format` lays out a
    // call whose last argument is a multi-line literal.
    if !scanner.spansLines(call.open..<call.close + 1) {
      if call.hasComment {
        throw CallScanner.Refusal(
          reason: "the call holds a comment, which its new layout would lose")
      }
      let indentation = scanner.indentation(ofLineAt: call.open) + step
      var arguments = call.arguments.map { argument in
        argument.label == "matches"
          ? "matches: " + literal(for: screen, indentation: indentation + step)
          : scanner.text(argument.range)
      }
      if existing == nil {
        arguments.append("matches: " + literal(for: screen, indentation: indentation + step))
      }
      let list = arguments.map { indentation + $0 }.joined(separator: ",\n")
      return (call.open..<call.close + 1, "(\n" + list + ")")
    }
    if let existing, let old = try scanner.literal(at: existing.valueStart) {
      // The content goes where the old closing delimiter stood, or a step under the label.
      let indentation =
        old.isMultiline
        ? scanner.indentation(ofLineAt: old.range.upperBound - 1)
        : scanner.indentation(ofLineAt: existing.range.lowerBound) + step
      return (old.range, literal(for: screen, indentation: indentation))
    }
    guard let last = call.arguments.last else {
      throw CallScanner.Refusal(reason: "the call has no arguments")
    }
    let indentation = scanner.indentation(ofLineAt: last.range.lowerBound)
    let argument =
      ",\n" + indentation + "matches: " + literal(for: screen, indentation: indentation + step)
    return (last.range.upperBound..<last.range.upperBound, argument)
  }

  /// `screen` as a multi-line string literal whose lines and closing delimiter start with
  /// `indentation`: raw (`#"""`) with as many `#` as it takes when the text holds `"""` or a
  /// backslash, so that the literal's value is exactly the text.
  static func literal(for screen: String, indentation: String) -> String {
    var hashes = 0
    if screen.contains("\\") || screen.contains("\"\"\"") {
      hashes = 1
      while screen.contains("\"\"\"" + String(repeating: "#", count: hashes))
        || screen.contains("\\" + String(repeating: "#", count: hashes))
      {
        hashes += 1
      }
    }
    let delimiter = String(repeating: "#", count: hashes)
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? "" : indentation + line
    }
    return delimiter + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indentation + "\"\"\""
      + delimiter
  }

  /// The original text with every recording in place.
  private static func apply(_ recordings: some Collection<Recording>, to scanner: CallScanner)
    -> String
  {
    var bytes = scanner.bytes
    for recording in recordings.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(recording.range, with: Array(recording.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
