import Foundation
import MealCatalog
import Testing

/// A catalog that would show wrong or half a catalog is rejected with a sentence naming the file
/// and the record.
@Suite struct CatalogValidationTests {
  private static let categories = #"""
    {"categories":[{"idCategory":"1","strCategory":"Beef"},{"idCategory":"3","strCategory":"Dessert"}]}
    """#

  private static func meals(_ records: String...) -> String {
    #"{"meals":["# + records.joined(separator: ",") + "]}"
  }

  private static let tart =
    #"{"idMeal":"52768","strMeal":"Apple Frangipan Tart","strCategory":"Dessert"}"#

  private func error(categories: String = categories, meals: String) throws -> CatalogError {
    try #require(throws: CatalogError.self) {
      try Catalog(
        categoriesData: Data(categories.utf8), categoriesPath: "/c/categories.json",
        mealsData: Data(meals.utf8), mealsPath: "/c/meals.json")
    }
  }

  @Test("A category named twice is rejected, naming both")
  func duplicateCategory() throws {
    let categories = #"""
      {"categories":[{"idCategory":"1","strCategory":"Beef"},{"idCategory":"2","strCategory":"beef"}]}
      """#
    let error = try error(categories: categories, meals: Self.meals(Self.tart))
    #expect(
      error.description
        == #"/c/categories.json: category 2 is named "beef" like category 1 before it"#)
  }

  @Test("A category without a name is rejected in categories.json", arguments: ["", "  "])
  func emptyCategoryName(name: String) throws {
    let categories = #"""
      {"categories":[{"idCategory":"3","strCategory":"Dessert"},{"idCategory":"2","strCategory":"\#(name)"}]}
      """#
    let error = try error(categories: categories, meals: Self.meals(Self.tart))
    #expect(error.description == "/c/categories.json: category 2 has an empty name")
  }

  @Test("A meal whose category categories.json does not list is rejected")
  func unknownCategory() throws {
    let error = try error(
      meals: Self.meals(Self.tart, #"{"idMeal":"52770","strMeal":"Spaghetti","strCategory":"Bef"}"#)
    )
    #expect(
      error.description
        == #"/c/meals.json: record 2 (id 52770) has the category "Bef", which categories.json does not list"#
    )
  }

  @Test("A meal without a category is allowed")
  func mealWithoutCategory() throws {
    let catalog = try Catalog(
      categoriesData: Data(Self.categories.utf8), categoriesPath: "categories.json",
      mealsData: Data(Self.meals(#"{"idMeal":"1","strMeal":"Tea","strCategory":null}"#).utf8),
      mealsPath: "meals.json")
    #expect(catalog.records.map(\.name) == ["Tea"])
  }

  @Test("An id that is not a number is rejected", arguments: ["abc", "52 770", "-1", "５"])
  func nonNumericID(id: String) throws {
    let error = try error(meals: Self.meals(Self.tart, #"{"idMeal":"\#(id)","strMeal":"Tea"}"#))
    #expect(
      error.description == #"/c/meals.json: record 2 has the id "\#(id)", which is not a number"#)
  }

  @Test(
    "Half of a surrogate pair in any string of a record is rejected with the record and the field",
    arguments: ["strMeal", "strInstructions", "strMeasure3", "strCategoryThumb", "unknownKey"])
  func loneSurrogate(field: String) throws {
    let record = #"{"idMeal":"52770","strMeal":"Tea","\#(field)":"a \ud800 b"}"#
    let error = try error(meals: Self.meals(Self.tart, record))
    let offset = Self.meals(Self.tart, record).utf8.count - #"\ud800 b"}]}"#.utf8.count
    #expect(error.reason == .invalidRecord(index: 1, .loneSurrogate(field: field, offset: offset)))
    #expect(
      error.description
        == "/c/meals.json: record 2 holds half of a surrogate pair, which is no text, at byte "
        + "\(offset + 1) (in \(field))")
  }

  @Test("Half of a surrogate pair in a nested value, a key or categories.json is rejected")
  func loneSurrogateElsewhere() throws {
    let nested = try error(
      meals: Self.meals(#"{"idMeal":"1","strMeal":"Tea","x":[{"y":"\udc00"}]}"#))
    guard case .invalidRecord(0, .loneSurrogate(field: "x", offset: _)) = nested.reason else {
      Issue.record("\(nested)")
      return
    }
    let key = try error(meals: Self.meals(#"{"idMeal":"1","strMeal":"Tea","\ud800":"y"}"#))
    guard case .invalidRecord(0, .loneSurrogate(field: nil, offset: _)) = key.reason else {
      Issue.record("\(key)")
      return
    }
    let category = try error(
      categories: #"{"categories":[{"idCategory":"1","strCategory":"Be\udbffef"}]}"#,
      meals: Self.meals(Self.tart))
    #expect(category.reason == .loneSurrogate(field: nil, offset: 50))
  }

  @Test("A meals file without meals is rejected")
  func noMeals() throws {
    let error = try error(meals: #"{"meals":[]}"#)
    #expect(error.description == "/c/meals.json: lists no meals; a catalog needs at least one")
  }

  @Test("Control characters of a catalog's data and paths are shown escaped in the error")
  func controlCharactersEscaped() throws {
    let hostile = #"{"idMeal":"12\u001b]52;c;x\u0007\u001b[31m","strMeal":"Tea"}"#
    let error = try #require(throws: CatalogError.self) {
      try Catalog(
        categoriesData: Data(Self.categories.utf8), categoriesPath: "/c\u{1B}[2J/categories.json",
        mealsData: Data(Self.meals(hostile).utf8), mealsPath: "/c\u{1B}[2J\u{202E}/meals.json")
    }
    #expect(
      error.description
        == #"/c\u{1B}[2J\u{202E}/meals.json: record 1 has the id "12\u{1B}]52;c;x\u{7}\u{1B}[31m", which is not a number"#
    )
    let category = try self.error(
      categories: #"{"categories":[{"idCategory":"1","strCategory":"B\u001bef"},"#
        + #"{"idCategory":"2","strCategory":"b\u001bEF"}]}"#,
      meals: Self.meals(Self.tart))
    #expect(
      category.description
        == #"/c/categories.json: category 2 is named "b\u{1B}EF" like category 1 before it"#)
    let unknown = try self.error(
      meals: Self.meals(#"{"idMeal":"1","strMeal":"Tea","strCategory":"\u009b31m"}"#))
    #expect(unknown.description.contains(#"the category "\u{9B}31m""#))
  }

  @Test("A catalog without categories is rejected")
  func noCategories() throws {
    let error = try error(categories: #"{"categories":[]}"#, meals: Self.meals(Self.tart))
    #expect(
      error.description
        == "/c/categories.json: lists no categories; a catalog needs at least one")
  }

  @Test(
    "A categories file without the list of categories is the wrong file",
    arguments: [
      #"{"meals":[]}"#, #"{"categories":null}"#, #"{"categories":"Dessert"}"#, #"[]"#,
    ])
  func wrongCategoriesFile(text: String) throws {
    let error = try error(categories: text, meals: Self.meals(Self.tart))
    #expect(
      error.description == #"/c/categories.json: is not a {"categories": [...]} answer"#)
  }

  @Test("Invalid UTF-8 says so, and where", arguments: ["categories.json", "meals.json"])
  func invalidUTF8(file: String) throws {
    var categories = Data(Self.categories.utf8)
    var meals = Data(Self.meals(Self.tart).utf8)
    // "Dessert" → "D\xC3ssert": a lead byte followed by no continuation byte.
    if file == "categories.json" {
      categories = Data(Self.categories.utf8.map { $0 == UInt8(ascii: "e") ? 0xC3 : $0 })
    } else {
      meals = Data(Self.meals(Self.tart.replacingOccurrences(of: "Tart", with: "T\u{0}rt")).utf8)
        .map { $0 == 0 ? 0xFF : $0 }
        .reduce(into: Data()) { $0.append($1) }
    }
    let error = try #require(throws: CatalogError.self) {
      try Catalog(
        categoriesData: categories, categoriesPath: "categories.json", mealsData: meals,
        mealsPath: "meals.json")
    }
    #expect(error.path == file)
    guard case .invalidUTF8 = error.reason else {
      Issue.record("expected invalidUTF8, got \(error.reason)")
      return
    }
    #expect(error.description.contains("is not valid UTF-8 (byte "))
  }

  // MARK: - Paths

  @Test("A file given where a folder is expected gets its own sentence")
  func fileForFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(Fixtures.mealsJSON, to: "meals.json")
    let file = directory.url.appendingPathComponent("meals.json")
    let error = try #require(throws: CatalogError.self) { try Catalog.load(directory: file.path) }
    #expect(error.reason == .notADirectory)
    #expect(
      error.description.hasSuffix(
        "meals.json: is a file, not a catalog folder (one holding categories.json and meals.json)"))
  }

  @Test("A symbolic link loop gets its own sentence, as the folder or as a file")
  func symlinkLoop() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manager = FileManager.default
    let loop = directory.url.appendingPathComponent("loop")
    try manager.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
    let folderError = try #require(throws: CatalogError.self) {
      try Catalog.load(directory: loop.path)
    }
    #expect(folderError.reason == .symlinkLoop)

    try directory.write(Self.categories, to: "categories.json")
    let meals = directory.url.appendingPathComponent("meals.json")
    try manager.createSymbolicLink(atPath: meals.path, withDestinationPath: meals.path)
    let fileError = try #require(throws: CatalogError.self) {
      try Catalog.load(directory: directory.url.path)
    }
    #expect(fileError.path == meals.path)
    #expect(
      fileError.description.hasSuffix("meals.json: is a symbolic link that leads round in a loop"))
  }
}
