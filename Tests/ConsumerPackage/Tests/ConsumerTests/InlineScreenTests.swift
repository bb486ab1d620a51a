import RezepteTesting
import Testing

/// A screen checked against the text tree written in the test.
@MainActor
@Suite struct InlineScreenTests {
  @Test("After a search and its pause, the list shows the recipes found")
  func searchResults() async throws {
    let catalog = try Catalog.embedded()
    let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(400))
    expectScreen(
      of: app,
      matches: """
        NavigationStack
        └─ Screen "Suche"
           ├─ Toolbar
           │  ├─ Button "Zufallsrezept" [dice]
           │  └─ Menu "Kategorie" [line.3.horizontal.decrease.circle]
           │     └─ Picker "Kategorie": Beef · Chicken · ● Dessert · Lamb ·
           │           Miscellaneous · Pasta · Pork · Seafood · Side · Starter · Vegan ·
           │           Vegetarian · Breakfast · Goat
           ├─ SearchField "Alle Rezepte durchsuchen" text="Lasagne"
           └─ List (refreshable)
              └─ Row "Lasagne"
        """)
  }
}
