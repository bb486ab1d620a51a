import Foundation
import MealDB
import Testing
import VirtualTime

@testable import MealCatalog

/// A catalog loaded in two halves gives what `Catalog(directory:)` gives, errors included.
@Suite struct CatalogLoadTests {
  /// Writes the two files (a `nil` one is left out) and runs `body` on the folder's path.
  private func withCatalog<T>(
    categories: String?, meals: String?, _ body: (String) throws -> T
  ) throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if let categories { try directory.write(categories, to: "categories.json") }
    if let meals { try directory.write(meals, to: "meals.json") }
    return try body(directory.url.path)
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

  @Test("A good folder gives the same categories, records and answers")
  func sameCatalog() throws {
    try withCatalog(categories: Fixtures.categoriesJSON, meals: Fixtures.mealsJSON) { path in
      let load = try CatalogLoad.start(directory: path)
      let whole = try Catalog(directory: URL(fileURLWithPath: path))
      #expect(load.categoryNames == whole.categoryNames)
      let catalog = try load.catalog()
      #expect(catalog.records.map(\.jsonData) == whole.records.map(\.jsonData))
      #expect(load.mealIDs == Set(whole.records.map(\.id)))
      // Asked again, from several threads at the same time, it is the same catalog.
      let ids = catalog.records.map(\.id)
      let answers = Locked<[[String]]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let again = (try? load.catalog())?.records.map(\.id) ?? []
        answers.withLock { $0.append(again) }
      }
      #expect(answers.withLock { $0 } == Array(repeating: ids, count: 8))
    }
  }

  @Test("The embedded catalog loads in two halves as it loads in one")
  func embedded() throws {
    let load = try CatalogLoad.start(directory: nil)
    let whole = try Catalog.embedded()
    #expect(load.categoryNames == whole.categoryNames)
    #expect(try load.catalog().records.map(\.jsonData) == whole.records.map(\.jsonData))
  }

  @Test("A broken categories.json fails at the start with the error of a whole load")
  func brokenCategories() throws {
    try withCatalog(categories: #"{"categories":[]}"#, meals: Fixtures.mealsJSON) { path in
      let error = try #require(throws: CatalogError.self) { try CatalogLoad.start(directory: path) }
      #expect(error == wholeError(path))
    }
  }

  @Test("A missing meals.json fails at the start, before a broken categories.json, as before")
  func missingMeals() throws {
    try withCatalog(categories: "not json", meals: nil) { path in
      let error = try #require(throws: CatalogError.self) { try CatalogLoad.start(directory: path) }
      #expect(error == wholeError(path))
      #expect(error.path.hasSuffix("/meals.json"))
    }
  }

  @Test("A meals.json that is a folder fails at the start, though it is read on another thread")
  func mealsFolder() throws {
    try withCatalog(categories: Fixtures.categoriesJSON, meals: nil) { path in
      try FileManager.default.createDirectory(
        atPath: path + "/meals.json", withIntermediateDirectories: false)
      let error = try #require(throws: CatalogError.self) { try CatalogLoad.start(directory: path) }
      #expect(error == wholeError(path))
      #expect(error.path.hasSuffix("/meals.json"))
      #expect("\(error)".contains("is a directory"))
    }
  }

  @Test("A broken meals.json surfaces when the catalog is asked for, with the whole load's error")
  func brokenMeals() throws {
    let meals = #"{"meals":[{"idMeal":"1","strMeal":"Tea"},{"strMeal":"Soup"}]}"#
    try withCatalog(categories: Fixtures.categoriesJSON, meals: meals) { path in
      let load = try CatalogLoad.start(directory: path)
      let error = try #require(throws: CatalogError.self) { try load.catalog() }
      #expect(error == wholeError(path))
      #expect(load.mealIDs == nil)
    }
  }
}
