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
    #expect(changes == [.init(path: "meals", expected: ".loading", actual: ".loaded([25 meals])")])
  }

  @Test("Unequal values no part tells apart still give a change, so no check passes them")
  func unequalWithoutField() {
    #expect(ValueDiff.changes(expected: [Double.nan], actual: [Double.nan]).count == 1)
    #expect(
      ValueDiff.changes(
        expected: [lasagne, Meal(id: "1", name: "A")],
        actual: [Meal(id: "1", name: "A"), lasagne]
      ).map(\.path) == [""])
  }

  @Test("Elements with ids are named by id: the ones that went, came and changed")
  func elementsByID() {
    let renamed = Meal(id: "52844", name: "Lasagna")
    let tart = Meal(id: "52768", name: "Apple Frangipan Tart")
    let pie = Meal(id: "1", name: "Pie")
    #expect(
      ValueDiff.changes(expected: [tart, lasagne], actual: [renamed, pie]) == [
        .init(
          path: #"[id: "52768"]"#,
          expected: #"Meal(id: "52768", name: "Apple Frangipan Tart", thumbnail: nil)"#,
          actual: "absent"),
        .init(path: #"[id: "52844"].name"#, expected: #""Lasagne""#, actual: #""Lasagna""#),
        .init(
          path: #"[id: "1"]"#, expected: "absent",
          actual: #"Meal(id: "1", name: "Pie", thumbnail: nil)"#),
      ])
  }

  @Test("Elements without ids are named by position")
  func elementsByPosition() {
    #expect(
      ValueDiff.changes(expected: ["a", "b"], actual: ["a", "c", "d"]) == [
        .init(path: "[1]", expected: #""b""#, actual: #""c""#),
        .init(path: "[2]", expected: "absent", actual: #""d""#),
      ])
  }

  @Test("A payload is followed into, under its case's name")
  func payload() {
    let expected = AppState(
      list: MealListState(), pushed: [.detail(MealDetailState(meal: lasagne))])
    var actual = expected
    actual.detail?.isFavorite = true
    #expect(
      ValueDiff.changes(expected: expected, actual: actual) == [
        .init(path: "path[id: 1].screen.detail.isFavorite", expected: "false", actual: "true")
      ])
    #expect(
      ValueDiff.changes(
        expected: MealListState(meals: .loaded([lasagne])),
        actual: MealListState(meals: .loaded([]))
      ).map(\.path) == [#"meals.loaded[id: "52844"]"#])
  }

  @Test("Sets and dictionaries compare by content, not by order")
  func unordered() {
    #expect(ValueDiff.changes(expected: Set(["a", "b"]), actual: Set(["b", "a"])).isEmpty)
    #expect(
      ValueDiff.changes(expected: Set(["a", "b"]), actual: Set(["b"])) == [
        .init(path: #"["a"]"#, expected: #""a""#, actual: "absent")
      ])
    #expect(
      ValueDiff.changes(expected: ["a": 1, "b": 2], actual: ["b": 3, "a": 1]) == [
        .init(path: #"["b"]"#, expected: "2", actual: "3")
      ])
  }

  @Test("Summaries are short: a long value cut after what fits, a long list counted")
  func summaries() {
    #expect(ValueDiff.summary(["a", "b"]) == #"["a", "b"]"#)
    #expect(ValueDiff.summary(Array(repeating: "a long text", count: 9)) == "[9 strings]")
    #expect(ValueDiff.summary(Int?.none as Any) == "nil")
    #expect(
      ValueDiff.summary(
        Meal(id: "52768", name: "Apple Frangipan Tart", thumbnail: "https://example.com/a.jpg"))
        == #"Meal(id: "52768", name: "Apple Frangipan Tart", …)"#)
  }
}
