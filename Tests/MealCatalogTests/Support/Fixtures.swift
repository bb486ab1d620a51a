import Foundation
import MealCatalog
import MealDB

/// A small catalog in TheMealDB's shapes: four categories (Goat without meals) and five meals
/// whose names sort differently with and without case, one with a non-ASCII name.
enum Fixtures {
  static let categoriesJSON = #"""
    {"categories":[
    {"idCategory":"1","strCategory":"Beef",
     "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/beef.png",
     "strCategoryDescription":"Meat from cattle."},
    {"idCategory":"3","strCategory":"Dessert",
     "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/dessert.png",
     "strCategoryDescription":"Sweet things."},
    {"idCategory":"5","strCategory":"Goat",
     "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/goat.png",
     "strCategoryDescription":"Meat from goats."},
    {"idCategory":"14","strCategory":"Vegetarian",
     "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/vegetarian.png",
     "strCategoryDescription":"No meat."}]}
    """#

  static let mealsJSON = #"""
    {"meals":[
    {"idMeal":"52768","strMeal":"Apple Frangipan Tart","strCategory":"Dessert","strArea":"British",
     "strInstructions":"Bake.","strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/wxywrq1468235067.jpg",
     "strTags":"Tart,Baking","strYoutube":"","strIngredient1":"butter","strIngredient2":"",
     "strMeasure1":"175g","strMeasure2":"","strSource":null,"strMealAlternate":null,"strCountry":"UK"},
    {"idMeal":"52770","strMeal":"Spaghetti Bolognese","strCategory":"Beef","strArea":"Italian",
     "strInstructions":"Cook.\r\nServe.","strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/sutysw1468247559.jpg",
     "strTags":null,"strIngredient1":"Spaghetti","strMeasure1":"500g"},
    {"idMeal":"53049","strMeal":"apam balik","strCategory":"Dessert","strArea":"Malaysian",
     "strInstructions":"Fry.","strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/adxcbq1619787919.jpg",
     "strIngredient1":"Milk","strMeasure1":"200ml","strDrinkAlternate":null},
    {"idMeal":"52771","strMeal":"Spicy Arrabiata Penne","strCategory":"Vegetarian","strArea":"Italian",
     "strInstructions":"Boil.","strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/ustsqw1468250014.jpg",
     "strIngredient1":"penne rigate","strMeasure1":"1 pound"},
    {"idMeal":"53000","strMeal":"Nale\u015bniki ","strCategory":"Dessert","strArea":"Polish",
     "strInstructions":"Fry at 180\u00b0C.","strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/x.jpg",
     "strIngredient1":"Flour","strMeasure1":"200g"}]}
    """#

  /// The fixture as a catalog.
  static func catalog() throws -> Catalog {
    try Catalog(
      categoriesData: Data(categoriesJSON.utf8), categoriesPath: "categories.json",
      mealsData: Data(mealsJSON.utf8), mealsPath: "meals.json")
  }

  /// A transport over the fixture, with the real clock unless one is given.
  static func transport(
    clock: any Clock<Duration> = ContinuousClock(), seed: UInt64 = 1
  ) throws -> CatalogTransport {
    try CatalogTransport(catalog: catalog(), clock: clock, seed: seed)
  }
}

/// A request for `path` with one query item, as `MealAPI` would send it.
func request(_ path: String, _ name: String? = nil, _ value: String? = nil) -> APIRequest {
  guard let name else { return APIRequest(path: path) }
  return APIRequest(path: path, query: [URLQueryItem(name: name, value: value)])
}

/// The answer's body parsed as a JSON object.
func jsonObject(_ response: APIResponse) throws -> [String: Any] {
  guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
    throw ShapeError.notAnObject
  }
  return object
}

/// A body that did not have the expected JSON shape.
enum ShapeError: Error {
  case notAnObject
}

/// A directory under the temporary folder, removed again by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` into the file `name` inside the directory.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
