import Foundation
import MealCatalog
import MealDB
import Testing
import VirtualTime

/// The catalog answers each endpoint with TheMealDB's semantics and byte format.
@Suite struct CatalogAnswerTests {
  private func answer(_ request: APIRequest, seed: UInt64 = 1) throws -> APIResponse {
    var generator = SeededGenerator(seed: seed)
    return try Fixtures.catalog().answer(request, random: &generator)
  }

  private func api() throws -> MealAPI {
    MealAPI(transport: try Fixtures.transport())
  }

  @Test(
    "lookup.php answers each number with the catalog's own spelling",
    arguments: ["9007199254740993", "12345678901234567890", "-0", "1.50e+2"])
  func numbersKeepTheirText(number: String) throws {
    let catalog = try Catalog(
      categoriesData: Data(Fixtures.categoriesJSON.utf8), categoriesPath: "categories.json",
      mealsData: Data(#"{"meals":[{"idMeal":"7","strMeal":"Tea","n":\#(number)}]}"#.utf8),
      mealsPath: "meals.json")
    var generator = SeededGenerator(seed: 1)
    let body = catalog.answer(request("lookup.php", "i", "7"), random: &generator).body
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"meals":[{"idMeal":"7","strMeal":"Tea","n":\#(number)}]}"#)
  }

  // MARK: - categories.php and list.php

  @Test("categories.php lists all categories in the catalog's order, with every field")
  func categories() async throws {
    let categories = try await api().categories()
    #expect(categories.map(\.name) == ["Beef", "Dessert", "Goat", "Vegetarian"])
    #expect(categories.map(\.id) == ["1", "3", "5", "14"])
    #expect(categories[0].thumbnail == "https://www.themealdb.com/images/category/beef.png")
    #expect(categories[0].description == "Meat from cattle.")
  }

  @Test("list.php?c=list lists the category names in order")
  func listCategories() throws {
    let response = try answer(request("list.php", "c", "list"))
    let items = try #require(jsonObject(response)["meals"] as? [[String: String]])
    #expect(
      items == [
        ["strCategory": "Beef"], ["strCategory": "Dessert"], ["strCategory": "Goat"],
        ["strCategory": "Vegetarian"],
      ])
  }

  @Test("list.php?a=list lists the areas in use, sorted")
  func listAreas() throws {
    let response = try answer(request("list.php", "a", "list"))
    let items = try #require(jsonObject(response)["meals"] as? [[String: String]])
    #expect(items.map { $0["strArea"] } == ["British", "Italian", "Malaysian", "Polish"])
  }

  // MARK: - filter.php

  @Test("filter.php?c= answers summaries with exactly idMeal, strMeal and strMealThumb")
  func filterSummaryKeys() throws {
    let response = try answer(request("filter.php", "c", "Dessert"))
    let items = try #require(jsonObject(response)["meals"] as? [[String: Any]])
    #expect(items.count == 3)
    for item in items {
      #expect(Set(item.keys) == ["strMeal", "strMealThumb", "idMeal"])
    }
  }

  @Test("filter.php?c= sorts the meals by name, ignoring case")
  func filterSorted() async throws {
    let meals = try await api().meals(in: "Dessert")
    #expect(meals.map(\.name) == ["apam balik", "Apple Frangipan Tart", "Naleśniki"])
    #expect(meals.map(\.id) == ["53049", "52768", "53000"])
  }

  @Test(
    "filter.php?c= matches the category ignoring case",
    arguments: ["Dessert", "dessert", "DESSERT", "dEsSeRt"])
  func filterCaseInsensitive(category: String) async throws {
    #expect(try await api().meals(in: category).count == 3)
  }

  @Test(
    "filter.php?c= answers null for a category without meals or unknown",
    arguments: ["Goat", "Pudding", "", "Dess"])
  func filterUnknown(category: String) throws {
    let response = try answer(request("filter.php", "c", category))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":null}"#)
  }

  @Test("filter.php?a= filters by area")
  func filterArea() async throws {
    let response: MealsResponse<Meal> = try await api().fetch(
      "filter.php", query: [URLQueryItem(name: "a", value: "italian")])
    #expect(response.items.map(\.name) == ["Spaghetti Bolognese", "Spicy Arrabiata Penne"])
  }

  // MARK: - search.php

  @Test(
    "search.php?s= matches a part of the name, ignoring case",
    arguments: [
      ("spag", ["52770"]), ("PENNE", ["52771"]), ("ap", ["52768", "53049"]),
      ("Frangipan Tart", ["52768"]), ("naleś", ["53000"]),
    ])
  func searchSubstring(text: String, ids: [String]) async throws {
    #expect(try await api().search(text).map(\.id) == ids)
  }

  @Test("search.php?s= answers full records")
  func searchFullRecords() throws {
    let response = try answer(request("search.php", "s", "Apple"))
    let items = try #require(jsonObject(response)["meals"] as? [[String: Any]])
    let record = try #require(items.first)
    #expect(record["strInstructions"] as? String == "Bake.")
    #expect(record["strIngredient1"] as? String == "butter")
    #expect(record["strCountry"] as? String == "UK")
    #expect(record.keys.contains("strSource"))
  }

  @Test("search.php?s= answers null when nothing matches", arguments: ["Sushi", "zz", "Apple Pie"])
  func searchNoHit(text: String) throws {
    let response = try answer(request("search.php", "s", text))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":null}"#)
  }

  @Test("search.php?s= with empty text answers every meal")
  func searchEmpty() async throws {
    #expect(try await api().search("").count == 5)
  }

  // MARK: - lookup.php

  @Test("lookup.php?i= answers the one full record with that id")
  func lookup() async throws {
    let detail = try #require(try await api().detail(id: "52770"))
    #expect(detail.name == "Spaghetti Bolognese")
    #expect(detail.category == "Beef")
    #expect(detail.paragraphs == ["Cook.", "Serve."])
    #expect(detail.ingredients == [Ingredient(id: 1, name: "Spaghetti", measure: "500g")])
  }

  @Test("lookup.php?i= answers null for an unknown number", arguments: ["1", "99999", "0"])
  func lookupUnknown(id: String) throws {
    let response = try answer(request("lookup.php", "i", id))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":null}"#)
  }

  @Test(
    "lookup.php?i= answers \"Invalid ID\" for an id that is not a number",
    arguments: ["abc", "52770a", "", " 52770", "-1", "５２７７０", "1.5"])
  func lookupInvalid(id: String) throws {
    let response = try answer(request("lookup.php", "i", id))
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":"Invalid ID"}"#)
  }

  @Test("An \"Invalid ID\" answer reaches the app as no detail")
  func lookupInvalidThroughAPI() async throws {
    #expect(try await api().detail(id: "abc") == nil)
  }

  // MARK: - random.php

  @Test("random.php answers one full record")
  func random() throws {
    let response = try answer(request("random.php"))
    let items = try #require(jsonObject(response)["meals"] as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["strInstructions"] is String)
  }

  @Test("random.php picks the same sequence for the same seed")
  func randomSameSeed() async throws {
    let first = try await randomIDs(seed: 42, count: 12)
    let second = try await randomIDs(seed: 42, count: 12)
    #expect(first == second)
    #expect(Set(first).count > 1)
  }

  @Test("random.php picks different sequences for different seeds")
  func randomDifferentSeeds() async throws {
    let first = try await randomIDs(seed: 1, count: 12)
    let second = try await randomIDs(seed: 2, count: 12)
    #expect(first != second)
  }

  @Test("random.php answers null for a catalog without meals")
  func randomEmpty() throws {
    var generator = SeededGenerator(seed: 1)
    let response = try Catalog(categories: [], records: []).answer(
      request("random.php"), random: &generator)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":null}"#)
  }

  private func randomIDs(seed: UInt64, count: Int) async throws -> [String] {
    let api = MealAPI(transport: try Fixtures.transport(seed: seed))
    var ids: [String] = []
    for _ in 0..<count {
      ids.append(try #require(try await api.random()).id)
    }
    return ids
  }

  // MARK: - Unknown paths and the byte format

  @Test(
    "An unknown path is an HTTP 404",
    arguments: ["latest.php", "", "categories", "Search.php", "../categories.php"])
  func unknownPath(path: String) async throws {
    #expect(try answer(request(path)).status == 404)
    await #expect(throws: LoadFailure.badStatus(404)) {
      let _: MealsResponse<Meal> = try await api().fetch(path)
    }
  }

  @Test("Answers escape `/` as `\\/` and non-ASCII as `\\uXXXX`, as the real server does")
  func escaping() throws {
    let body = String(decoding: try answer(request("search.php", "s", "Nale")).body, as: UTF8.self)
    #expect(body.contains(#""strMeal":"Nale\u015bniki ""#))
    #expect(body.contains(#"180\u00b0C"#))
    #expect(body.contains(#"https:\/\/www.themealdb.com\/images\/media\/meals\/x.jpg"#))
    let isASCII = body.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(isASCII)
    #expect(!body.contains("://"))
  }

  @Test("Escaped answers decode back to the catalog's values")
  func escapingRoundTrip() async throws {
    let detail = try #require(try await api().detail(id: "53000"))
    #expect(detail.name == "Naleśniki")
    #expect(detail.instructions == "Fry at 180°C.")
    #expect(detail.thumbnail == "https://www.themealdb.com/images/media/meals/x.jpg")
  }

  @Test("Full records keep TheMealDB's key order, idMeal and strMeal first")
  func keyOrder() throws {
    let body = String(decoding: try answer(request("lookup.php", "i", "52768")).body, as: UTF8.self)
    #expect(body.hasPrefix(#"{"meals":[{"idMeal":"52768","strMeal":"Apple Frangipan Tart","#))
  }

  @Test("Categories keep TheMealDB's key order")
  func categoryKeyOrder() throws {
    let body = String(decoding: try answer(request("categories.php")).body, as: UTF8.self)
    #expect(
      body.hasPrefix(
        #"{"categories":[{"idCategory":"1","strCategory":"Beef","strCategoryThumb":"https:\/\/"#
      ))
    #expect(body.contains(#"beef.png","strCategoryDescription":"Meat from cattle."}"#))
  }

  @Test("The same request gives the same bytes every time")
  func stableBytes() throws {
    let first = try answer(request("search.php", "s", "a"))
    let second = try answer(request("search.php", "s", "a"))
    #expect(first == second)
  }
}
