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
  public var mealIDs: Set<String>?

  public init(
    categories: [String], endpoints: [String] = Catalog.endpoints, mealIDs: Set<String>? = nil
  ) {
    self.categories = categories
    self.endpoints = endpoints
    self.mealIDs = mealIDs
  }

  /// The names and meal ids of this catalog.
  public init(catalog: Catalog) {
    self.init(
      categories: catalog.categoryNames, endpoints: Catalog.endpoints,
      mealIDs: Set(catalog.records.map(\.id)))
  }
}
