import FileSafety
import Foundation
import Spelling

/// Writes snapshots into the string literals of `expectScreen(of:matches:)` and
/// `expectSnapshot(of:as:matches:)` calls in the tests' own source files.
///
/// `#line` and `#column` point into the file as it was compiled, so every recording is an edit
/// of that text, and the file is written again with all of them after each one. The compiled
/// text and the edits are kept in a journal in the temporary folder, under one `FileLock` with
/// the source, so that every process of the run (XCTest's, Swift Testing's, `--parallel`'s
/// workers) adds to the same edits. A file an editor saved after the test was built is not
/// written: its lines are no longer the ones `#line` counted.
final class InlineRecorder: Sendable {
  static let shared = InlineRecorder(builtAt: executableDate())

  /// When the test executable was built; `nil` when unknown, and then nothing is checked.
  let builtAt: Date?
  /// Where the journals and their locks are kept.
  let folder: String

  init(builtAt: Date?, folder: String = NSTemporaryDirectory() + "rezepte-recordings") {
    self.builtAt = builtAt
    self.folder = folder
  }

  /// When the binary holding the tests was last written: the bundle this code is linked into
  /// (on macOS the test bundle, not the `xctest` runner), else the running executable.
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

  /// The recordings of one build into one source file.
  private struct Journal: Codable {
    /// When the tests were built, in seconds since 1970.
    var builtAt: Double?
    /// The file as compiled.
    var original: String
    /// Each call's edit, by the offset of its `(` in `original`.
    var recordings: [Int: Recording] = [:]

    /// The original text with every recording in place.
    var text: String {
      var bytes = Array(original.utf8)
      for recording in recordings.values.sorted(by: { $0.start > $1.start }) {
        bytes.replaceSubrange(recording.start..<recording.end, with: recording.replacement.utf8)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  private struct Recording: Codable {
    let start: Int
    let end: Int
    let replacement: String
    let snapshot: String
  }

  /// Writes `snapshot` into the literal of the call of `call` at `site`, or says why it cannot.
  func record(_ snapshot: String, call: String, at site: CallSite) throws(CallScanner.Refusal) {
    // FNV-1a of the path: a name for its journal that is the same in every process.
    let key = site.filePath.utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
      ($0 ^ UInt64($1)) &* 1_099_511_628_211
    }
    let journal = "\(folder)/\(String(key, radix: 16)).json"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileLock(path: journal + ".lock").withLock {
        try record(snapshot, call: call, at: site, journal: journal)
      }
    } catch {
      throw error as? CallScanner.Refusal ?? CallScanner.Refusal(reason: "\(error)")
    }
  }

  private func record(_ snapshot: String, call: String, at site: CallSite, journal: String) throws {
    guard let data = FileManager.default.contents(atPath: site.filePath),
      let current = String(data: data, encoding: .utf8)
    else {
      throw CallScanner.Refusal(reason: "the test's source \(site.filePath) cannot be read")
    }
    let stamp = builtAt?.timeIntervalSince1970
    let stored = try? JSONDecoder().decode(
      Journal.self, from: Data(contentsOf: URL(fileURLWithPath: journal)))
    var state: Journal
    if let stored, stored.builtAt == stamp, stored.text == current {
      state = stored
    } else if let builtAt, let changed = Self.modificationDate(of: site.filePath),
      changed > builtAt
    {
      throw CallScanner.Refusal(
        reason: "the file changed after the test was built (an editor wrote it); run the test "
          + "again to record")
    } else {
      state = Journal(builtAt: stamp, original: current)
    }
    let scanner = CallScanner(state.original)
    let found = try scanner.call(named: call, line: site.line, column: site.column)
    if let earlier = state.recordings[found.open], earlier.snapshot != snapshot {
      throw CallScanner.Refusal(
        reason: "the call made two different snapshots in this run (in a loop, or in a test "
          + "with arguments); give each snapshot a call of its own")
    }
    let (range, replacement) = try Self.edit(of: found, in: scanner, writing: snapshot)
    state.recordings[found.open] = Recording(
      start: range.lowerBound, end: range.upperBound, replacement: replacement, snapshot: snapshot)
    try AtomicFile.write(Data(state.text.utf8), to: site.filePath)
    try AtomicFile.write(JSONEncoder().encode(state), to: journal)
  }

  /// The range of the original file to replace, and its new text: the literal after
  /// `matches:`, or a new `matches:` argument after the others.
  static func edit(
    of call: CallScanner.Call, in scanner: CallScanner, writing snapshot: String
  ) throws(CallScanner.Refusal) -> (Range<Int>, String) {
    if let control = snapshot.unicodeScalars.first(where: {
      Quoting.isControl($0) && $0 != "\n" && $0 != "\t"
    }) {
      throw CallScanner.Refusal(
        reason: "the snapshot holds a control character (\\\(Quoting.escape(for: control)!)), "
          + "which a literal cannot hold as it is")
    }
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
    if !scanner.bytes[call.open...call.close].contains(UInt8(ascii: "\n")) {
      if call.hasComment {
        throw CallScanner.Refusal(
          reason: "the call holds a comment, which its new layout would lose")
      }
      let indentation = scanner.indentation(ofLineAt: call.open) + step
      var arguments = call.arguments.map { argument in
        argument.label == "matches"
          ? "matches: " + literal(for: snapshot, indentation: indentation + step)
          : scanner.text(argument.range)
      }
      if existing == nil {
        arguments.append("matches: " + literal(for: snapshot, indentation: indentation + step))
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
      return (old.range, literal(for: snapshot, indentation: indentation))
    }
    guard let last = call.arguments.last else {
      throw CallScanner.Refusal(reason: "the call has no arguments")
    }
    let indentation = scanner.indentation(ofLineAt: last.range.lowerBound)
    let argument =
      ",\n" + indentation + "matches: " + literal(for: snapshot, indentation: indentation + step)
    return (last.range.upperBound..<last.range.upperBound, argument)
  }

  /// `snapshot` as a multi-line string literal whose lines and closing delimiter start with
  /// `indentation`: raw (`#"""`) with as many `#` as it takes when the text holds `"""` or a
  /// backslash, so that the literal's value is exactly the text.
  static func literal(for snapshot: String, indentation: String) -> String {
    var hashes = snapshot.contains("\\") || snapshot.contains("\"\"\"") ? 1 : 0
    while hashes > 0,
      snapshot.contains("\"\"\"" + String(repeating: "#", count: hashes))
        || snapshot.contains("\\" + String(repeating: "#", count: hashes))
    {
      hashes += 1
    }
    let delimiter = String(repeating: "#", count: hashes)
    let lines = snapshot.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? "" : indentation + line
    }
    return delimiter + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indentation + "\"\"\""
      + delimiter
  }
}
