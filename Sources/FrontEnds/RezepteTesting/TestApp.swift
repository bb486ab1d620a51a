import AppHarness

/// The app on virtual time for a test: a `Harness` that fails the test that made it when it
/// goes away with work still running (a search pause, a load waiting for its answer), as TCA's
/// `TestStore` fails on effects still in flight.
public final class TestApp: Harness {
  /// Whether the work left running fails the test; `false` after `skipPendingWork()` and a
  /// check with `Exhaustivity.off`.
  var checksWorkLeft = true

  /// Lets the work still running go without failing the test: for a test that ends during the
  /// search pause or a load on purpose. The work is cancelled when the app goes away.
  public func skipPendingWork() async {
    await settle()
    checksWorkLeft = false
  }

  deinit {
    guard checksWorkLeft else { return }
    let work = pendingWork
    guard !work.isEmpty else { return }
    let site = CallSite(
      fileID: madeAt.fileID, filePath: madeAt.filePath, line: madeAt.line, column: madeAt.column)
    let more = work.count == 1 ? "" : " and \(work.count - 1) more"
    FailureReporter.fail(
      "work was still running when the test ended: \(work[0])\(more); the TestApp made at "
        + "\(site.description) went away with:\n" + work.map { "  - \($0)" }.joined(separator: "\n")
        + "\nLet it end (`await app.advance(by:)`), or end the test with "
        + "`await app.skipPendingWork()` to let it go on purpose.",
      at: site)
  }
}
