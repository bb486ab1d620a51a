import Testing

@testable import RezepteTesting

@Suite struct ValueDiffTests {
  let lasagne = Meal(id: "52844", name: "Lasagne")

  @Test("A changed field is named by its path, with both values")
  func fieldPath() {
    let expected = AppState(list: MealListState(searchText: "La"))
    let actual = AppState(list: MealListState(searchText: "Las"))
    #expect(
      ValueDiff.changes(expected: expected, actual: actual) == [
        .init(path: "root.list.searchText", expected: #""La""#, actual: #""Las""#)
      ])
  }

  @Test("Another case of an enum is one change, a long list counted")
  func enumCase() {
    let meals = (1...25).map { Meal(id: "\($0)", name: "Meal \($0)") }
    let changes = ValueDiff.changes(
      expected: MealListState(meals: .loading), actual: MealListState(meals: .loaded(meals)))
    #expect(changes == [.init(path: "meals", expected: "loading", actual: "loaded (25 meals)")])
  }

  @Test("Unequal values no field tells apart still give a change, so no check passes them")
  func unequalWithoutField() {
    #expect(ValueDiff.changes(expected: [Double.nan], actual: [Double.nan]).count == 1)
    // Two sets whose elements read the same once shortened.
    let long = String(repeating: "x", count: ValueDiff.summaryWidth)
    let left: Set = [Meal(id: "1", name: long + "a")]
    let right: Set = [Meal(id: "1", name: long + "b")]
    #expect(ValueDiff.changes(expected: left, actual: right).count == 1)
    #expect(ValueDiff.changes(expected: left, actual: left).isEmpty)
  }

  @Test("Lists of one length are compared element by element; of two lengths, as a whole")
  func lists() {
    let renamed = Meal(id: "52844", name: "Lasagna")
    #expect(
      ValueDiff.changes(expected: [lasagne], actual: [renamed]) == [
        .init(path: "[0].name", expected: #""Lasagne""#, actual: #""Lasagna""#)
      ])
    #expect(
      ValueDiff.changes(expected: [lasagne], actual: [lasagne, renamed]).map(\.path) == [""])
  }

  @Test("A payload with fields is followed into, under its case's name")
  func payload() {
    let expected = AppState(
      list: MealListState(), path: [.detail(MealDetailState(meal: lasagne))])
    var actual = expected
    actual.detail?.isFavorite = true
    #expect(
      ValueDiff.changes(expected: expected, actual: actual) == [
        .init(path: "path[0].detail.isFavorite", expected: "false", actual: "true")
      ])
  }

  @Test("Sets and dictionaries compare by content, not by order")
  func unordered() {
    #expect(ValueDiff.changes(expected: Set(["a", "b"]), actual: Set(["b", "a"])).isEmpty)
    #expect(
      ValueDiff.changes(expected: ["a": 1, "b": 2], actual: ["b": 3, "a": 1]) == [
        .init(path: #"["b"]"#, expected: "2", actual: "3")
      ])
  }

  @Test("Summaries are short: a few elements listed, more counted, long values cut")
  func summaries() {
    #expect(ValueDiff.summary(["a", "b"]) == #"["a", "b"]"#)
    #expect(ValueDiff.summary(Array(repeating: "a", count: 5)) == "5 strings")
    #expect(
      ValueDiff.summary([Meal(id: "1", name: "A")])
        == #"[Meal(id: "1", name: "A", thumbnail: nil)]"#)
    #expect(ValueDiff.summary(Int?.none as Any) == "nil")
    #expect(ValueDiff.summary(MealListState()).hasSuffix("(…)"))
  }

  @Test("Paths overlap when one leads to the other")
  func overlaps() {
    #expect(StatePath.overlaps("root.list", "root.list.meals"))
    #expect(StatePath.overlaps("root.list.meals[2]", "root.list.meals"))
    #expect(!StatePath.overlaps("root.list", "root.listing"))
  }
}
