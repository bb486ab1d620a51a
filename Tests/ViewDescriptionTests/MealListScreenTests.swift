import Fixtures
import MealDB
import RezepteTesting
import Testing
import ViewDescription
import ViewModels

@MainActor
@Suite struct MealListScreenTests {
  @Test("While the list loads, a progress view says „Rezepte werden geladen…“")
  func loading() {
    let state = MealListState(categories: Fixture.categories, meals: .loading)
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ ProgressView "Rezepte werden geladen…"
        """)
  }

  @Test("Before the first load and before the categories arrive, the picker is empty")
  func idleWithoutCategories() {
    expectSnapshot(
      of: MealListState(), as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie"
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ ProgressView "Rezepte werden geladen…"
        """)
  }

  @Test("A failed load shows „Fehler“, the message and „Erneut versuchen“")
  func failed() {
    let state = MealListState(
      categories: Fixture.categories,
      meals: .failed(.offline))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ ContentUnavailableView "Fehler" [wifi.exclamationmark]
              ├─ Text "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."
              └─ Button "Erneut versuchen"
        """)
  }

  @Test("An empty category says „Keine Rezepte“ with a fork and knife")
  func emptyCategory() {
    let state = MealListState(
      category: "Goat", categories: Fixture.categories, meals: .loaded([]),
      loadedQuery: Query(category: "Goat", search: ""))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Goat"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ ContentUnavailableView "Keine Rezepte" [fork.knife]
        """)
  }

  @Test("A search without hits says „Keine Ergebnisse für „…““ with a magnifying glass")
  func emptySearch() {
    let state = MealListState(
      categories: Fixture.categories, searchText: "xyz ", meals: .loaded([]),
      loadedQuery: Query(category: "Dessert", search: "xyz"))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Suche"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text="xyz "
           └─ ContentUnavailableView "Keine Ergebnisse für „xyz“" [magnifyingglass]
        """)
  }

  @Test("Loaded rows show the names, a heart for favourites, and the „Favoriten“ section")
  func loadedWithFavorites() {
    expectSnapshot(
      of: Fixture.dessertList, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable)
              ├─ Row "Apam balik"
              ├─ Row "Apple Frangipan Tart" ♥
              ├─ Row "Apple & Blackberry Crumble"
              └─ Section "Favoriten"
                 └─ Row "Apple Frangipan Tart" ♥
        """)
  }

  @Test("Without favourites there is no „Favoriten“ section and no heart")
  func loadedWithoutFavorites() {
    var state = Fixture.dessertList
    state.favoriteIDs = []
    state.favorites = []
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable)
              ├─ Row "Apam balik"
              ├─ Row "Apple Frangipan Tart"
              └─ Row "Apple & Blackberry Crumble"
        """)
  }

  @Test("Search results are titled „Suche“ and the field shows the text as typed")
  func searchResults() {
    let state = MealListState(
      categories: Fixture.categories, searchText: "Las", meals: .loaded([Fixture.lasagne]),
      loadedQuery: Query(category: "Dessert", search: "Las"))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Suche"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text="Las"
           └─ List (refreshable)
              └─ Row "Lasagne"
        """)
  }

  @Test("Search results go without the „Favoriten“ section, hearts stay")
  func searchResultsWithoutFavoritesSection() {
    var state = Fixture.dessertList
    state.searchText = "Apple"
    state.meals = .loaded([Fixture.frangipanTart])
    state.loadedQuery = Query(category: "Dessert", search: "Apple")
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Suche"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text="Apple"
           └─ List (refreshable)
              └─ Row "Apple Frangipan Tart" ♥
        """)
  }

  @Test("A pull to refresh under way keeps the list and marks it refreshing")
  func refreshing() {
    var state = Fixture.dessertList
    state.favoriteIDs = []
    state.favorites = []
    state.isRefreshing = true
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable, refreshing)
              ├─ Row "Apam balik"
              ├─ Row "Apple Frangipan Tart"
              └─ Row "Apple & Blackberry Crumble"
        """)
  }

  @Test("A failed refresh keeps the list and shows the message as an alert with „OK“")
  func notice() {
    var state = Fixture.dessertList
    state.favoriteIDs = []
    state.favorites = []
    state.notice = .timeout
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           ├─ List (refreshable)
           │  ├─ Row "Apam balik"
           │  ├─ Row "Apple Frangipan Tart"
           │  └─ Row "Apple & Blackberry Crumble"
           └─ Alert "Der Server antwortet gerade nicht. Versuch es gleich noch einmal."
              └─ Button "OK"
        """)
  }

  @Test("While the dice loads a random recipe, its button is disabled")
  func diceBusy() {
    var state = MealListState(categories: Fixture.categories, meals: .loading)
    state.isDiceBusy = true
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Dessert"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice] (disabled)
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Breakfast · Chicken · ● Dessert
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ ProgressView "Rezepte werden geladen…"
        """)
  }

  @Test("Each tappable element of the list sends the intent the view model expects")
  func intents() {
    let screen = MealListScreen.body(Fixture.dessertList)
    let intents = screen.tappables.map(\.intent)
    #expect(
      intents == [
        .diceTapped,
        .categoryPicked("Beef"), .categoryPicked("Breakfast"), .categoryPicked("Chicken"),
        .categoryPicked("Dessert"),
        .mealTapped(Fixture.apamBalik), .mealTapped(Fixture.frangipanTart),
        .mealTapped(Fixture.crumble), .mealTapped(Fixture.frangipanTart),
      ])
  }

  @Test("The list is pulled to refresh")
  func gestures() throws {
    let screen = MealListScreen.body(Fixture.dessertList)
    #expect(screen.refreshableList?.refresh == .pulledToRefresh)
  }
}
