import Fixtures
import MealDB
import RezepteTesting
import Testing
import ViewDescription
import ViewModels

/// Lesson 3.12: the suggestions under a focused, empty search field.
@MainActor
@Suite struct SearchSuggestionsScreenTests {
  private var focusedList: MealListState {
    var state = Fixture.dessertList
    state.isSearchFocused = true
    state.suggestionTerms = ["Lasagne", "Pie"]
    state.favorites = []
    state.favoriteIDs = []
    return state
  }

  @Test("A focused, empty search field lists the suggestions under it")
  func suggestionsWrittenOut() {
    expectSnapshot(
      of: focusedList, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text="" (focused)
           │  ├─ Suggestion "Lasagne"
           │  └─ Suggestion "Pie"
           └─ List (refreshable)
              ├─ Row "Apam balik"
              ├─ Row "Apple Frangipan Tart"
              └─ Row "Apple & Blackberry Crumble"
        """)
  }

  @Test("A focused field with text shows its focus and no suggestions")
  func focusedWithText() {
    var state = focusedList
    state.searchText = "Pi"
    let field = MealListScreen.body(state).node(.search)
    #expect(
      field.map { TextRenderer().render($0) }
        == #"SearchField "Alle Rezepte durchsuchen" text="Pi" (focused)"#)
  }

  @Test("A field without the focus shows neither the focus nor suggestions")
  func unfocused() {
    let field = MealListScreen.body(Fixture.dessertList).searchField
    #expect(field?.suggestions == [])
    #expect(field?.field.isFocused == false)
  }

  @Test("A suggestion is pressed by its text and fills the field")
  func tapSuggestion() throws {
    let screen = MealListScreen.body(focusedList)
    let pie = try screen.tappable(labeled: "Pie")
    #expect(
      pie
        == Tappable(
          kind: .suggestion, id: .suggestion("Pie"), label: "Pie", intent: .suggestionPicked("Pie")
        ))
    #expect(screen.searchField?.suggestions == ["Lasagne", "Pie"])
  }

  @Test("The suggestions are visible texts of the screen")
  func suggestionsVisible() {
    #expect(MealListScreen.body(focusedList).visibleTexts.contains("Lasagne"))
    #expect(!MealListScreen.body(Fixture.dessertList).visibleTexts.contains("Lasagne"))
  }

  @Test("With intents shown, a suggestion names what it picks")
  func suggestionIntent() {
    let options = TextRenderer.Options(showsIntents: true)
    #expect(
      TextRenderer(options: options).render(.suggestion("Pie"))
        == #"Suggestion "Pie" → suggestionPicked("Pie")"#)
  }
}
