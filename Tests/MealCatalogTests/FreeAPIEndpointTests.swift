import Foundation
import MealCatalog
import MealDB
import Testing
import VirtualTime

/// Every endpoint of the free v1 API answers as the real one does; what needs a paid key is 404.
@Suite struct FreeAPIEndpointTests {
  private func answer(_ request: APIRequest) throws -> APIResponse {
    var generator = SeededGenerator(seed: 1)
    return try Fixtures.catalog().answer(request, random: &generator)
  }

  private func items(_ request: APIRequest) throws -> [[String: Any]] {
    try jsonObject(answer(request))["meals"] as? [[String: Any]] ?? []
  }

  @Test("list.php?i=list lists each ingredient once, in the order it first appears")
  func ingredientList() throws {
    let items = try items(request("list.php", "i", "list"))
    #expect(
      items.map { $0["strIngredient"] as? String } == [
        "butter", "Spaghetti", "Milk", "penne rigate", "Flour",
      ])
    #expect(items.map { $0["idIngredient"] as? String } == ["1", "2", "3", "4", "5"])
    #expect(
      items.allSatisfy {
        Set($0.keys) == ["idIngredient", "strIngredient", "strDescription", "strType"]
      })
  }

  @Test("list.php?i=list names an ingredient once whatever its case")
  func ingredientListIgnoresCase() throws {
    let record = { (id: String, ingredient: String) in
      try Catalog.Record(fields: [
        "idMeal": .string(id), "strMeal": .string("Meal \(id)"),
        "strIngredient1": .string(ingredient),
      ])
    }
    let catalog = try Catalog(
      categories: [], records: [record("1", "Butter "), record("2", "butter")])
    #expect(catalog.ingredientNames == ["Butter"])
  }

  @Test(
    "filter.php?i= matches an ingredient with _ for spaces, ignoring case",
    arguments: ["penne_rigate", "Penne_Rigate", "penne rigate", "PENNE RIGATE"])
  func ingredientFilter(spelling: String) throws {
    let items = try items(request("filter.php", "i", spelling))
    #expect(items.map { $0["idMeal"] as? String } == ["52771"])
  }

  @Test("filter.php?a= lists an area's meals sorted by name, ignoring case")
  func areaFilter() throws {
    let items = try items(request("filter.php", "a", "italian"))
    #expect(
      items.map { $0["strMeal"] as? String } == ["Spaghetti Bolognese", "Spicy Arrabiata Penne"])
  }

  @Test("search.php?f= lists the meals whose name starts with the letter, ignoring case")
  func firstLetter() throws {
    let items = try items(request("search.php", "f", "A"))
    #expect(items.map { $0["idMeal"] as? String } == ["52768", "53049"])
  }

  @Test(
    "What only a paid key may ask answers 404",
    arguments: [
      request("latest.php"), request("randomselection.php"),
      request("filter.php", "i", "butter,milk"),
      request("filter.php", "c", "Beef,Dessert"), request("filter.php", "a", "Italian,British"),
    ])
  func paidEndpoints(request: APIRequest) throws {
    #expect(try answer(request).status == 404)
  }

  @Test("Names sort by their lowered form beyond ASCII as caseInsensitiveCompare does")
  func mixedScriptsSort() throws {
    let names = [
      "Zwiebelkuchen", "Ćevapi", "Éclair", "Käsespätzle", "eclair", "Kaiserschmarrn", "Ясная каша",
      "борщ", "Μουσακάς", "γεμιστά", "寿司", "Øllebrød", "Apfelstrudel", "ölkuchen",
      "Straßenkuchen", "Strasbourg tart", "STRATA", "İmam bayıldı", "Ischler",
    ]
    let records = try names.enumerated().map { index, name in
      try Catalog.Record(fields: [
        "idMeal": .string(String(index + 1)), "strMeal": .string(name),
        "strCategory": .string("Side"),
      ])
    }
    let catalog = try Catalog(categories: [Category(id: "1", name: "Side")], records: records)
    var generator = SeededGenerator(seed: 1)
    let body = catalog.answer(request("filter.php", "c", "Side"), random: &generator).body
    let sorted = try JSONDecoder().decode(MealsResponse<Meal>.self, from: body).items.map(\.name)
    #expect(sorted == names.sorted { $0.caseInsensitiveCompare($1) == .orderedAscending })
  }

  @Test("Records read from a file are written back exactly as the JSON tree would write them")
  func recordBytes() throws {
    let catalog = try Catalog.embedded()
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Data/MealCatalog/Resources/Catalog/meals.json")
    let file = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(contentsOf: url))
    let expected = try #require(file["meals"]).map(\.jsonData)
    #expect(catalog.records.map(\.jsonData) == expected)
  }

  @Test(
    "A record's keys come out in the API's order, unknown ones sorted after, the last of twins kept"
  )
  func recordKeyOrder() throws {
    let meals = #"""
      {"meals":[{"zeta":[1,2.5,{"b":true,"a":null}],"strArea":"Polish","strMeal":"Nale\u015bniki ",
      "idMeal":"53000","alpha":"\/x\u00e9","strArea":"Polnisch","strTags":null}]}
      """#
    let catalog = try Catalog(
      categoriesData: Data(#"{"categories":[{"idCategory":"1","strCategory":"Side"}]}"#.utf8),
      categoriesPath: "categories.json", mealsData: Data(meals.utf8), mealsPath: "meals.json")
    let record = try #require(catalog.records.first)
    let expected =
      #"{"idMeal":"53000","strMeal":"Nale\u015bniki ","strArea":"Polnisch","strTags":null,"#
      + #""alpha":"\/x\u00e9","zeta":[1,2.5,{"a":null,"b":true}]}"#
    #expect(String(decoding: record.jsonData, as: UTF8.self) == expected)
    #expect(record.name == "Naleśniki")
    #expect(record.area == "Polnisch")
  }
}
