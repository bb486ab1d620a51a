import AppHarness
import FileSafety
import Foundation
import Spelling
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
  let check = ScreenCheck(
    site: site, actual: actual, expected: expected, place: nil,
    recordedPlace: "the call's literal in \(site.fileName).swift",
    missing: {
      "has no expected screen; run the test with \(RecordMode.environmentVariable)=missing "
        + "to write this one into the call:\n" + indented(lines(of: actual))
    })
  check.finish(mode: RecordMode.current(fallback: .never, at: site)) {
    do throws(CallScanner.Refusal) {
      try InlineRecorder.shared.record(actual, at: site)
      return nil
    } catch {
      return
        "\(error.reason). Write the call as `expectScreen(of: app, matches: \"\"\" … \"\"\")`, "
        + "with the literal right after `matches:`, or copy the screen:\n"
        + indented(lines(of: actual))
    }
  }
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
  let check = ScreenCheck(
    site: site, actual: actual,
    expected: stored.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }, place: path,
    recordedPlace: path,
    missing: {
      "there is no screen at \(path), and \(RecordMode.environmentVariable)=never writes none."
    })
  check.finish(mode: RecordMode.current(fallback: .missing, at: site)) {
    do throws(FileWriteError) {
      try AtomicFile.write(Data((actual + "\n").utf8), to: path, createFolders: true)
      return nil
    } catch {
      return error.description + "."
    }
  }
}

/// One comparison of the screen the app shows with the one a test keeps (in the call or in a
/// file), and what the record mode makes of it: nothing, a failure, or a recording that is
/// reported as a failure.
struct ScreenCheck {
  let site: CallSite
  let actual: String
  /// The screen kept, `nil` when there is none.
  let expected: String?
  /// The file the expected screen is kept in, as a failure names it; `nil` for the call's own
  /// literal.
  let place: String?
  /// Where a recording goes, as its failure names it.
  let recordedPlace: String
  /// The end of the failure's sentence when no screen is kept and none is written (worked out
  /// only then: it quotes the whole screen).
  let missing: () -> String

  /// Compares, and records with `write` (which returns why it could not) when `mode` says so.
  func finish(mode: RecordMode, write: () -> String?) {
    let matches = expected == actual
    let name = "expectScreen at \(site.description)"
    guard mode.records(isMissing: expected == nil, matches: matches) else {
      if matches { return }
      guard let expected else { return FailureReporter.fail("\(name) \(missing())", at: site) }
      return FailureReporter.fail(
        differs(from: expected) + "\nTo accept the new screen, run the test with "
          + "\(RecordMode.environmentVariable)=failed: it writes it into \(place ?? "the call").",
        at: site)
    }
    if let problem = write() {
      return FailureReporter.fail("\(name) cannot record the screen: \(problem)", at: site)
    }
    let what = expected == nil || matches ? "wrote the screen" : "wrote the new screen"
    let diff = matches ? nil : expected.map(differs(from:))
    FailureReporter.fail(
      "\(name) \(what) into \(recordedPlace) (\(RecordMode.environmentVariable)="
        + "\(mode.rawValue)); a run that records fails: run the test again to check it."
        + (diff.map { "\n" + $0 } ?? ""),
      at: site)
  }

  /// "… the screen differs from the expected one (− expected, + actual):" and the diff.
  private func differs(from expected: String) -> String {
    let source = place.map { " in \($0)" } ?? ""
    return "expectScreen at \(site.description): the screen differs from the expected one"
      + "\(source) (− expected, + actual):\n"
      + indented(ScreenDiff(old: expected, new: actual).lines())
  }
}

/// The lines of a text, empty ones included.
func lines(of text: String) -> [Substring] {
  text.split(separator: "\n", omittingEmptySubsequences: false)
}

/// Lines indented by two spaces, one string.
func indented(_ lines: some Sequence<some StringProtocol>) -> String {
  lines.map { "  " + $0 }.joined(separator: "\n")
}
