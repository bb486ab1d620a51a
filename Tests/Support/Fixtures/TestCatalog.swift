import AppHarness
import Foundation
import MealCatalog
import MealDB
import RezepteTesting
import ViewModels
import VirtualTime

/// The small catalog the tests rely on, written out so that every test states its data.
///
/// Categories: Dessert (two meals), Pasta (three), Vegan (none). Every meal has a numeric id,
/// so `lookup.php` finds it.
public enum TestCatalog {
  public static let dessert = Category(id: "3", name: "Dessert")
  public static let pasta = Category(id: "4", name: "Pasta")
  public static let vegan = Category(id: "12", name: "Vegan")
  /// The categories as `categories.php` answers them.
  public static let categories = [dessert, pasta, vegan]

  public static let tart = Meal(id: "52768", name: "Apple Frangipan Tart", thumbnail: thumb("tart"))
  public static let bakewell = Meal(
    id: "52767", name: "Bakewell tart", thumbnail: thumb("bakewell"))
  public static let lasagne = Meal(id: "52844", name: "Lasagne", thumbnail: thumb("lasagne"))
  public static let sandwiches = Meal(
    id: "52845", name: "Lasagne Sandwiches", thumbnail: thumb("sandwiches"))
  public static let carbonara = Meal(
    id: "52982", name: "Spaghetti alla Carbonara", thumbnail: thumb("carbonara"))

  /// Dessert's list as `filter.php?c=Dessert` answers it: sorted by name.
  public static let desserts = [tart, bakewell]
  /// Pasta's list, sorted by name.
  public static let pastas = [lasagne, sandwiches, carbonara]

  public static let catalog = make(
    categories: categories,
    meals: [
      (tart, "Dessert"), (bakewell, "Dessert"), (lasagne, "Pasta"), (sandwiches, "Pasta"),
      (carbonara, "Pasta"),
    ])

  /// The recipe `lookup.php` answers for one of the catalog's meals.
  public static func detail(_ meal: Meal) -> MealDetail {
    MealDetail(
      id: meal.id, name: meal.name, thumbnail: meal.thumbnail,
      category: desserts.contains(meal) ? "Dessert" : "Pasta", area: "Italian",
      instructions: "Cook it.\nServe it.",
      ingredients: [Ingredient(id: 1, name: "Flour", measure: "200g")])
  }

  /// A catalog with categories but not a single meal: `random.php` answers `null`.
  public static let empty = make(categories: categories, meals: [])

  public static func make(categories: [Category], meals: [(Meal, String)]) -> Catalog {
    let records = meals.map { meal, category in
      try! Catalog.Record(fields: [
        "idMeal": .string(meal.id),
        "strMeal": .string(meal.name),
        "strMealThumb": meal.thumbnail.map(JSONValue.string) ?? .null,
        "strCategory": .string(category),
        "strArea": .string("Italian"),
        "strInstructions": .string("Cook it.\r\nServe it."),
        "strIngredient1": .string("Flour"),
        "strMeasure1": .string("200g"),
      ])
    }
    return try! Catalog(categories: categories, records: records)
  }

  public static func thumb(_ name: String) -> String {
    "https://www.themealdb.com/images/media/meals/\(name).jpg"
  }
}

extension TestApp {
  /// An app over `catalog` (the test catalog unless told), and the catalog's transport, whose
  /// faults, delays and dice a test switches; `wrap` puts another transport in front of it.
  public static func overCatalog(
    _ catalog: Catalog = TestCatalog.catalog, start: StartScreen = .list,
    favorites: FavoritesStorage = .inMemory(),
    wrap: (CatalogTransport) -> any Transport = { $0 },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> (TestApp, CatalogTransport) {
    let clock = VirtualClock(tracker: TaskTracker())
    let network = CatalogTransport(catalog: catalog, clock: clock)
    let app = TestApp(
      start: start, favorites: favorites, clock: clock, transport: { _ in wrap(network) },
      faultInForce: { network.fault(for: $0.path)?.rawValue }, fileID: fileID,
      filePath: filePath, line: line, column: column)
    return (app, network)
  }
}
