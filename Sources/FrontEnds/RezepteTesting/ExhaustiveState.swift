import AppHarness
import Spelling
import ViewModels

/// How much of the state `send(_:exhaustivity:assert:)` and `advance(by:exhaustivity:assert:)`
/// check.
public enum Exhaustivity: Sendable {
  /// Every field: a change the closure does not spell fails, as does one it spells that did
  /// not happen.
  case on
  /// Only the fields the closure sets: they must end as it sets them, and whatever else
  /// changed is let be. For a test about one part of the state; the app's work left running
  /// at the end of the test is let be too.
  case off
}

extension TestApp {
  /// Sends the intent, settles, and checks the state against the state before with `expected`
  /// applied: each field that ends otherwise fails, named by its path (`root.list.searchText`)
  /// with `− expected` and `+ actual`, including any change the closure does not spell (with
  /// `exhaustivity: .on`, the default).
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

  /// Takes `step` and checks the state after it against the state before with `update` (with
  /// `.off`, against the state after it with `update`).
  private func checked(
    _ step: String, _ update: (inout AppState) throws -> Void, _ exhaustivity: Exhaustivity,
    _ site: CallSite, taking action: () async -> Void
  ) async rethrows {
    let before = state
    await action()
    let actual = state
    var expected = exhaustivity == .on ? before : actual
    try update(&expected)
    if exhaustivity == .off { checksWorkLeft = false }
    let changes = ValueDiff.changes(expected: expected, actual: actual)
    guard !changes.isEmpty else { return }
    let fields = changes.count == 1 ? "1 field" : "\(changes.count) fields"
    let lines = changes.flatMap { change in
      let path = change.path.isEmpty ? "the state" : change.path
      let pad = String(repeating: " ", count: path.count + 2)
      return ["  \(path): − \(change.expected)", "  \(pad)+ \(change.actual)"]
    }
    FailureReporter.fail(
      "\(step) at \(site.description): the state differs from the expected one in \(fields) "
        + "(− expected, + actual):\n" + lines.joined(separator: "\n"),
      at: site)
  }
}
