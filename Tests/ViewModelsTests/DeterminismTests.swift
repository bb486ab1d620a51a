import MealCatalog
import MealDB
import Testing
import ViewModels

/// The same steps give the same states on every run.
@MainActor
@Suite struct DeterminismTests {
  /// Typing with pauses, an out-of-order pair of answers, a category pick and a refresh; returns
  /// every snapshot the change callback reported.
  func race() async -> [MealListState] {
    let harness = Harness()
    let model = harness.listModel()
    let recorder = model.record()
    harness.transport.setDelay(.milliseconds(50), for: "filter.php")
    model.appeared()
    await harness.advance(50)
    harness.transport.setDelay(.seconds(1), for: "search.php")
    for text in ["L", "La", "Las"] {
      model.searchTextChanged(text)
      await harness.advance(150)
    }
    await harness.advance(300)  // "Las" goes out, slowly.
    harness.transport.setDelay(.milliseconds(100), for: "search.php")
    model.searchTextChanged("Lasagne")
    await harness.advance(450)  // "Lasagne" answers first.
    await harness.advance(1000)
    model.categoryPicked("Pasta")
    model.pulledToRefresh()
    await harness.advance(1000)
    return recorder.values
  }

  @Test("A debounce and out-of-order race gives the same states 200 times in a row")
  func sameStatesEveryRun() async {
    let first = await race()
    #expect(first.last?.loadedQuery == Query(category: "Pasta", search: "Lasagne"))
    #expect(!first.contains { $0.loadedQuery?.search == "Las" })
    for _ in 1..<200 {
      let states = await race()
      #expect(states == first)
      if states != first { break }
    }
  }
}
