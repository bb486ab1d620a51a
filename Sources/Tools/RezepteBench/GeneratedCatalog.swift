import FileSafety
import Foundation
import MealCatalog
import MealDB
import VirtualTime

/// Catalogs of any size for the bench: full records shaped like TheMealDB's, all in one
/// category, with names drawn from word lists by a seeded generator, so every run builds the
/// same catalog. Three names in four hold more than ASCII (umlauts, accents, Greek,
/// Cyrillic, Japanese, Arabic), as a real international catalog would: sorting and searching
/// must not rely on an ASCII fast path.
enum GeneratedCatalog {
  /// The category that holds every generated meal; the app starts on it.
  static let category = "Dessert"

  static let categoryNames = [
    "Beef", "Chicken", category, "Lamb", "Miscellaneous", "Pasta", "Pork", "Seafood", "Side",
    "Starter", "Vegan", "Vegetarian", "Breakfast", "Goat",
  ]

  private static let flavours = [
    "Honey", "Lemon", "Chocolate", "Vanilla", "Cinnamon", "Almond", "Raspberry", "Caramel",
    "Ginger", "Apple", "Cherry", "Pistachio", "Maple", "Coconut", "Orange", "Plum", "Walnut",
    "Banana", "Pear", "Apricot", "Hazelnut", "Strawberry", "Mango", "Rhubarb",
  ]
  /// 24 dishes, 18 of them beyond ASCII.
  private static let dishes = [
    "Tart", "Cake", "Pudding", "Crumble", "Pie", "Mousse",
    "Käsespätzle", "Apfelstrudel mit Soße", "Grießbrei", "Crème brûlée", "Bœuf à la mode",
    "Galette des Rois à l’ancienne", "Naleśniki", "Żurek", "Svíčková", "İmam bayıldı",
    "Μουσακάς", "Σπανακόπιτα", "Борщ", "Сырники", "お好み焼き", "親子丼", "كنافة", "Künefe",
  ]
  private static let areas = [
    "British", "French", "Italian", "Malaysian", "Canadian", "American", "Polish", "Turkish",
  ]
  private static let ingredients = [
    "Flour", "Sugar", "Butter", "Eggs", "Milk", "Cream", "Salt", "Baking Powder", "Vanilla",
    "Cocoa", "Honey", "Lemon", "Almonds", "Yeast", "Oats", "Brown Sugar",
  ]

  /// The folder of `size` generated meals, written once per machine in the temporary folder:
  /// as the catalog writes its answers (`/` escaped, everything beyond ASCII as `\uXXXX`), or,
  /// `byPython`, as Python's `json.dump` writes the same data (`", "` and `": "`, `/` as it is).
  static func folder(size: Int, byPython: Bool, python: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-bench-catalog-\(size)" + (byPython ? "-python" : ""))
    let meals = folder.appendingPathComponent(Catalog.mealsFile)
    guard !FileManager.default.fileExists(atPath: meals.path) else { return folder }
    guard byPython else {
      try write(mealCount: size, to: folder)
      return folder
    }
    let source = try Self.folder(size: size, byPython: false, python: python)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: source.appendingPathComponent(Catalog.categoriesFile),
      to: folder.appendingPathComponent(Catalog.categoriesFile))
    _ = try Processes.run([
      python, "-c",
      "import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'w'))",
      source.appendingPathComponent(Catalog.mealsFile).path, meals.path,
    ])
    return folder
  }

  /// Writes `count` meals, all in `category`, with unique numeric ids and names, as a catalog
  /// folder (`categories.json`, `meals.json`) in `directory`, as the catalog answers.
  static func write(mealCount count: Int, to directory: URL) throws {
    var random = SeededGenerator(seed: 7)
    let categories = categoryNames.enumerated().map { index, name in
      Category(id: String(index + 1), name: name)
    }
    let records = try (0..<count).map { index in
      try Catalog.Record(fields: fields(index: index, random: &random))
    }
    let catalog = try Catalog(categories: categories, records: records)
    let everyMeal = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: "")])
    for (file, request) in [
      (Catalog.categoriesFile, APIRequest(path: "categories.php")), (Catalog.mealsFile, everyMeal),
    ] {
      try AtomicFile.write(
        catalog.answer(request, random: &random).body,
        to: directory.appendingPathComponent(file).path, createFolders: true)
    }
  }

  /// One full record: the API's keys, eight ingredients, the other twelve slots empty.
  private static func fields(
    index: Int, random: inout SeededGenerator
  ) -> [String: JSONValue] {
    let flavour = flavours.randomElement(using: &random)!
    let second = flavours.randomElement(using: &random)!
    let dish = dishes.randomElement(using: &random)!
    let name = "\(flavour) and \(second) \(dish) \(index + 1)"
    var fields: [String: JSONValue] = [
      "idMeal": .string(String(100_000 + index)),
      "strMeal": .string(name),
      "strMealAlternate": .null,
      "strCategory": .string(category),
      "strArea": .string(areas.randomElement(using: &random)!),
      "strInstructions": .string(
        "Mix the \(flavour.lowercased()) with the flour and sugar.\r\n\r\n"
          + "Bake for 40 minutes, then leave the \(dish.lowercased()) to cool before serving."),
      "strMealThumb": .string("https://www.themealdb.com/images/media/meals/gen\(index).jpg"),
      "strTags": .string("Sweet,\(dish)"),
      "strYoutube": .string("https://www.youtube.com/watch?v=gen\(index)"),
      "strSource": .null,
      "strImageSource": .null,
      "strCreativeCommonsConfirmed": .null,
      "dateModified": .null,
    ]
    for slot in 1...20 {
      let used = slot <= 8
      fields["strIngredient\(slot)"] = .string(
        used ? ingredients.randomElement(using: &random)! : "")
      fields["strMeasure\(slot)"] = .string(used ? "\(slot * 25)g" : " ")
    }
    return fields
  }
}
