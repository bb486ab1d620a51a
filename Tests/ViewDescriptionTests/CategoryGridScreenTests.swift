import Fixtures
import MealDB
import RezepteTesting
import Testing
import ViewDescription
import ViewModels

/// Bonus 2: the category grid start screen in each state, and the list pushed from it.
@MainActor
@Suite struct CategoryGridScreenTests {
  private static let categories = [
    Category(
      id: "1", name: "Beef", thumbnail: "https://www.themealdb.com/images/category/beef.png"),
    Category(
      id: "3", name: "Dessert", thumbnail: "https://www.themealdb.com/images/category/dessert.png"),
    Category(id: "4", name: "Pasta"),
  ]

  @Test("While the categories load, a progress view says „Kategorien werden geladen…“")
  func loading() {
    expectSnapshot(
      of: CategoryGridState(categories: .loading), as: .screen(),
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ ProgressView "Kategorien werden geladen…"
        """)
  }

  @Test("A failed load shows „Fehler“, the message and „Erneut versuchen“")
  func failed() {
    let state = CategoryGridState(
      categories: .failed(.timeout))
    expectSnapshot(
      of: state, as: .screen(),
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ ContentUnavailableView "Fehler" [wifi.exclamationmark]
              ├─ Text "Der Server antwortet gerade nicht. Versuch es gleich noch
              │     einmal."
              └─ Button "Erneut versuchen"
        """)
  }

  @Test("Loaded categories are tiles in a grid, in the order the server sends them")
  func loaded() {
    expectSnapshot(
      of: CategoryGridState(categories: .loaded(Self.categories)), as: .screen(),
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ Grid
              ├─ Tile "Beef"
              ├─ Tile "Dessert"
              └─ Tile "Pasta"
        """)
  }

  @Test("A tile carries its category's image and pushes that category's list")
  func tileImageAndIntent() {
    let options = TextRenderer.Options(width: 120, showsIntents: true, showsURLs: true)
    expectSnapshot(
      of: CategoryGridState(categories: .loaded(Self.categories)), as: .screen(options),
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ Grid
              ├─ Tile "Beef" url="https://www.themealdb.com/images/category/beef.png" → categoryTileTapped("Beef")
              ├─ Tile "Dessert" url="https://www.themealdb.com/images/category/dessert.png" → categoryTileTapped("Dessert")
              └─ Tile "Pasta" → categoryTileTapped("Pasta")
        """)
  }

  @Test("No categories say „Keine Kategorien“")
  func empty() {
    expectSnapshot(
      of: CategoryGridState(categories: .loaded([])), as: .screen(),
      matches: """
        NavigationStack
        └─ Screen "Kategorien"
           └─ ContentUnavailableView "Keine Kategorien" [square.grid.2x2]
        """)
  }

  @Test("A list pushed from the grid goes back to „Kategorien“")
  func pushedListBack() {
    let list = MealListState(
      category: "Pasta", meals: .loaded([Fixture.lasagne]),
      loadedQuery: Query(category: "Pasta", search: ""))
    let app = AppState(root: .categories(CategoryGridState()), pushed: [.list(list)])
    expectSnapshot(
      of: app, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Pasta" back="Kategorien"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie"
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable)
              └─ Row "Lasagne"
        """)
  }

  @Test("A detail above a pushed list goes back to that list's title")
  func detailOverPushedList() {
    let list = MealListState(category: "Pasta", searchText: "Las")
    let detail = MealDetailState(meal: Fixture.lasagne, recipe: .loading)
    let app = AppState(
      root: .categories(CategoryGridState()), pushed: [.list(list), .detail(detail)])
    #expect(AppScreen.body(app).control(.back)?.label == "Suche")
  }

  @Test("A tile is pressed by its category's name")
  func tapTile() throws {
    let grid = AppScreen.body(
      AppState(root: .categories(CategoryGridState(categories: .loaded(Self.categories)))))
    #expect(try grid.tappable(labeled: "Dessert").intent == .categoryTileTapped("Dessert"))
    #expect(grid.tappables.map(\.kind) == [.tile, .tile, .tile])
  }
}
