import AppHarness
import FileSafety
import Foundation
import Spelling

/// Checks that `strategy` makes `value` into exactly `expected`; on a mismatch, records one
/// failure at the call with the strategy's diff (`− expected, + actual`).
///
/// Recorded into the call's own literal as `expectScreen(of:matches:)` describes.
@MainActor
public func expectSnapshot<Value>(
  of value: Value,
  as strategy: Snapshotting<Value>,
  matches expected: String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  SnapshotCheck("expectSnapshot", value, strategy, site).inline(expected)
}

/// Checks that `strategy` makes `value` into exactly the snapshot kept in a file named after
/// the test and `name`; on a mismatch, records one failure at the call with the strategy's
/// diff (`− expected, + actual`).
///
/// ```swift
/// expectSnapshot(of: app.state.detail, as: .dump, named: "tart")
/// ```
///
/// Kept as `expectScreen(of:named:testName:fileID:filePath:line:column:)` describes.
@MainActor
public func expectSnapshot<Value>(
  of value: Value,
  as strategy: Snapshotting<Value>,
  named name: String,
  testName: String = #function,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  SnapshotCheck("expectSnapshot", value, strategy, site).named(name, testName: testName)
}

/// Checks that the app shows exactly `expected`, a text tree as `TextRenderer` draws it:
/// `expectSnapshot(of: app, as: .screen, matches: expected)`.
///
/// ```swift
/// let app = TestApp(start: .categories) { clock in
///   CatalogTransport(catalog: catalog, clock: clock)
/// }
/// expectScreen(
///   of: app,
///   matches: """
///     NavigationStack
///     └─ Screen "Kategorien"
///        └─ ProgressView "Kategorien werden geladen…"
///     """)
/// ```
///
/// On a mismatch, one failure at the call shows the diff of the two screens' nodes
/// (`− expected, + actual`); `RecordMode` says when the screen is written into the call.
@MainActor
public func expectScreen(
  of app: TestApp,
  matches expected: String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  SnapshotCheck("expectScreen", app, .screen, site).inline(expected)
}

/// Checks that the app shows exactly the screen kept in
/// `Tests/__Screens__/<test file's path in Tests>/<testName>.<name>.txt`, outside every
/// target: `expectSnapshot(of: app, as: .screen, named: name)`.
///
/// ```swift
/// await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
/// expectScreen(of: app, named: "tart")
/// ```
///
/// A missing file is written and reported as a failure (`REZEPTE_RECORD` defaults to `missing`
/// here). `testName` is the test function's name without its parameters: a test with arguments
/// shares one file per name among its cases.
@MainActor
public func expectScreen(
  of app: TestApp,
  named name: String,
  testName: String = #function,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  SnapshotCheck("expectScreen", app, .screen, site).named(name, testName: testName)
}

/// Checks the app's screen now against the accessibility rules `rezepte run` checks after
/// every step (`AccessibilityRule`): each broken rule is one failure at the call, naming the
/// rule and the node.
///
/// ```swift
/// await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
/// expectAccessible(app)
/// ```
@MainActor
public func expectAccessible(
  _ app: TestApp,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  expectAccessible(
    AppScreen.body(app.state), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks a screen's node tree against the accessibility rules, as `expectAccessible(_:)`
/// checks an app's.
public func expectAccessible(
  _ screen: Node,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  for finding in screen.spokenElements.accessibilityFindings {
    FailureReporter.fail(
      "the screen breaks the accessibility rule \(finding.rule.rawValue): \(finding.message)\n"
        + finding.rule.sentence, at: site)
  }
}

/// One comparison of a value's snapshot with the one a test keeps (in the call's literal or in
/// a file), and what the record mode makes of it: nothing, a failure, or a recording that is
/// reported as a failure.
struct SnapshotCheck {
  /// `expectScreen` or `expectSnapshot`: the call the recorder looks for and failures name.
  let call: String
  let site: CallSite
  let actual: String
  let diffing: Diffing

  @MainActor
  init<Value>(_ call: String, _ value: Value, _ strategy: Snapshotting<Value>, _ site: CallSite) {
    self.call = call
    self.site = site
    actual = strategy.snapshot(value)
    diffing = strategy.diffing
  }

  /// What failures call the text: `screen` or `snapshot`.
  private var noun: String { call == "expectScreen" ? "screen" : "snapshot" }

  /// Compares with the call's literal, `nil` when it has none.
  func inline(_ expected: String?) {
    finish(
      expected: expected, place: nil, fallback: .never,
      missing: "has no expected \(noun); run the test with \(RecordMode.environmentVariable)="
        + "missing to write this one into the call:\n" + indented(actual)
    ) {
      do throws(CallScanner.Refusal) {
        try InlineRecorder.shared.record(actual, call: call, at: site)
        return nil
      } catch {
        return "\(error.reason). Write the call as `\(call)(of: …, matches: \"\"\" … \"\"\")`, "
          + "with the literal right after `matches:`, or copy the \(noun):\n" + indented(actual)
      }
    }
  }

  /// Compares with the file kept for `name` in the test `testName`.
  func named(_ name: String, testName: String) {
    let root = site.packageRoot ?? (site.filePath as NSString).deletingLastPathComponent
    var source = site.filePath.dropFirst(root.count + 1).dropLast(".swift".count)
    if source.hasPrefix("Tests/") { source = source.dropFirst("Tests/".count) }
    // `#function` ends with the parameters; a name in backticks may hold `(` itself.
    let parameters = testName.hasSuffix(")") ? testName.lastIndex(of: "(") : nil
    let test = testName[..<(parameters ?? testName.endIndex)]
    let file = Self.fileNamePart(String(test)) + "." + Self.fileNamePart(name)
    let path = "\(root)/Tests/__Screens__/\(source)/\(file).txt"
    let stored = FileManager.default.contents(atPath: path).map {
      String(decoding: $0, as: UTF8.self)
    }
    finish(
      expected: stored.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }, place: path,
      fallback: .missing,
      missing: "there is no \(noun) at \(path), and \(RecordMode.environmentVariable)=never "
        + "writes none."
    ) {
      do throws(FileWriteError) {
        try AtomicFile.write(Data((actual + "\n").utf8), to: path, createFolders: true)
        return nil
      } catch {
        return error.description + "."
      }
    }
  }

  /// `text` as one part of a file name: `/`, `\`, `:`, `%`, control characters and a leading
  /// `.` as `%` and their UTF-8 bytes in hex, so that no name leaves its folder or hides.
  static func fileNamePart(_ text: String) -> String {
    var part = ""
    for scalar in text.unicodeScalars {
      let isUnsafe =
        "/\\:%".unicodeScalars.contains(scalar) || Quoting.isControl(scalar)
        || (part.isEmpty && scalar == ".")
      let bytes = String(scalar).utf8
      part += isUnsafe ? bytes.map { String(format: "%%%02X", $0) }.joined() : String(scalar)
    }
    return part
  }

  /// Compares with `expected`, kept at `place` (`nil` for the call's literal), and records with
  /// `write` (which returns why it could not) when the record mode says so; `missing` ends the
  /// failure's sentence when nothing is kept and nothing written.
  private func finish(
    expected: String?, place: String?, fallback: RecordMode, missing: @autoclosure () -> String,
    write: () -> String?
  ) {
    let (mode, reason) = RecordMode.current(fallback: fallback, at: site)
    let matches = expected == actual
    let name = "\(call) at \(site.description)"
    guard mode.records(isMissing: expected == nil, matches: matches) else {
      if matches { return }
      guard let expected else { return FailureReporter.fail("\(name) \(missing())", at: site) }
      return FailureReporter.fail(
        differs(from: expected, in: place) + "\nTo accept the new \(noun), run the test with "
          + "\(RecordMode.environmentVariable)=failed: it writes it into \(place ?? "the call").",
        at: site)
    }
    if let problem = write() {
      return FailureReporter.fail("\(name) cannot record the \(noun): \(problem)", at: site)
    }
    let what = expected == nil || matches ? "wrote the \(noun)" : "wrote the new \(noun)"
    let diff = matches ? nil : expected.map { differs(from: $0, in: place) }
    let into = place ?? "the call's literal in \((site.filePath as NSString).lastPathComponent)"
    FailureReporter.fail(
      "\(name) \(what) into \(into) (\(reason)); a run that records fails: run the test again "
        + "to check it." + (diff.map { "\n" + $0 } ?? ""),
      at: site)
  }

  /// "… the screen differs from the expected one (− expected, + actual):" and the diff.
  private func differs(from expected: String, in place: String?) -> String {
    "\(call) at \(site.description): the \(noun) differs from the expected one"
      + (place.map { " in \($0)" } ?? "") + " (− expected, + actual):\n"
      + indented(diffing.diff(expected, actual).joined(separator: "\n"))
  }
}

/// A text's lines indented by two spaces.
func indented(_ text: String) -> String {
  "  " + text.replacingOccurrences(of: "\n", with: "\n  ")
}
