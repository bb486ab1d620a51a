import Dispatch
import Foundation
import MealDB

/// A catalog loading in two halves: its categories at once, its meals on another thread.
///
/// `rezepte run` checks its scenario files against the category names (and, in `given random`,
/// the meal ids) before it replays them. So it starts a load, and reads and parses the files,
/// and launches the first app, while `meals.json`, most of the loading, is read on another core;
/// it waits for the catalog when it needs a meal id, when a request needs the meals, and before it
/// reports anything. Both files are opened, and the categories read and checked, before `start`
/// returns, so a broken catalog is reported just as `Catalog.load` reports it, except that a
/// fault in the contents of `meals.json` (or an I/O error reading it) surfaces at `catalog()`.
public final class CatalogLoad: @unchecked Sendable {
  // Sharing is safe. `categoryNames`, `categoriesAnswer` and `categories` are written by `start`
  // before it returns the load, so before any other code sees it; the loading thread reads
  // `categories` and `categoriesAnswer` only after `start` signals `categoriesRead`. `outcome`
  // is written once, by the loading thread, before it signals `finished`; `loaded()` reads it
  // only after waiting on `finished` and passes the signal on to the next caller. Nothing is
  // written twice.

  /// The category names, in the API's order.
  public private(set) var categoryNames: [String] = []
  /// `categories.php`'s answer, which needs no meals.
  public private(set) var categoriesAnswer = Data()
  private var categories: [Category]?
  private let categoriesRead = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var outcome: Result<(catalog: Catalog, mealIDs: Set<String>), any Error>?

  /// Reads the catalog at `path` (the embedded one for `nil`) and starts loading its meals.
  ///
  /// - Throws: `CatalogError` for a missing folder or file and for a broken `categories.json`.
  public static func start(directory path: String?) throws -> CatalogLoad {
    guard let path = path ?? Catalog.embeddedDirectory else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    // `meals.json` is only opened here: reading 100 KB into fresh memory costs this thread a
    // page fault per 4 KB, about 0.05 ms in all. The meals are read and parsed from here on,
    // while the categories are checked on this thread.
    let files = try Catalog.openFiles(inDirectory: path)
    let load = CatalogLoad(meals: files.meals)
    defer { load.categoriesRead.signal() }
    let categories = try Catalog.categories(files.categoriesData, path: files.categoriesPath)
    load.categoryNames = categories.map(\.name)
    load.categoriesAnswer = Catalog.categoriesAnswer(categories)
    load.categories = categories
    return load
  }

  private init(meals: OpenFile) {
    let mealsPath = meals.path
    Self.detach { [self] in
      let records = Result { () throws(CatalogError) in
        let mealsData = try meals.read()
        do throws(CatalogError.Reason) {
          return try Catalog.readMeals(mealsData)
        } catch {
          throw CatalogError(path: mealsPath, reason: error)
        }
      }
      categoriesRead.wait()
      outcome = Result {
        // Without categories `start` threw, and nobody asks for this catalog.
        guard let categories else { throw CancellationError() }
        let catalog = try Catalog(
          categories: categories, records: records.get(), mealsPath: mealsPath,
          categoriesAnswer: categoriesAnswer)
        return (catalog, Set(catalog.records.map(\.id)))
      }
      finished.signal()
    }
  }

  /// The catalog, once its meals are read.
  ///
  /// - Throws: the `CatalogError` of a broken `meals.json`.
  public func catalog() throws -> Catalog {
    try loaded().catalog
  }

  /// The ids of the catalog's meals, or `nil` when it could not be loaded (`catalog()` says why).
  public var mealIDs: Set<String>? {
    try? loaded().mealIDs
  }

  private func loaded() throws -> (catalog: Catalog, mealIDs: Set<String>) {
    finished.wait()
    defer { finished.signal() }
    return try outcome!.get()
  }

  /// Runs `work` on a thread of its own. On Linux a plain POSIX thread: Foundation's `Thread`
  /// takes several times as long to start, a tenth of a millisecond of `rezepte run`'s start.
  private static func detach(_ work: @escaping @Sendable () -> Void) {
    #if os(Linux)
      let context = Unmanaged.passRetained(Work(work)).toOpaque()
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil,
        { context in
          Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context)
      guard started == 0 else {
        // No new thread now (too many, say): Foundation's `Thread` gets its own try.
        Unmanaged<Work>.fromOpaque(context).release()
        Thread.detachNewThread(work)
        return
      }
      pthread_detach(thread)
    #else
      Thread.detachNewThread(work)
    #endif
  }

  /// A closure to hand to a new thread through its one pointer.
  private final class Work: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
      self.run = run
    }
  }
}
