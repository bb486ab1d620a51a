import Foundation
import MealDB
import VirtualTime

/// The catalog a command runs on, loaded in one go: its categories, and its meals or why they
/// cannot be read.
///
/// `rezepte run` checks its scenario files against the category names and, in `given random`,
/// the meal ids before it replays them, so it loads the catalog first. A broken `categories.json`
/// or a missing file is thrown by `load(directory:)`; a fault in the contents of `meals.json`
/// (or an I/O error reading it) is kept for `catalog()` to throw, so that `run` reports it where
/// it reports whether the catalog is ready.
///
/// The meals were once read on a thread of their own while the scenario files were parsed; that
/// saved less than a twentieth of a one-file `rezepte run` (bench row 6), so they are read in
/// place.
public final class CatalogLoad: Sendable {
  /// The category names, in the API's order.
  public let categoryNames: [String]
  /// `categories.php`'s answer, which needs no meals.
  public let categoriesAnswer: Data
  private let loaded: Result<Catalog, CatalogError>
  /// The meal ids, worked out the first time they are asked for.
  private let ids = Locked<Set<String>??>(nil)

  /// Every catalog loaded for a command, kept until the process ends: a command needs its
  /// catalog to its end anyway, tearing down a large catalog record by record as the process
  /// exits is work nobody waits for, and the operating system takes the memory back at once.
  private static let keptUntilExit = Locked<[Catalog]>([])

  /// Loads the catalog at `path` (the embedded one for `nil`) on the caller's executor.
  ///
  /// - Throws: `CatalogError` for a missing folder or file and for a broken `categories.json`.
  public static func load(directory path: String?) async throws -> CatalogLoad {
    guard let path = path ?? Catalog.embeddedDirectory else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    let files = try Catalog.openFiles(inDirectory: path)
    let categories = try Catalog.categories(files.categoriesData, path: files.categoriesPath)
    let categoriesAnswer = Catalog.categoriesAnswer(categories)
    let loaded = Result { () throws(CatalogError) in
      let mealsPath = files.meals.path
      let mealsData = try files.meals.read()
      let records: [Catalog.Record]
      do throws(CatalogError.Reason) {
        records = try Catalog.readMeals(mealsData)
      } catch {
        throw CatalogError(path: mealsPath, reason: error)
      }
      return try Catalog(
        categories: categories, records: records, mealsPath: mealsPath,
        categoriesAnswer: categoriesAnswer)
    }
    if case .success(let catalog) = loaded {
      keptUntilExit.withLock { $0.append(catalog) }
    }
    return CatalogLoad(
      categoryNames: categories.map(\.name), categoriesAnswer: categoriesAnswer, loaded: loaded)
  }

  private init(
    categoryNames: [String], categoriesAnswer: Data, loaded: Result<Catalog, CatalogError>
  ) {
    self.categoryNames = categoryNames
    self.categoriesAnswer = categoriesAnswer
    self.loaded = loaded
  }

  /// The catalog.
  ///
  /// - Throws: the `CatalogError` of a broken `meals.json`.
  public func catalog() throws -> Catalog {
    try loaded.get()
  }

  /// The ids of the catalog's meals, or `nil` when it could not be loaded (`catalog()` says why).
  public var mealIDs: Set<String>? {
    ids.withLock { ids in
      if let ids { return ids }
      let known = try? Set(loaded.get().records.map(\.id))
      ids = .some(known)
      return known
    }
  }
}
