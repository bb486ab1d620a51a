import AppHarness
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import ObservableViewModels
import RezepteTesting
import Testing
import ViewModels

/// Exactly what the README's snippets show, through the public API only (no `@testable`).
@MainActor
@Suite struct ReadmeSnippetTests {
  @Test("README, State and intents: a test drives the app with TestApp")
  func testApp() async throws {
    // README "State and intents"
    let catalog = try Catalog.embedded()
    let app = TestApp(start: .list) { clock in CatalogTransport(catalog: catalog, clock: clock) }
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))  // sends, then settles
    await app.advance(by: .milliseconds(400))  // the search pause
    #expect(app.state.list?.meals.value?.first?.name == "Lasagne")
    #expect(
      app.takeRequests() == [
        "GET categories.php", "GET filter.php?c=Dessert", "GET search.php?s=Lasagne",
      ])
    let tart = Meal(id: "52768", name: "Apple Frangipan Tart")
    await app.send(.pathChanged([app.model.makeDetail(tart)]))  // a deep link
    #expect(app.state.detail?.recipe.value?.name == "Apple Frangipan Tart")
    await app.relaunch()  // a new app over the same favourites; the old one's work is cancelled
    #expect(app.model.path.isEmpty)
  }

  @Test("README, State and intents: the path is set whole, as NavigationStack(path:) does")
  func pathChanged() async throws {
    let catalog = try Catalog.embedded()
    let app = TestApp(start: .categories) { clock in
      CatalogTransport(catalog: catalog, clock: clock)
    }
    await app.launch()
    let tart = Meal(id: "52768", name: "Apple Frangipan Tart")
    let path = [app.model.makeList(category: "Dessert"), app.model.makeDetail(tart)]
    await app.send(.pathChanged(path))
    #expect(app.model.path == path)
    #expect(app.state.path.map(\.screen.detail?.meal) == [nil, tart])
    await app.send(.pathChanged([]))
    #expect(app.model.path.isEmpty)
  }

  @Test("README, Porting to SwiftUI: the live app and its observable wrapper")
  func liveApp() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-readme-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // README "Porting to SwiftUI" (with a temporary favourites file instead of the platform's)
    let app = ObservableApp(
      AppModel.live(
        start: .list, transport: URLSessionTransport(),
        favorites: .file(at: folder.appendingPathComponent("favorites.json"))))
    #expect(app.path.isEmpty)
    #expect(app.state.list?.meals == .idle)
    // No `launch()`: a test reaches no network beyond loopback.
  }

  @Test("README, Favourites: the platform's default file")
  func favoritesLocation() {
    let url = FavoritesLocation.defaultURL()
    #expect(url.lastPathComponent == "favorites.json")
    #expect(url.deletingLastPathComponent().lastPathComponent == "rezepte")
  }
}
