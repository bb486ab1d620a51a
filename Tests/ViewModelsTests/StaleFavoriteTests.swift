import Fixtures
import RezepteTesting
import Testing

/// A stored favourite whose recipe is gone can still be removed, and keeps its stored name.
@MainActor
@Suite struct StaleFavoriteTests {
  static let gone = Meal(id: "99999", name: "Omas Kuchen")

  @Test("The not-found detail's heart removes the favourite, at once and across a relaunch")
  func removeGoneFavorite() async {
    let storage = FavoritesStorage.inMemory([Self.gone])
    let (app, _) = TestApp.overCatalog(favorites: storage)
    await app.launch()
    #expect(app.state.list?.favorites == [Self.gone])
    await app.send(.mealTapped(Self.gone))
    #expect(app.state.top.detail?.recipe == .failed(.notFound))
    #expect(app.state.top.detail?.isFavorite == true)
    await app.send(.heartTapped)
    #expect(app.state.top.detail?.isFavorite == false)
    #expect(app.state.list?.favorites == [])
    await app.relaunch()
    #expect(app.state.list?.favorites == [])
  }

  @Test("A favourite's row keeps the name it was stored with after its detail loads")
  func storedNameStays() async {
    let stored = Meal(id: TestCatalog.tart.id, name: "Mein Tarte")
    let (app, _) = TestApp.overCatalog(favorites: .inMemory([stored]))
    await app.launch()
    await app.send(.mealTapped(stored))
    await app.send(.backTapped)
    #expect(app.state.list?.favorites.map(\.name) == ["Mein Tarte"])
  }
}
