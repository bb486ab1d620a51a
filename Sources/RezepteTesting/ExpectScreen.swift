import FileSafety
import Foundation
import ViewDescription
import ViewModels

extension TestApp {
  /// The screen the app shows now, as `TextRenderer` draws it with its default options: what
  /// `expectScreen` compares and an `expect screen` block of a scenario holds.
  public var screenText: String {
    TextRenderer().render(AppScreen.body(state))
  }
}

/// Checks that the app shows exactly `expected`, a text tree as `TextRenderer` draws it; on a
/// mismatch, records one failure at the call with the diff of the two screens
/// (`− expected, + actual`), the diff a failed `expect screen` of a scenario shows.
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
/// With `REZEPTE_RECORD=failed` (or `all`) in the environment, a screen that differs is written
/// into the call's own literal in the test's source instead, at the literal's indentation;
/// with `missing` (or `failed`, `all`) a call without `matches:` gets one. Each recording is
/// reported as a failure, so the run that records never passes; the next one compares. The
/// call must read `expectScreen(of: …, matches: "…")` with a string literal (no interpolation)
/// right after `matches:`, or have no `matches:` at all; for anything else the failure says why
/// it was not written. Inline screens are never recorded unless `REZEPTE_RECORD` (or
/// `withScreenRecording(_:operation:)`) asks for it.
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
  let actual = app.screenText
  let mode = RecordMode.current(fallback: .never, at: site)
  let matches = expected == actual
  guard mode.records(isMissing: expected == nil, matches: matches) else {
    if matches { return }
    guard let expected else {
      return FailureReporter.fail(
        "expectScreen at \(site.description) has no expected screen; run the test with "
          + "\(RecordMode.environmentVariable)=missing to write this one into the call:\n"
          + indented(actual.split(separator: "\n", omittingEmptySubsequences: false)),
        at: site)
    }
    return FailureReporter.fail(
      ScreenFailure.differs(site: site, expected: expected, actual: actual)
        + "\nTo accept the new screen, run the test with \(RecordMode.environmentVariable)=failed: "
        + "it writes it into the call.",
      at: site)
  }
  let diff =
    matches ? nil : expected.map { ScreenFailure.differs(site: site, expected: $0, actual: actual) }
  do {
    try InlineRecorder.shared.record(actual, at: site)
  } catch {
    return FailureReporter.fail(
      "expectScreen at \(site.description) cannot record the screen: \(error.reason). Write "
        + "the call as `expectScreen(of: app, matches: \"\"\" … \"\"\")`, with the literal right "
        + "after `matches:`, or copy the screen:\n"
        + indented(actual.split(separator: "\n", omittingEmptySubsequences: false)),
      at: site)
  }
  FailureReporter.fail(
    ScreenFailure.recorded(
      site: site, into: "the call's literal in \(site.fileName).swift", mode: mode, diff: diff),
    at: site)
}

/// Checks that the app shows exactly the screen kept in
/// `__Screens__/<TestFile>/<testName>.<name>.txt` beside the test's source file; on a mismatch,
/// records one failure at the call with the diff of the two screens (`− expected, + actual`).
///
/// ```swift
/// await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
/// expectScreen(of: app, named: "tart")
/// ```
///
/// The test target keeps its `__Screens__` folder out of its sources with
/// `exclude: ["__Screens__"]` in the package manifest. A missing file is written, and reported
/// as a failure (`REZEPTE_RECORD` defaults to
/// `missing` here); `REZEPTE_RECORD=failed` writes a screen that differs, `all` every screen,
/// `never` none. `testName` is the test function's name (`#function`, without its
/// parentheses): a test with arguments shares one file per name among its cases.
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
  guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
    return FailureReporter.fail(
      "expectScreen at \(site.description): the screen's name \(Quoting.quoted(name)) cannot "
        + "be part of a file name; name it with letters, digits and dashes.",
      at: site)
  }
  let test = testName.prefix { $0 != "(" }
  let folder = (site.filePath as NSString).deletingLastPathComponent
  let path = "\(folder)/__Screens__/\(site.fileName)/\(test).\(name).txt"
  let actual = app.screenText
  let stored = FileManager.default.contents(atPath: path).map {
    String(decoding: $0, as: UTF8.self)
  }
  let expected = stored.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
  let mode = RecordMode.current(fallback: .missing, at: site)
  let matches = expected == actual
  guard mode.records(isMissing: expected == nil, matches: matches) else {
    if matches { return }
    guard let expected else {
      return FailureReporter.fail(
        "expectScreen at \(site.description): there is no screen at \(path), and "
          + "\(RecordMode.environmentVariable)=never writes none.",
        at: site)
    }
    return FailureReporter.fail(
      ScreenFailure.differs(site: site, expected: expected, actual: actual, file: path)
        + "\nTo accept the new screen, run the test with \(RecordMode.environmentVariable)=failed: "
        + "it writes it into the file.",
      at: site)
  }
  do {
    try AtomicFile.write(Data((actual + "\n").utf8), to: path, createFolders: true)
  } catch {
    return FailureReporter.fail(
      "expectScreen at \(site.description) cannot record the screen: \(error.description).",
      at: site)
  }
  let diff =
    matches
    ? nil
    : expected.map { ScreenFailure.differs(site: site, expected: $0, actual: actual, file: path) }
  FailureReporter.fail(
    ScreenFailure.recorded(site: site, into: path, mode: mode, diff: diff), at: site)
}

/// The texts of the screen failures.
enum ScreenFailure {
  /// "… the screen differs from the expected one (− expected, + actual):" and the diff.
  static func differs(
    site: CallSite, expected: String, actual: String, file: String? = nil
  ) -> String {
    let source = file.map { " in \($0)" } ?? ""
    return "expectScreen at \(site.description): the screen differs from the expected one"
      + "\(source) (− expected, + actual):\n"
      + indented(ScreenDiff(old: expected, new: actual).lines())
  }

  /// The failure a recording reports, so that the run that records never passes.
  static func recorded(site: CallSite, into place: String, mode: RecordMode, diff: String?)
    -> String
  {
    let what = diff == nil ? "wrote the screen" : "wrote the new screen"
    return "expectScreen at \(site.description) \(what) into \(place) "
      + "(\(RecordMode.environmentVariable)=\(mode.rawValue)); a run that records fails: run the "
      + "test again to check it." + (diff.map { "\n" + $0 } ?? "")
  }
}

/// Lines indented by two spaces, one string.
func indented(_ lines: some Sequence<some StringProtocol>) -> String {
  lines.map { "  " + $0 }.joined(separator: "\n")
}
