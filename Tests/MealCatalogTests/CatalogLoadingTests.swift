import Foundation
import MealCatalog
import MealDB
import Testing

/// A catalog directory loads, and a broken one gives an error naming the file and the fault.
@Suite struct CatalogLoadingTests {
  /// Writes the two files (a `nil` one is left out) and loads the directory.
  private func load(categories: String?, meals: String?) throws -> Catalog {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let categories { try directory.write(categories, to: "categories.json") }
    if let meals { try directory.write(meals, to: "meals.json") }
    return try Catalog(directory: directory.url)
  }

  /// The error that loading these files throws.
  private func loadingError(categories: String?, meals: String?) throws -> CatalogError {
    try #require(throws: CatalogError.self) {
      try load(categories: categories, meals: meals)
    }
  }

  @Test("A catalog directory written to a temporary folder loads")
  func loads() throws {
    let catalog = try load(categories: Fixtures.categoriesJSON, meals: Fixtures.mealsJSON)
    #expect(catalog.categoryNames == ["Beef", "Dessert", "Goat", "Vegetarian"])
    #expect(catalog.records.map(\.id) == ["52768", "52770", "53049", "52771", "53000"])
    #expect(catalog.record(id: "53000")?.name == "Naleśniki")
    #expect(catalog.record(named: "SPAGHETTI BOLOGNESE")?.id == "52770")
  }

  @Test("A missing directory is named in the error")
  func missingDirectory() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID())")
    let error = try #require(throws: CatalogError.self) { try Catalog(directory: url) }
    #expect(error.path == url.path)
    #expect(error.reason == .unreadable("no such directory"))
    #expect(error.description.contains(url.lastPathComponent))
  }

  @Test("A file given instead of a directory is no catalog")
  func fileInsteadOfDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(Fixtures.mealsJSON, to: "meals.json")
    let file = directory.url.appendingPathComponent("meals.json")
    let error = try #require(throws: CatalogError.self) { try Catalog(directory: file) }
    #expect(error.path == file.path)
  }

  /// The error for the fixture catalog with `file` replaced by `text`, or left out for `nil`.
  private func loadingError(replacing file: String, with text: String?) throws -> CatalogError {
    try loadingError(
      categories: file == "categories.json" ? text : Fixtures.categoriesJSON,
      meals: file == "meals.json" ? text : Fixtures.mealsJSON)
  }

  @Test("A missing file is named in the error", arguments: ["categories.json", "meals.json"])
  func missingFile(file: String) throws {
    let error = try loadingError(replacing: file, with: nil)
    #expect(error.path.hasSuffix("/" + file))
    #expect(error.reason == .unreadable("no such file"))
    #expect(error.description.hasSuffix("\(file): cannot be read (no such file)"))
  }

  @Test(
    "A file that is not JSON is named in the error",
    arguments: [
      ("categories.json", "<html>"), ("meals.json", #"{"meals": ["#), ("meals.json", ""),
    ])
  func notJSON(file: String, text: String) throws {
    let error = try loadingError(replacing: file, with: text)
    #expect(error.path.hasSuffix("/" + file))
    guard case .notJSON = error.reason else {
      Issue.record("expected notJSON, got \(error.reason)")
      return
    }
  }

  @Test(
    "A meals file of the wrong shape is named in the error",
    arguments: [#"{"categories":[]}"#, #"{"meals":null}"#, #"{"meals":"Invalid ID"}"#, "[]"])
  func mealsWrongShape(meals: String) throws {
    let error = try loadingError(categories: Fixtures.categoriesJSON, meals: meals)
    #expect(error.path.hasSuffix("/meals.json"))
    #expect(error.reason == .wrongShape(#"is not a {"meals": [...]} answer"#))
  }

  @Test(
    "A categories file of the wrong shape is named in the error",
    arguments: [
      "[]", #"{"categories":{}}"#, #"{"categories":[{"idCategory":"1"}]}"#,
      #"{"meals":[{"idMeal":"1","strMeal":"Tea"}]}"#, #"{"categories":null}"#,
    ])
  func categoriesWrongShape(categories: String) throws {
    let error = try loadingError(categories: categories, meals: Fixtures.mealsJSON)
    #expect(error.path.hasSuffix("/categories.json"))
    guard case .wrongShape = error.reason else {
      Issue.record("expected wrongShape, got \(error.reason)")
      return
    }
  }

  @Test("A category without a name says which one")
  func categoryWithoutName() throws {
    let error = try loadingError(
      categories: #"{"categories":[{"idCategory":"1","strCategory":"Beef"},{"idCategory":"2"}]}"#,
      meals: Fixtures.mealsJSON)
    #expect(error.description.contains("categories[1]"))
    #expect(error.description.contains("strCategory"))
  }

  @Test(
    "A record without idMeal or strMeal says which record and which field",
    arguments: [
      (#"{"strMeal":"Soup"}"#, "idMeal"), (#"{"idMeal":"","strMeal":"Soup"}"#, "idMeal"),
      (#"{"idMeal":"7"}"#, "strMeal"), (#"{"idMeal":"7","strMeal":null}"#, "strMeal"),
    ])
  func recordWithoutField(record: String, field: String) throws {
    let meals = #"{"meals":[{"idMeal":"1","strMeal":"Tea"},"# + record + "]}"
    let error = try loadingError(categories: Fixtures.categoriesJSON, meals: meals)
    #expect(error.path.hasSuffix("/meals.json"))
    #expect(error.reason == .invalidRecord(index: 1, .missingField(field)))
    #expect(
      error.description.hasSuffix(#"meals.json: record 2 lacks the required field "\#(field)""#))
  }

  @Test("A record that is not an object says which record")
  func recordNotObject() throws {
    let meals = #"{"meals":[{"idMeal":"1","strMeal":"Tea"},"Soup"]}"#
    let error = try loadingError(categories: Fixtures.categoriesJSON, meals: meals)
    #expect(error.reason == .invalidRecord(index: 1, .wrongShape("is not an object")))
  }

  @Test("A record the app could not decode says which record")
  func recordNotDecodable() throws {
    let meals =
      #"{"meals":[{"idMeal":"1","strMeal":"Tea"},{"idMeal":"2","strMeal":"Pie","strIngredient1":5}]}"#
    let error = try loadingError(categories: Fixtures.categoriesJSON, meals: meals)
    #expect(error.path.hasSuffix("/meals.json"))
    #expect(error.description.hasSuffix("meals.json: record 2 expected String at strIngredient1"))
  }

  @Test("A directory where a file belongs is named in the error")
  func directoryInsteadOfFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(Fixtures.categoriesJSON, to: "categories.json")
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("meals.json"), withIntermediateDirectories: false)
    let error = try #require(throws: CatalogError.self) { try Catalog(directory: directory.url) }
    #expect(error.path.hasSuffix("/meals.json"))
    #expect(error.reason == .unreadable("is a directory"))
  }

  @Test("Two records with the same id are named in the error")
  func duplicateID() throws {
    let meals = #"{"meals":[{"idMeal":"1","strMeal":"Tea"},{"idMeal":"1","strMeal":"Coffee"}]}"#
    let error = try loadingError(categories: Fixtures.categoriesJSON, meals: meals)
    #expect(error.path.hasSuffix("/meals.json"))
    #expect(error.reason == .duplicateID("1"))
    #expect(error.description.hasSuffix("meals.json: holds the id 1 twice"))
  }

  @Test("Building a catalog from values rejects duplicate ids")
  func duplicateIDFromValues() throws {
    let record = try Catalog.Record(fields: ["idMeal": .string("1"), "strMeal": .string("Tea")])
    #expect(throws: CatalogError.Reason.duplicateID("1")) {
      try Catalog(categories: [], records: [record, record])
    }
  }
}
