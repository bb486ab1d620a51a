import Foundation
import MealDB
import Testing

@testable import MealCatalog

/// A catalog directory loads, and a broken one gives an error naming the file and the fault.
@Suite struct CatalogLoadingTests {
  /// Writes the two files (a `nil` one is left out) and loads the directory.
  private func load(categories: String?, meals: String?) throws -> Catalog {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let categories { try directory.write(categories, to: "categories.json") }
    if let meals { try directory.write(meals, to: "meals.json") }
    return try Catalog.load(directory: directory.url.path)
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
    let error = try #require(throws: CatalogError.self) { try Catalog.load(directory: url.path) }
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
    let error = try #require(throws: CatalogError.self) { try Catalog.load(directory: file.path) }
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
    let error = try #require(throws: CatalogError.self) {
      try Catalog.load(directory: directory.url.path)
    }
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

/// A catalog file's records and categories read as the long way round reads them, and the
/// places a catalog is found and named by.
@Suite struct CatalogFileTests {
  private static let categories = Data(
    #"{"categories":[{"idCategory":"1","strCategory":"Side"}]}"#.utf8)

  private func catalog(meals: String) throws -> Catalog {
    try Catalog(
      categoriesData: Self.categories, categoriesPath: "categories.json",
      mealsData: Data(meals.utf8), mealsPath: "meals.json")
  }

  @Test(
    "Records whose keys change order from one to the next, or are spelled with escapes, come out as the JSON tree writes them"
  )
  func keyOrderChanges() throws {
    let meals = #"""
      {"meals":[
       {"idMeal":"1","strMeal":"Tea","strCategory":"Side","strIngredient1":"Water"},
       {"strIngredient1":"Milk","strCategory":"Side","strMeal":"Chai","idMeal":"2"},
       {"idMeal":"3","str\u004deal":"Cocoa","strCategory" :"Side", "strIngredient1":"Cocoa"},
       {"idMeal":"4","strMeal":"Tisane","strCategory":"Side","strIngredient1":"Herbs","extra":1},
       {"idMeal":"5","note":"x","strMeal":"Yerba Mate","strCategory":"Side"},
       {"idMeal":"6","strMeal":"Tea","strCategory":"Side","strIngredient1":"Water"}
      ]}
      """#
    let catalog = try catalog(meals: meals)
    let file = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(meals.utf8))
    let expected = try #require(file["meals"]).map(\.jsonData)
    for (record, bytes) in zip(catalog.records.sorted { $0.id < $1.id }, expected) {
      #expect(
        String(decoding: record.jsonData, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }
    #expect(catalog.record(id: "3")?.name == "Cocoa")
    #expect(catalog.record(id: "5")?.name == "Yerba Mate")
    #expect(catalog.record(id: "6")?.name == "Tea")
    #expect(catalog.record(id: "2")?.ingredients == ["Milk"])
  }

  @Test("A key spelled like a known one but longer is another key")
  func keyPrefix() throws {
    let meals = #"""
      {"meals":[{"idMeal":"1","strMeal":"Tea","strMealThumb":"a"},
      {"idMeal":"2","strMealX":"Chai","strMeal":"Chai","strMealThumb":"b"}]}
      """#
    let record = try #require(try catalog(meals: meals).record(id: "2"))
    #expect(record.name == "Chai")
    #expect(record.thumbnail == "b")
    #expect(String(decoding: record.jsonData, as: UTF8.self).contains(#""strMealX":"Chai""#))
  }

  @Test(
    "Paths are made absolute and tidy, as errors name them",
    arguments: [
      ("/a/b", "/a/b"), ("/a/b/", "/a/b"), ("/a//b", "/a/b"), ("/a/./b/.", "/a/b"), ("/", "/"),
      ("/a/../b", "/a/../b"),
    ])
  func absolutePaths(path: String, expected: String) {
    #expect(Catalog.absolute(path) == expected)
  }

  @Test("A relative path is taken from the current folder")
  func relativePath() {
    let current = FileManager.default.currentDirectoryPath
    #expect(Catalog.absolute("x/y/") == (current == "/" ? "" : current) + "/x/y")
    #expect(Catalog.absolute("./x") == (current == "/" ? "" : current) + "/x")
  }

  @Test(
    "A category of the wrong type says where",
    arguments: [
      (
        #"{"categories":[{"idCategory":"1","strCategory":"A"},3]}"#,
        "expected an object at categories[1]"
      ),
      (
        #"{"categories":[{"idCategory":1,"strCategory":"A"}]}"#,
        "expected String at categories[0].idCategory"
      ),
      (
        #"{"categories":[{"idCategory":"1","strCategory":null}]}"#,
        "expected String at categories[0].strCategory, found null"
      ),
      (
        #"{"categories":[{"idCategory":"1","strCategory":"A","strCategoryThumb":[]}]}"#,
        "expected String at categories[0].strCategoryThumb"
      ),
      (#"{"categories":[{"idCategory":"1"}]}"#, #"lacks "strCategory" at categories[0]"#),
      (#"{"categories":[] "#, "is not valid JSON (unexpected end of the data at byte 18)"),
    ])
  func categoryErrors(categories: String, message: String) throws {
    let error = try #require(throws: CatalogError.self) {
      try Catalog(
        categoriesData: Data(categories.utf8), categoriesPath: "categories.json",
        mealsData: Data(#"{"meals":[]}"#.utf8), mealsPath: "meals.json")
    }
    #expect(error.description == "categories.json: \(message)")
  }

  @Test("Categories are tidied as decoding an answer tidies them")
  func categoriesTidied() throws {
    let text = #"""
      {"categories":[{"idCategory":"1","strCategory":"  Side \n Dish ","strCategoryThumb":" ",
      "strCategoryDescription":"  Small  plates "}]}
      """#
    let read = try Catalog.readCategories(Data(text.utf8))
    let decoded = try JSONDecoder().decode(CategoryResponse.self, from: Data(text.utf8)).categories
    #expect(read == decoded)
    #expect(read.first?.name == "Side Dish")
  }
}

@Suite struct CategoriesAnswerTests {
  @Test("categories.php, written once from the values, reads back to them, keys in the API's order")
  func sameBytes() throws {
    var categories = try Catalog.embedded().categories
    let plain = Category(id: "99", name: "Ohne \"Bild\"/", thumbnail: nil, description: nil)
    categories.append(plain)
    let answer = Catalog.categoriesAnswer(categories)
    #expect(try JSONDecoder().decode(CategoryResponse.self, from: answer).categories == categories)
    #expect(
      String(decoding: Catalog.categoriesAnswer([plain]), as: UTF8.self)
        == #"{"categories":[{"idCategory":"99","strCategory":"Ohne \"Bild\"\/","#
        + #""strCategoryThumb":null,"strCategoryDescription":null}]}"#)
    #expect(Catalog.categoriesAnswer([]) == Data(#"{"categories":[]}"#.utf8))
  }
}

@Suite struct CategoriesReadingTests {
  private func read(_ text: String) -> Result<[Category], CatalogError.Reason> {
    Result { () throws(CatalogError.Reason) in try Catalog.readCategories(Data(text.utf8)) }
  }

  @Test(
    "Unknown keys and values of every kind around the four fields are passed over",
    arguments: [
      #"{"x":[1,{"a":null}],"categories":[{"n":{"m":[true]},"idCategory":"1","strCategory":"A","z":2.5}],"y":"w"}"#,
      #"{"categories":[{"strCategoryDescription":"d","strCategoryThumb":"t","strCategory":"A","idCategory":"1"}]}"#,
      " {\n \"categories\" : [ { \"idCategory\" : \"1\" , \"strCategory\" : \"A\\u00e4\\/\" } ] } \n",
    ])
  func passedOver(text: String) throws {
    let categories = try read(text).get()
    #expect(categories.count == 1)
    #expect(categories.first?.id == "1")
    #expect(categories.first?.name.hasPrefix("A") == true)
  }

  @Test("A key given twice counts with its last value, in a category and at the top")
  func lastValueCounts() throws {
    let text = #"""
      {"categories":[{"idCategory":"1","strCategory":"Old"}],
       "categories":[{"idCategory":"2","strCategory":"A","strCategory":"B","strCategoryThumb":3,
       "strCategoryThumb":"t"}]}
      """#
    let categories = try read(text).get()
    #expect(categories.map(\.id) == ["2"])
    #expect(categories.first?.name == "B")
    #expect(categories.first?.thumbnail == "t")
  }

  @Test(
    "A file that is not JSON says so, even where its shape is wrong before the broken part",
    arguments: [
      #"{"categories":[3,"#, #"{"categories":{},"x":}"#, #"[1,2"#,
      #"{"categories":[{"idCategory":1}]} x"#,
    ])
  func notJSONFirst(text: String) {
    guard case .failure(.notJSON) = read(text) else {
      Issue.record("expected notJSON, got \(read(text))")
      return
    }
  }

  @Test(
    "A list that is no list, or a top that is no object, is the wrong shape",
    arguments: [#"{"categories":{}}"#, #"[]"#, #"{"meals":[]}"#, #"{"categories":null}"#, "7"])
  func wrongShape(text: String) {
    #expect(read(text) == .failure(.wrongShape(#"is not a {"categories": [...]} answer"#)))
  }
}
