import Fixtures
import Foundation
import MealDB
import Testing
import ViewDescription
import ViewModels

@Suite struct NodeQueryTests {
  private let list = AppScreen.body(AppState(list: Fixture.dessertList))

  @Test("The screen title is the navigation title of the screen on top")
  func screenTitle() {
    let detail = MealDetailState(meal: Fixture.lasagne, recipe: .loading)
    #expect(list.screenTitle == "Dessert")
    #expect(
      AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(detail)])).screenTitle
        == "Lasagne")
  }

  @Test("Visible texts are read depth first, with a favourite's ♥, and leave out the closed menu")
  func visibleTexts() {
    #expect(
      list.visibleTexts == [
        "Dessert", "Zufallsrezept", "Kategorie", "Alle Rezepte durchsuchen", "Apam balik",
        "Apple Frangipan Tart", "♥", "Apple & Blackberry Crumble", "Favoriten",
        "Apple Frangipan Tart", "♥",
      ])
    #expect(!list.visibleTexts.contains("Chicken"))
  }

  @Test("A favourite's heart is shown, as the text tree draws it, and gone once it is removed")
  func favoriteMark() {
    #expect(list.visibleTexts.contains("♥"))
    let noFavorites = MealListScreen.body(
      MealListState(meals: .loaded([Fixture.lasagne]), favoriteIDs: []))
    #expect(!noFavorites.visibleTexts.contains("♥"))
  }

  @Test("A search field shows its text once something is typed, instead of the prompt")
  func searchFieldText() {
    let typed = MealListScreen.body(MealListState(searchText: "Las", meals: .loading))
    #expect(typed.visibleTexts.contains("Las"))
    #expect(!typed.visibleTexts.contains("Alle Rezepte durchsuchen"))
  }

  @Test("A pushed screen shows its back button's title")
  func backTitleIsVisible() {
    let detail = MealDetailScreen.body(MealDetailState(meal: Fixture.lasagne), back: "Suche")
    #expect(detail.visibleTexts.contains("Suche"))
  }

  @Test("A tappable element is found by its exact label")
  func tapByLabel() throws {
    let retry = MealListScreen.body(MealListState(meals: .failed(.connection)))
    #expect(try retry.tappable(labeled: "Erneut versuchen").intent == .retryTapped)
    #expect(try list.tappable(labeled: "Zufallsrezept").intent == .diceTapped)
    #expect(try list.tappable(labeled: "Apam balik").intent == .mealTapped(Fixture.apamBalik))
    #expect(try list.tappable(labeled: "Chicken").intent == .categoryPicked("Chicken"))
  }

  @Test("The back button is pressed by the title of the screen below")
  func tapBack() throws {
    let detail = MealDetailScreen.body(MealDetailState(meal: Fixture.lasagne), back: "Dessert")
    #expect(
      try detail.tappable(labeled: "Dessert")
        == Tappable(kind: .backButton, id: .back, label: "Dessert", intent: .backTapped))
  }

  @Test("A label is matched exactly, not by a part or ignoring case")
  func exactLabels() {
    #expect(list.tappables.filter { $0.label == "Apple" }.isEmpty)
    #expect(list.tappables.filter { $0.label == "apam balik" }.isEmpty)
  }

  @Test("A favourite in the list and in „Favoriten“ is one target: both open the same recipe")
  func duplicateWithSameIntent() throws {
    #expect(list.tappables.filter { $0.label == "Apple Frangipan Tart" }.count == 2)
    #expect(
      try list.tappable(labeled: "Apple Frangipan Tart").intent
        == .mealTapped(Fixture.frangipanTart))
  }

  @Test("Two elements with one label that do different things are ambiguous")
  func ambiguous() {
    let twins = Node.list([
      .row("Pancakes", intent: .mealTapped(Meal(id: "1", name: "Pancakes"))),
      .row("Pancakes", intent: .mealTapped(Meal(id: "2", name: "Pancakes"))),
    ])
    #expect(throws: TapLookupError.ambiguous(label: "Pancakes", matches: twins.tappables)) {
      try twins.tappable(labeled: "Pancakes")
    }
  }

  @Test("A missing label is reported with everything the screen offers, each once")
  func notFound() {
    #expect(
      throws: TapLookupError.notFound(
        label: "Lasagne",
        available: [
          "Zufallsrezept", "Beef", "Breakfast", "Chicken", "Dessert", "Apam balik",
          "Apple Frangipan Tart", "Apple & Blackberry Crumble",
        ])
    ) {
      try list.tappable(labeled: "Lasagne")
    }
  }

  @Test("A disabled button can still be found and says that it is disabled")
  func disabled() throws {
    var state = Fixture.dessertList
    state.isDiceBusy = true
    let dice = try MealListScreen.body(state).tappable(labeled: "Zufallsrezept")
    #expect(dice.isDisabled)
  }

  @Test("The lookup errors read as sentences naming the label")
  func errorDescriptions() {
    let missing = TapLookupError.notFound(label: "Lasagne", available: ["Zufallsrezept", "Beef"])
    #expect(
      missing.description
        == "Nothing tappable is labelled \"Lasagne\"; the screen offers \"Zufallsrezept\", \"Beef\"."
    )
  }
}
