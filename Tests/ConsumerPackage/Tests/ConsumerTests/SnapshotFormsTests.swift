import RezepteTesting
import Testing

/// The four strategies of `expectSnapshot`, in the call and in files.
@MainActor
@Suite struct SnapshotFormsTests {
  let app: TestApp

  init() throws {
    let catalog = try Catalog.embedded()
    app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
  }

  @Test("The screen, the requests, a node tree and a state, in the call")
  func inline() async {
    await app.launch()
    await app.send(.categoryPicked("Vegan"))
    expectSnapshot(
      of: app,
      as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Vegan"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Chicken · Dessert · Lamb · Miscellaneous ·
           │           Pasta · Pork · Seafood · Side · Starter · ● Vegan · Vegetarian ·
           │           Breakfast · Goat
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable)
              ├─ Row "Roast fennel and aubergine paella"
              ├─ Row "Vegan Chocolate Cake"
              └─ Row "Vegan Lasagna"
        """)
    expectSnapshot(
      of: app,
      as: .requests,
      matches: """
        GET categories.php
        GET filter.php?c=Dessert
        GET filter.php?c=Vegan
        """)
    expectSnapshot(
      of: AppScreen.body(app.state),
      as: .tree,
      matches: """
        NavigationStack
        └─ Screen "Vegan"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Chicken · Dessert · Lamb · Miscellaneous ·
           │           Pasta · Pork · Seafood · Side · Starter · ● Vegan · Vegetarian ·
           │           Breakfast · Goat
           ├─ SearchField "Alle Rezepte durchsuchen" text=""
           └─ List (refreshable)
              ├─ Row "Roast fennel and aubergine paella"
              ├─ Row "Vegan Chocolate Cake"
              └─ Row "Vegan Lasagna"
        """)
    expectSnapshot(
      of: app.state.list?.meals,
      as: .dump,
      matches: """
        .loaded(
          [
            Meal(
              id: "52942",
              name: "Roast fennel and aubergine paella",
              thumbnail: "https://www.themealdb.com/images/media/meals/1520081754.jpg"
            ),
            Meal(
              id: "52794",
              name: "Vegan Chocolate Cake",
              thumbnail: "https://www.themealdb.com/images/media/meals/qxutws1486978099.jpg"
            ),
            Meal(
              id: "52775",
              name: "Vegan Lasagna",
              thumbnail: "https://www.themealdb.com/images/media/meals/rvxxuy1468312893.jpg"
            )
          ]
        )
        """)
  }

  @Test("The same four, kept in files")
  func named() async {
    await app.launch()
    await app.send(.categoryPicked("Vegan"))
    expectSnapshot(of: app, as: .screen, named: "screen")
    expectSnapshot(of: app, as: .requests, named: "requests")
    expectSnapshot(of: AppScreen.body(app.state), as: .tree, named: "tree")
    expectSnapshot(of: app.state.list?.meals, as: .dump, named: "meals")
  }
}
