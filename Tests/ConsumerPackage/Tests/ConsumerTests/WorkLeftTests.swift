import RezepteTesting
import Testing

/// An app that goes away with work still running fails the test that made it.
@MainActor
@Suite struct WorkLeftTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.embedded()
  }

  @Test("A test whose app still sleeps in the search pause fails, naming the pause")
  func pauseLeftRunning() async {
    await withKnownIssue {
      let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
      await app.launch()
      await app.send(.searchTextChanged("Lasagne"))
    } matching: { issue in
      "\(issue.error.map { "\($0)" } ?? "")".hasPrefix(
        "work was still running when the test ended: the search pause")
    }
  }

  @Test("The same test passes when it lets the pause go on purpose")
  func pauseSkipped() async {
    let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await app.skipPendingWork()
  }
}
