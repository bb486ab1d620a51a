import AppHarness
import MealCatalog
import MealDB
import ObservableViewModels
import Observation
import Testing
import ViewModels
import VirtualTime

/// The `@Observable` wrappers follow their view models.
@MainActor
@Suite struct ObservedTests {
  private func makeApp() throws -> TestApp {
    let catalog = try Catalog.embedded()
    return TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
  }

  @Test("Observation reports a change of the view model's state")
  func reportsChange() async throws {
    let app = try makeApp()
    let observed = ObservableApp(app.model)
    let changed = Flag()
    withObservationTracking {
      _ = observed.state
    } onChange: {
      changed.set()
    }
    await app.launch()
    #expect(changed.isSet)
    #expect(observed.state == app.state)
  }

  @Test("Setting the path sends it to the app as a whole")
  func settingPath() async throws {
    let app = try makeApp()
    let observed = ObservableApp(app.model)
    await app.launch()
    let meal = Meal(id: "52768", name: "Apple Frangipan Tart")
    observed.path = [.detail(meal)]
    await app.settle()
    #expect(app.model.path == [.detail(meal)])
    #expect(observed.state.top.detail?.recipe.value?.name == "Apple Frangipan Tart")
    observed.path = []
    #expect(observed.path.isEmpty)
  }

  @Test("A list's wrapper follows the list")
  func listWrapper() async throws {
    let app = try makeApp()
    await app.launch()
    let list = ObservableMealList(try #require(app.model.list))
    app.model.send(.searchTextChanged("Tart"))
    #expect(list.state.searchText == "Tart")
  }
}

/// A flag set from an observation callback, which may run on any thread.
final class Flag: Sendable {
  private let value = Locked(false)

  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
