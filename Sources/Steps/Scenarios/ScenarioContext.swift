import MealCatalog

/// A network failure a scenario can switch on: the catalog transport's faults.
public typealias NetworkFault = CatalogTransport.Fault

/// What scenario files are checked against before they run: the names the catalog knows.
public struct ScenarioContext: Sendable {
  /// The category names `pick category` accepts.
  public var categories: [String]
  /// The endpoint names `network … for` and `network delay` accept.
  public var endpoints: [String]
  /// Whether `given random` may name this meal id.
  let knowsMeal: @Sendable (String) -> Bool
  /// The id of the meal with this name, for a message that names a meal instead of its id.
  let mealID: @Sendable (String) -> String?

  /// These names; `mealIDs` are the ids `given random` accepts, or `nil` to accept every id.
  public init(
    categories: [String], endpoints: [String] = Catalog.endpoints, mealIDs: Set<String>? = nil
  ) {
    self.categories = categories
    self.endpoints = endpoints
    knowsMeal = { mealIDs?.contains($0) ?? true }
    mealID = { _ in nil }
  }

  /// The names and meal ids of this catalog; an id is looked up only when a file names one.
  public init(catalog: Catalog) {
    categories = catalog.categoryNames
    endpoints = Catalog.endpoints
    knowsMeal = { catalog.record(id: $0) != nil }
    mealID = { catalog.record(named: $0)?.id }
  }
}
