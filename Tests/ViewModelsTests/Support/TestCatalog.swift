import Foundation
import MealCatalog
import MealDB
import ViewModels

/// The small catalog the tests rely on, written out so that every test states its data.
///
/// Categories: Dessert (two meals), Pasta (three), Vegan (none). Every meal has a numeric id,
/// so `lookup.php` finds it.
enum TestCatalog {
  static let dessert = Category(id: "3", name: "Dessert")
  static let pasta = Category(id: "4", name: "Pasta")
  static let vegan = Category(id: "12", name: "Vegan")

  static let tart = Meal(id: "52768", name: "Apple Frangipan Tart", thumbnail: thumb("tart"))
  static let bakewell = Meal(id: "52767", name: "Bakewell tart", thumbnail: thumb("bakewell"))
  static let lasagne = Meal(id: "52844", name: "Lasagne", thumbnail: thumb("lasagne"))
  static let sandwiches = Meal(
    id: "52845", name: "Lasagne Sandwiches", thumbnail: thumb("sandwiches"))
  static let carbonara = Meal(
    id: "52982", name: "Spaghetti alla Carbonara", thumbnail: thumb("carbonara"))

  /// Dessert's list as `filter.php?c=Dessert` answers it: sorted by name.
  static let desserts = [tart, bakewell]
  /// Pasta's list, sorted by name.
  static let pastas = [lasagne, sandwiches, carbonara]

  static let catalog = make(
    categories: [dessert, pasta, vegan],
    meals: [
      (tart, "Dessert"), (bakewell, "Dessert"), (lasagne, "Pasta"), (sandwiches, "Pasta"),
      (carbonara, "Pasta"),
    ])

  /// A catalog with categories but not a single meal: `random.php` answers `null`.
  static let empty = make(categories: [dessert, pasta, vegan], meals: [])

  static func make(categories: [Category], meals: [(Meal, String)]) -> Catalog {
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

  static func thumb(_ name: String) -> String {
    "https://www.themealdb.com/images/media/meals/\(name).jpg"
  }
}

/// A screen of the navigation path as the tests name it.
enum Shown: Equatable {
  case list(String)
  case detail(Meal)
}

extension AppModel {
  /// The path's screens by what they show: a list's category, a detail's meal.
  var shownPath: [Shown] {
    state.path.map { screen in
      switch screen {
      case .detail(let detail): .detail(detail.meal)
      case .list(let list): .list(list.category)
      case .categories: preconditionFailure("the grid is only ever the root")
      }
    }
  }
}
