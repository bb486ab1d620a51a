import AppHarness
import Foundation
import MealCatalog
import MealDB
import ViewModels
import VirtualTime

/// The pieces every view-model test wires together: the app's harness (`TestApp`: a virtual
/// clock that settles the tracker's work between deadlines, the request log), the
/// fault-injecting catalog transport behind it, and a favourites store for view models made
/// alone.
@MainActor
final class Harness {
  let app: TestApp
  let transport: CatalogTransport
  let storage: FavoritesStorage
  let favorites: FavoritesStore

  var clock: VirtualClock { app.clock }
  var tracker: TaskTracker { app.wiring.tracker }
  var api: MealAPI { app.wiring.api }

  /// - Parameter wrap: puts another transport in front of the catalog's, or in its place.
  init(
    catalog: Catalog = TestCatalog.catalog,
    storage: FavoritesStorage = .inMemory(),
    wrap: (CatalogTransport) -> any Transport = { $0 }
  ) {
    let clock = VirtualClock(tracker: TaskTracker())
    transport = CatalogTransport(catalog: catalog, clock: clock)
    app = TestApp(favorites: storage, clock: clock, transport: wrap(transport))
    self.storage = storage
    favorites = FavoritesStore(storage: storage)
  }

  func listModel(onRandomMeal: @escaping @MainActor (Meal) -> Void = { _ in })
    -> MealListViewModel
  {
    MealListViewModel(
      api: api, clock: clock, favorites: favorites, tracker: tracker, onRandomMeal: onRandomMeal)
  }

  func detailModel(_ meal: Meal) -> MealDetailViewModel {
    MealDetailViewModel(meal: meal, api: api, favorites: favorites, tracker: tracker)
  }

  func appModel(start: StartScreen = .list) -> AppModel {
    AppModel(api: api, clock: clock, favorites: favorites, tracker: tracker, start: start)
  }

  func gridModel() -> CategoryGridViewModel {
    CategoryGridViewModel(api: api, tracker: tracker)
  }

  /// An app started on the category grid, with the categories loaded and their request taken.
  func startedGridApp() async -> AppModel {
    let app = appModel(start: .categories)
    app.launch()
    await tracker.settle()
    _ = newRequests()
    return app
  }

  /// A list that has appeared and shows Dessert; the start's requests are taken.
  func startedList(onRandomMeal: @escaping @MainActor (Meal) -> Void = { _ in })
    async -> MealListViewModel
  {
    let model = listModel(onRandomMeal: onRandomMeal)
    model.appeared()
    await tracker.settle()
    _ = newRequests()
    return model
  }

  func settle() async {
    await tracker.settle()
  }

  func advance(_ milliseconds: Int) async {
    await clock.advance(by: .milliseconds(milliseconds))
  }

  /// The requests sent since the last call, as log lines (`GET search.php?s=Las`).
  func newRequests() -> [String] {
    app.takeRequests()
  }
}

/// Collects every snapshot a view model reports through its change callback.
@MainActor
final class Recorder<Value: Sendable> {
  private(set) var values: [Value] = []
  var token: ObservationToken?

  func record(_ value: Value) {
    values.append(value)
  }
}

extension MealListViewModel {
  /// Starts recording every new snapshot.
  func record() -> Recorder<MealListState> {
    let recorder = Recorder<MealListState>()
    recorder.token = observe { recorder.record($0) }
    return recorder
  }
}

extension MealDetailViewModel {
  func record() -> Recorder<MealDetailState> {
    let recorder = Recorder<MealDetailState>()
    recorder.token = observe { recorder.record($0) }
    return recorder
  }
}

/// A transport that fails every request with one error, for errors the catalog cannot simulate
/// (`URLError.cancelled`, a plain `CancellationError`, a refused connection).
struct ThrowingTransport: Transport {
  let error: any Error & Sendable

  func send(_ request: APIRequest) async throws -> APIResponse {
    throw error
  }
}

/// Passes requests on but ignores cancellation, like a network stack whose answer is already on
/// its way: the view model's generation check alone must keep a stale answer out.
struct CancellationIgnoringTransport: Transport {
  let base: any Transport

  func send(_ request: APIRequest) async throws -> APIResponse {
    // An unstructured task does not inherit cancellation; it does inherit the task tracker, so a
    // delay still counts as sleeping on the virtual clock.
    try await Task { try await base.send(request) }.value
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
