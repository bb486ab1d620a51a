import Fixtures
import RezepteTesting
import Testing

/// The same steps give the same states on every run.
@MainActor
@Suite struct DeterminismTests {
  /// Typing with pauses, an out-of-order pair of answers, a category pick and a refresh; returns
  /// every snapshot the change callback reported, and the request log.
  func race() async -> ([AppState], [RequestLedger.Entry]) {
    let (app, network) = TestApp.overCatalog()
    let recorder = app.model.record()
    network.setDelay(.milliseconds(50), for: "filter.php")
    await app.launch()
    await app.advance(by: .milliseconds(50))
    network.setDelay(.seconds(1), for: "search.php")
    for text in ["L", "La", "Las"] {
      await app.send(.searchTextChanged(text))
      await app.advance(by: .milliseconds(150))
    }
    await app.advance(by: .milliseconds(300))  // "Las" goes out, slowly.
    network.setDelay(.milliseconds(100), for: "search.php")
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(450))  // "Lasagne" answers first.
    await app.advance(by: .seconds(1))
    await app.send(.categoryPicked("Pasta"))
    await app.send(.pulledToRefresh)
    await app.advance(by: .seconds(1))
    return (recorder.values, app.ledger.entries)
  }

  @Test("A debounce and out-of-order race gives the same states 200 times in a row")
  func sameStatesEveryRun() async {
    let first = await race()
    #expect(first.0.last?.list?.loadedQuery == Query(category: "Pasta", search: "Lasagne"))
    #expect(!first.0.contains { $0.list?.loadedQuery?.search == "Las" })
    for _ in 1..<200 {
      let run = await race()
      #expect(run.0 == first.0 && run.1 == first.1)
      if run.0 != first.0 || run.1 != first.1 { break }
    }
  }
}
