import RezepteTesting
import Testing

/// A screen checked against a file in `Tests/__Screens__`.
@MainActor
@Suite struct NamedScreenTests {
  @Test("A recipe's detail shows its ingredients and instructions")
  func recipeDetail() async throws {
    let catalog = try Catalog.embedded()
    let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
    await app.launch()
    await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
    #expect(app.state.detail?.recipe.value?.name == "Apple Frangipan Tart")
    expectScreen(of: app, named: "tart")
  }
}
