import Foundation
import MealDB
import Testing

@testable import MealCatalog

/// A catalog loaded for a command gives what `Catalog(directory:)` gives, errors included.
@Suite struct CatalogLoadTests {
  /// Writes the two files (a `nil` one is left out) and runs `body` on the folder's path.
  private func withCatalog<T>(
    categories: String?, meals: String?, _ body: (String) async throws -> T
  ) async throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let categories { try directory.write(categories, to: "categories.json") }
    if let meals { try directory.write(meals, to: "meals.json") }
    return try await body(directory.url.path)
  }

  /// What loading the folder in one go throws, if anything.
  private func wholeError(_ path: String) -> CatalogError? {
    do {
      _ = try Catalog(directory: URL(fileURLWithPath: path))
      return nil
    } catch {
      return error as? CatalogError
    }
  }

  /// What `CatalogLoad.load` throws for the folder at `path`.
  private func loadError(_ path: String) async throws -> CatalogError {
    do {
      _ = try await CatalogLoad.load(directory: path)
    } catch let error as CatalogError {
      return error
    }
    Issue.record("\(path) loaded")
    throw CancellationError()
  }

  @Test("A good folder gives the same categories, records and answers")
  func sameCatalog() async throws {
    try await withCatalog(categories: Fixtures.categoriesJSON, meals: Fixtures.mealsJSON) { path in
      let load = try await CatalogLoad.load(directory: path)
      let whole = try Catalog(directory: URL(fileURLWithPath: path))
      #expect(load.categoryNames == whole.categoryNames)
      var generator = SeededGenerator(seed: 1)
      let answer = whole.answer(request("categories.php"), random: &generator)
      #expect(load.categoriesAnswer == answer.body)
      let catalog = try load.catalog()
      #expect(catalog.records.map(\.jsonData) == whole.records.map(\.jsonData))
      #expect(load.mealIDs == Set(whole.records.map(\.id)))
      #expect(load.mealIDs == Set(whole.records.map(\.id)))
    }
  }

  @Test("The embedded catalog loads as it loads in one piece")
  func embedded() async throws {
    let load = try await CatalogLoad.load(directory: nil)
    let whole = try Catalog.embedded()
    #expect(load.categoryNames == whole.categoryNames)
    #expect(try load.catalog().records.map(\.jsonData) == whole.records.map(\.jsonData))
  }

  @Test("A broken categories.json is thrown with the error of a whole load")
  func brokenCategories() async throws {
    try await withCatalog(categories: #"{"categories":[]}"#, meals: Fixtures.mealsJSON) { path in
      let error = try await loadError(path)
      #expect(error == wholeError(path))
    }
  }

  @Test("A missing meals.json is thrown before a broken categories.json, as a whole load does")
  func missingMeals() async throws {
    try await withCatalog(categories: "not json", meals: nil) { path in
      let error = try await loadError(path)
      #expect(error == wholeError(path))
      #expect(error.path.hasSuffix("/meals.json"))
    }
  }

  @Test("A meals.json that is a folder is thrown by the load")
  func mealsFolder() async throws {
    try await withCatalog(categories: Fixtures.categoriesJSON, meals: nil) { path in
      try FileManager.default.createDirectory(
        atPath: path + "/meals.json", withIntermediateDirectories: false)
      let error = try await loadError(path)
      #expect(error == wholeError(path))
      #expect(error.path.hasSuffix("/meals.json"))
      #expect("\(error)".contains("is a directory"))
    }
  }

  @Test("A broken meals.json surfaces when the catalog is asked for, with the whole load's error")
  func brokenMeals() async throws {
    let meals = #"{"meals":[{"idMeal":"1","strMeal":"Tea"},{"strMeal":"Soup"}]}"#
    try await withCatalog(categories: Fixtures.categoriesJSON, meals: meals) { path in
      let load = try await CatalogLoad.load(directory: path)
      let error = try #require(throws: CatalogError.self) { try load.catalog() }
      #expect(error == wholeError(path))
      #expect(load.mealIDs == nil)
    }
  }

  @Test("An empty meals.json is a file that is not JSON, as in a whole load")
  func emptyMeals() async throws {
    try await withCatalog(categories: Fixtures.categoriesJSON, meals: "") { path in
      let load = try await CatalogLoad.load(directory: path)
      let error = try #require(throws: CatalogError.self) { try load.catalog() }
      #expect(error == wholeError(path))
      #expect(
        "\(error)".hasSuffix("meals.json: is not valid JSON (unexpected end of the data at byte 1)")
      )
    }
  }
}
