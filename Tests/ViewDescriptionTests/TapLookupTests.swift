import MealDB
import Testing
import ViewDescription
import ViewModels

/// The failures of `tappable(labeled:)` read well enough to fix a scenario from.
@Suite struct TapLookupTests {
  @Test("An ambiguous label names every match with its kind and what it does")
  func ambiguousMessage() {
    let twins = Node.list([
      .row("Pasta", intent: .mealTapped(Meal(id: "1", name: "Pasta"))),
      .picker("Kategorie", options: ["Pasta"], selection: nil),
      .suggestion("Pasta"),
    ])
    #expect(throws: TapLookupError.self) { try twins.tappable(labeled: "Pasta") }
    let error = TapLookupError.ambiguous(label: "Pasta", matches: twins.tappables)
    #expect(
      error.description
        == "3 elements are labelled \"Pasta\" and do different things: Row \"Pasta\" → "
        + "mealTapped(\"1\"), picker option \"Pasta\" → categoryPicked(\"Pasta\"), Suggestion "
        + "\"Pasta\" → suggestionPicked(\"Pasta\").")
  }

  @Test("A label that differs only in case gets a did-you-mean")
  func nearMatch() {
    let missing = TapLookupError.notFound(label: "apam balik", available: ["Apam balik"])
    #expect(
      missing.description
        == "Nothing tappable is labelled \"apam balik\" (did you mean \"Apam balik\"?); "
        + "the screen offers \"Apam balik\".")
  }

  @Test("A screen with nothing to press says so")
  func nothingToPress() {
    let missing = TapLookupError.notFound(label: "Beef", available: [])
    #expect(
      missing.description == "Nothing tappable is labelled \"Beef\"; the screen offers nothing.")
  }

  @Test("The back button reads as one among the matches")
  func backButtonMatch() {
    let error = TapLookupError.ambiguous(
      label: "Kategorien",
      matches: [
        Tappable(kind: .backButton, label: "Kategorien", intent: .backTapped),
        Tappable(kind: .button, label: "Kategorien", intent: .retryTapped),
      ])
    #expect(
      error.description
        == "2 elements are labelled \"Kategorien\" and do different things: back button "
        + "\"Kategorien\" → backTapped, Button \"Kategorien\" → retryTapped.")
  }
}
