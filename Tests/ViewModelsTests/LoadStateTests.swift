import MealDB
import Testing
import ViewModels

/// The four cases of loading, their accessors and equality.
@Suite struct LoadStateTests {
  @Test(
    "Only a loaded state has a value",
    arguments: [
      (LoadState<Int>.idle, nil), (.loading, nil), (.loaded(7), 7), (.failed(.offline), nil),
    ] as [(LoadState<Int>, Int?)])
  func value(state: LoadState<Int>, expected: Int?) {
    #expect(state.value == expected)
    #expect(state.isLoaded == (expected != nil))
  }

  @Test("A state loaded with an empty or absent value is still loaded")
  func loadedEmpty() {
    #expect(LoadState<[Int]>.loaded([]).isLoaded)
    #expect(LoadState<Int?>.loaded(nil).isLoaded)
    #expect(LoadState<Int?>.loading.isLoaded == false)
  }

  @Test("States are equal only with the same case and the same payload")
  func equality() {
    let states: [LoadState<Int>] = [
      .idle, .loading, .loaded(1), .loaded(2), .failed(.offline), .failed(.timeout),
    ]
    for (i, lhs) in states.enumerated() {
      for (j, rhs) in states.enumerated() {
        #expect((lhs == rhs) == (i == j), "\(lhs) vs \(rhs)")
      }
    }
  }
}
