import AppHarness
import CommandLineKit
import Spelling
import ViewModels

/// How much of the state `send(_:exhaustivity:assert:)` and `advance(by:exhaustivity:assert:)`
/// check.
public enum Exhaustivity: Sendable {
  /// Every field: a change the closure does not spell fails, as does one it spells that did
  /// not happen.
  case on
  /// Only the fields the closure changes: they must end as it sets them, and whatever else
  /// changed is let be. For a test about one part of the state; a field the closure sets to the
  /// value it already had is not checked.
  case off
}

extension TestApp {
  /// Sends the intent, settles, and checks the state against the state before with `expected`
  /// applied: each field that ends otherwise fails, named by its path (`root.list.searchText`)
  /// with `− expected` and `+ actual`, including any change the closure does not spell (with
  /// `exhaustivity: .on`, the default).
  ///
  /// ```swift
  /// await app.send(.searchTextChanged("Lasagne")) {
  ///   $0.list?.searchText = "Lasagne"
  /// }
  /// ```
  public func send(
    _ intent: UserIntent,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert expected: (inout AppState) throws -> Void
  ) async rethrows {
    try await checked(
      "send(.\(intent))", expected, exhaustivity,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { await send(intent) }
  }

  /// Moves virtual time forward, settles, and checks the state as `send(_:assert:)` does:
  /// the state before with `expected` applied, field by field.
  ///
  /// ```swift
  /// await app.advance(by: .milliseconds(400)) {
  ///   $0.list?.meals = .loaded([lasagne])
  ///   $0.list?.loadedQuery = Query(category: "Dessert", search: "Lasagne")
  /// }
  /// ```
  public func advance(
    by duration: Duration,
    exhaustivity: Exhaustivity = .on,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert expected: (inout AppState) throws -> Void
  ) async rethrows {
    try await checked(
      "advance(by: \(DurationText.format(duration)))", expected, exhaustivity,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { await advance(by: duration) }
  }

  /// Takes `step` and checks the state after it against the state before with `update`.
  private func checked(
    _ step: String, _ update: (inout AppState) throws -> Void, _ exhaustivity: Exhaustivity,
    _ site: CallSite, taking action: () async -> Void
  ) async rethrows {
    let before = state
    await action()
    var expected = before
    try update(&expected)
    let actual = state
    guard actual != expected else { return }
    var changes = ValueDiff.changes(expected: expected, actual: actual)
    if exhaustivity == .off {
      let spelled = ValueDiff.changes(expected: before, actual: expected).map(\.path)
      changes = changes.filter { change in
        spelled.contains { StatePath.overlaps($0, change.path) }
      }
    }
    guard !changes.isEmpty else { return }
    let fields = changes.count == 1 ? "1 field" : "\(changes.count) fields"
    FailureReporter.fail(
      "\(step) at \(site.description): the state differs from the expected one in \(fields) "
        + "(− expected, + actual):\n" + StatePath.lines(changes).joined(separator: "\n"),
      at: site)
  }
}

/// Paths of fields, as `ValueDiff` names them.
enum StatePath {
  /// Whether one path is the other or leads to it: `root.list` and `root.list.meals`, not
  /// `root.list` and `root.listing`.
  static func overlaps(_ lhs: String, _ rhs: String) -> Bool {
    func leads(_ short: String, to long: String) -> Bool {
      guard long.hasPrefix(short) else { return false }
      let next = long.dropFirst(short.count).first
      return short.isEmpty || next == nil || next == "." || next == "["
    }
    return leads(lhs, to: rhs) || leads(rhs, to: lhs)
  }

  /// Each change as `  path: − expected` and, under it, `+ actual`.
  static func lines(_ changes: [ValueDiff.Change]) -> [String] {
    changes.flatMap { change in
      let path = change.path.isEmpty ? "the state" : change.path
      let pad = String(repeating: " ", count: path.count + 2)
      return ["  \(path): − \(change.expected)", "  \(pad)+ \(change.actual)"]
    }
  }
}
