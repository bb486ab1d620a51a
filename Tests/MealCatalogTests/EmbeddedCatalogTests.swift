import Foundation
import MealCatalog
import MealDB
import Testing

/// The catalog that ships with the package: real categories, enough real meals, the API's quirks.
@Suite struct EmbeddedCatalogTests {
  let catalog: Catalog
  let api: MealAPI

  /// Loaded once for the whole suite; each test gets its own transport over it.
  private static let embedded = Result { try Catalog.embedded() }

  init() throws {
    catalog = try Self.embedded.get()
    api = MealAPI(transport: CatalogTransport(catalog: catalog))
  }

  /// TheMealDB's 14 categories in the order `categories.php` lists them.
  static let categoryNames = [
    "Beef", "Chicken", "Dessert", "Lamb", "Miscellaneous", "Pasta", "Pork", "Seafood", "Side",
    "Starter", "Vegan", "Vegetarian", "Breakfast", "Goat",
  ]

  @Test("All 14 real categories are there, in the API's order")
  func categories() async throws {
    #expect(try await api.categories().map(\.name) == Self.categoryNames)
  }

  @Test("Each category has its real thumbnail URL and a description", arguments: categoryNames)
  func categoryThumbnail(name: String) async throws {
    let category = try #require(try await api.categories().first { $0.name == name })
    #expect(
      category.thumbnail == "https://www.themealdb.com/images/category/\(name.lowercased()).png")
    #expect(category.description?.isEmpty == false)
  }

  @Test("Category ids are unique")
  func categoryIDs() {
    #expect(Set(catalog.categories.map(\.id)).count == catalog.categories.count)
  }

  @Test("There are at least 40 meals")
  func mealCount() {
    #expect(catalog.records.count >= 40)
  }

  @Test("Dessert, the start screen, has at least 12 meals")
  func dessertCount() async throws {
    #expect(try await api.meals(in: "Dessert").count >= 12)
  }

  @Test("Dessert starts like the real list, sorted by name")
  func dessertOrder() async throws {
    let names = try await api.meals(in: "Dessert").map(\.name)
    #expect(
      names.prefix(5) == [
        "Apam balik", "Apple & Blackberry Crumble", "Apple Frangipan Tart", "Bakewell tart",
        "Banana Pancakes",
      ])
  }

  @Test("At least one category holds exactly one meal")
  func categoryWithOneMeal() async throws {
    var counts: [Int] = []
    for name in Self.categoryNames { counts.append(try await api.meals(in: name).count) }
    #expect(counts.contains(1))
  }

  @Test("Goat has no meals: filter.php answers null")
  func goatEmpty() async throws {
    #expect(try await api.meals(in: "Goat").isEmpty)
  }

  @Test("Every meal belongs to one of the 14 categories")
  func mealCategoriesKnown() {
    for record in catalog.records {
      #expect(record.category.map(Self.categoryNames.contains) == true, "\(record.name)")
    }
  }

  @Test(
    "The required real meals have their real ids, names and categories",
    arguments: [
      ("52768", "Apple Frangipan Tart", "Dessert"), ("53049", "Apam balik", "Dessert"),
      ("52854", "Pancakes", "Dessert"), ("52844", "Lasagne", "Pasta"),
      ("52770", "Spaghetti Bolognese", "Beef"), ("52772", "Teriyaki Chicken Casserole", "Chicken"),
      ("52795", "Chicken Handi", "Chicken"), ("52771", "Spicy Arrabiata Penne", "Vegetarian"),
    ])
  func requiredMeal(id: String, name: String, category: String) async throws {
    let detail = try #require(try await api.detail(id: id))
    #expect(detail.name == name)
    #expect(detail.category == category)
    #expect(detail.ingredients.count >= 3)
    #expect(detail.instructions?.isEmpty == false)
    #expect(try await api.meals(in: category).contains(detail.meal))
  }

  @Test("The real ingredient names of Spicy Arrabiata Penne are there")
  func arrabiataIngredients() async throws {
    let detail = try #require(try await api.detail(id: "52771"))
    #expect(
      detail.ingredients.map(\.name) == [
        "penne rigate", "olive oil", "garlic", "chopped tomatoes", "red chilli flakes",
        "italian seasoning", "basil", "Parmigiano-Reggiano",
      ])
  }

  @Test("Every record, as the catalog serves it, decodes as a meal detail")
  func everyRecordDecodes() async throws {
    for record in catalog.records {
      let detail = try #require(try await api.detail(id: record.id), "\(record.id)")
      #expect(detail.id == record.id)
      #expect(detail.name == record.name)
      #expect(detail.thumbnail?.hasPrefix("https://www.themealdb.com/images/media/meals/") == true)
    }
  }

  @Test("Meal ids are numeric, so lookup.php can find every one")
  func numericIDs() {
    for record in catalog.records {
      #expect(
        !record.id.isEmpty && record.id.allSatisfy { $0.isASCII && $0.isNumber }, "\(record.id)")
    }
  }

  // MARK: - Quirks of real records

  /// The raw string values of one record's fields whose keys start with `prefix`.
  private func values(_ record: Catalog.Record, _ prefix: String) -> [JSONValue] {
    (1...20).compactMap { record.fields["\(prefix)\($0)"] }
  }

  @Test("Some record mixes \"\" and null ingredient slots")
  func mixedEmptySlots() {
    #expect(
      catalog.records.contains { record in
        let slots = values(record, "strIngredient")
        return slots.contains(.string("")) && slots.contains(.null)
      })
  }

  @Test("Some record has a measure of a single space, which decodes as no measure")
  func spaceMeasure() async throws {
    let record = try #require(
      catalog.records.first { values($0, "strMeasure").contains(.string(" ")) })
    let detail = try #require(try await api.detail(id: record.id))
    #expect(detail.ingredients.contains { $0.measure == nil })
  }

  @Test("Some values have trailing spaces, and decoding trims them")
  func trailingSpaces() async throws {
    let record = try #require(
      catalog.records.first { record in
        values(record, "strMeasure").contains { $0.string?.hasSuffix(" ") == true }
      })
    let detail = try #require(try await api.detail(id: record.id))
    #expect(detail.ingredients.allSatisfy { $0.measure?.hasSuffix(" ") != true })
  }

  @Test("Some meal name has a trailing space, and decoding trims it")
  func trailingSpaceInName() async throws {
    let record = try #require(
      catalog.records.first { $0.fields["strMeal"]?.string?.hasSuffix(" ") == true })
    let detail = try #require(try await api.detail(id: record.id))
    #expect(!detail.name.hasSuffix(" "))
  }

  @Test("Some values have double spaces, and decoding folds them")
  func doubleSpaces() async throws {
    let record = try #require(
      catalog.records.first { record in
        (values(record, "strMeasure") + values(record, "strIngredient")).contains {
          $0.string?.contains("  ") == true
        }
      })
    let detail = try #require(try await api.detail(id: record.id))
    #expect(
      detail.ingredients.allSatisfy {
        !$0.name.contains("  ") && $0.measure?.contains("  ") != true
      })
  }

  @Test("Some instructions use \\r\\n line breaks, and decoding turns them into \\n")
  func crlfInstructions() async throws {
    let record = try #require(
      catalog.records.first { $0.fields["strInstructions"]?.string?.contains("\r\n") == true })
    let detail = try #require(try await api.detail(id: record.id))
    #expect(detail.instructions?.contains("\r") == false)
    #expect(detail.paragraphs.count > 1)
  }

  @Test("Some record lists the same ingredient twice, kept twice with distinct ids")
  func duplicateIngredient() async throws {
    var found = false
    for record in catalog.records {
      let detail = try #require(try await api.detail(id: record.id))
      let names = detail.ingredients.map { $0.name.lowercased() }
      if Set(names).count < names.count {
        found = true
        #expect(Set(detail.ingredients.map(\.id)).count == detail.ingredients.count)
      }
    }
    #expect(found)
  }

  @Test("Some meal has a non-ASCII name, which the answer escapes and decoding restores")
  func nonASCIIName() async throws {
    let record = try #require(
      catalog.records.first { !$0.name.unicodeScalars.allSatisfy(\.isASCII) })
    let response = try await CatalogTransport(catalog: catalog).send(
      APIRequest(path: "lookup.php", query: [URLQueryItem(name: "i", value: record.id)]))
    let body = String(decoding: response.body, as: UTF8.self)
    let isASCII = body.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(isASCII)
    #expect(try await api.detail(id: record.id)?.name == record.name)
  }
}
