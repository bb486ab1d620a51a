import Foundation
import MealDB
import Testing

@testable import MealCatalog

/// The short cuts that make loading fast give the same results as the long way round.
@Suite struct FastLoadingTests {
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
    // The reader matches each key against the one that followed the previous key last time:
    // these records break that guess in every way a file can.
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

  @Test("A key the guess expects but spelled longer is not taken for it")
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

  @Test("The embedded catalog is found where Bundle.module finds it")
  func embeddedDirectory() throws {
    let direct = try #require(Catalog.embeddedDirectory)
    let bundled = try #require(Catalog.bundledDirectory)
    #expect(
      URL(fileURLWithPath: direct).resolvingSymlinksInPath().path
        == URL(fileURLWithPath: bundled).resolvingSymlinksInPath().path)
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
  @Test(
    "categories.php, written once from the values, is what the JSON tree of the categories writes"
  )
  func sameBytes() throws {
    var categories = try Catalog.embedded().categories
    categories.append(Category(id: "99", name: "Ohne \"Bild\"/", thumbnail: nil, description: nil))
    let tree = JSONValue.object(["categories": .array(categories.map(Catalog.json))])
    #expect(Catalog.categoriesAnswer(categories) == tree.jsonData)
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
