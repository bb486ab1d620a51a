import MealCatalog

/// A network failure a scenario can switch on: the catalog transport's faults.
public typealias NetworkFault = CatalogTransport.Fault

/// What scenario files are checked against before they run: the names the catalog knows.
public struct ScenarioContext: Equatable, Sendable {
  /// The category names `pick category` accepts.
  public var categories: [String]
  /// The endpoint names `network … for` and `network delay` accept.
  public var endpoints: [String]
  /// The meal ids `given random` accepts, or `nil` to accept every id.
  public var mealIDs: Set<String>? {
    get {
      switch ids {
      case .known(let ids): ids
      case .loading(let load): load.mealIDs
      }
    }
    set { ids = .known(newValue) }
  }
  private var ids: MealIDs

  /// Where the meal ids come from: a set, or a catalog still loading, asked only when a file
  /// names an id.
  private enum MealIDs: Equatable, Sendable {
    case known(Set<String>?)
    case loading(CatalogLoad)

    static func == (lhs: MealIDs, rhs: MealIDs) -> Bool {
      switch (lhs, rhs) {
      case (.known(let lhs), .known(let rhs)): lhs == rhs
      case (.loading(let lhs), .loading(let rhs)): lhs === rhs
      default: false
      }
    }
  }

  public init(
    categories: [String], endpoints: [String] = Catalog.endpoints, mealIDs: Set<String>? = nil
  ) {
    self.categories = categories
    self.endpoints = endpoints
    ids = .known(mealIDs)
  }

  /// The names and meal ids of this catalog.
  public init(catalog: Catalog) {
    self.init(
      categories: catalog.categoryNames, endpoints: Catalog.endpoints,
      mealIDs: Set(catalog.records.map(\.id)))
  }

  /// The names of a catalog that is still loading: its meal ids are waited for only when a file
  /// names one.
  public init(loading load: CatalogLoad) {
    categories = load.categoryNames
    endpoints = Catalog.endpoints
    ids = .loading(load)
  }
}
