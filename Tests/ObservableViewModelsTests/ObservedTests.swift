import ObservableViewModels
import Observation
import RezepteTesting
import Testing

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
    observed.path = [app.model.makeDetail(meal)]
    await app.settle()
    #expect(app.model.path == observed.path)
    #expect(observed.state.top.detail?.recipe.value?.name == "Apple Frangipan Tart")
    observed.path = []
    #expect(observed.path.isEmpty)
  }

  @Test("A pushed detail's own wrapper changes when its heart is toggled")
  func pushedDetailWrapper() async throws {
    let app = try makeApp()
    await app.launch()
    await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
    guard case .detail(let model) = try #require(ObservableApp(app.model).path.last) else {
      Issue.record("expected the detail on top")
      return
    }
    let detail = ObservableMealDetail(model)
    let changed = Flag()
    withObservationTracking {
      _ = detail.state
    } onChange: {
      changed.set()
    }
    await app.send(.heartTapped)
    #expect(changed.isSet)
    #expect(detail.state.isFavorite)
    #expect(detail.state == app.state.detail)
  }

  @Test("A path entry's mirror is made once, the same on every call, and let go when it is popped")
  func oneMirrorPerEntry() async throws {
    let app = try makeApp()
    await app.launch()
    let observed = ObservableApp(app.model)
    await app.send(.mealTapped(Meal(id: "52768", name: "Apple Frangipan Tart")))
    guard case .detail(let model) = try #require(app.model.path.last) else {
      Issue.record("expected the detail on top")
      return
    }
    weak var mirror = observed.observed(model)
    #expect(mirror != nil)
    #expect(observed.observed(model) === mirror)
    await app.send(.backTapped)
    _ = observed.observed(try #require(app.model.list))
    #expect(mirror == nil)
  }

  @Test("A list's wrapper follows the list")
  func listWrapper() async throws {
    let app = try makeApp()
    await app.launch()
    let list = ObservableMealList(try #require(app.model.list))
    app.model.send(.searchTextChanged("Tart"))
    #expect(list.state.searchText == "Tart")
    await app.skipPendingWork()
  }
}

/// A flag set from an observation callback, which may run on any thread.
final class Flag: Sendable {
  private let value = Locked(false)

  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
