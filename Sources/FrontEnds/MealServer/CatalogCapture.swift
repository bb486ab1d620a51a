import FileSafety
import Foundation
import MealCatalog
import MealDB
import Spelling

/// Downloads categories and full meal records from a TheMealDB-compatible server into a catalog
/// directory, resuming where an earlier run stopped (the Serve and Capture article).
///
/// `categories.php` and each category's `filter.php` list are fetched on every run (they are
/// small and reveal new meals); a meal's record (`lookup.php`) only when `meals.json` lacks it.
/// Both files are replaced atomically after every category that brought a meal.
public struct CatalogCapture: Sendable {
  /// Where a capture stands, for a progress line.
  public struct Progress: Equatable, Sendable {
    public let category: String
    /// 1-based position of the category among those captured, and their number.
    public let categoryNumber: Int
    public let categoryCount: Int
    /// Meals of this category dealt with so far, and their number.
    public let meal: Int
    public let mealCount: Int

    /// `[3/14] Dessert: 12/64 meals`, the category's name as the server gave it, made visible.
    public var line: String {
      "[\(categoryNumber)/\(categoryCount)] \(Quoting.visible(category)): \(meal)/\(mealCount) meals"
    }
  }

  /// What a finished capture holds.
  public struct Summary: Equatable, Sendable {
    public let categories: Int
    /// Meals in `meals.json` now.
    public let meals: Int
    /// Records downloaded by this run.
    public let downloaded: Int
    /// What the server sent that a catalog cannot hold, one sentence each, with its request.
    public var leftOut: [String] = []
  }

  /// A capture that cannot go on, said in one sentence.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }

  public let transport: any Transport
  public let directory: URL
  /// Category names (any case); `nil` for all of them.
  public let categories: [String]?
  public let progress: (@Sendable (Progress) -> Void)?
  /// The most bytes of records the catalog may hold (`defaultMaximumBytes`).
  public let maximumBytes: Int

  /// 128 MB of records, some hundred times TheMealDB's: the capture holds them in memory, and
  /// writes `meals.json` from them, within a few hundred megabytes.
  public static let defaultMaximumBytes = 128 << 20

  public init(
    transport: any Transport, directory: URL, categories: [String]? = nil,
    maximumBytes: Int = defaultMaximumBytes, progress: (@Sendable (Progress) -> Void)? = nil
  ) {
    self.transport = transport
    self.directory = directory
    self.categories = categories
    self.maximumBytes = maximumBytes
    self.progress = progress
  }

  private var mealsURL: URL { directory.appendingPathComponent(Catalog.mealsFile) }
  private var categoriesURL: URL { directory.appendingPathComponent(Catalog.categoriesFile) }

  /// Captures under the folder's lock (`meals.json.lock`), which a second capture into the same
  /// folder finds taken: it stops, and neither loses the other's meals.
  public func run() async throws -> Summary {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw Failure(message: "cannot create the directory \(directory.path).")
    }
    let lock = FileLock(beside: mealsURL.path)
    do {
      return try await lock.withLock(patience: .zero) { try await capture() }
    } catch let error as FileWriteError where error.path == lock.path {
      throw Failure(
        message: error.reason == FileLock.heldReason
          ? "another capture is writing into \(directory.path) (it holds \(lock.path)); wait "
            + "until it ends, or choose another directory."
          : "\(error).")
    }
  }

  private func capture() async throws -> Summary {
    var records = try existingRecords()
    /// Where each of `records` came from, as the list of what was left out names it.
    var sources = [String](repeating: Catalog.mealsFile, count: records.count)
    var known = Set(records.map(\.id))
    var leftOut: [String] = []
    /// The files this run creates, removed again when the catalog outgrows `maximumBytes`.
    let created = [categoriesURL, mealsURL].filter {
      !FileManager.default.fileExists(atPath: $0.path)
    }
    var bytes = (try? mealsURL.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0

    let categoriesData = try await download(APIRequest(path: "categories.php"))
    guard
      let categories = try? JSONDecoder().decode(CategoryResponse.self, from: categoriesData)
        .categories
    else { throw Failure(message: "categories.php did not answer with a list of categories.") }
    let available = Catalog.sorting(categories: categories, records: []).catalog.categoryNames
    guard !available.isEmpty else {
      throw Failure(message: "categories.php listed no categories; a catalog needs at least one.")
    }
    let selected = try select(from: available)

    var downloaded = 0
    for (index, category) in selected.enumerated() {
      func report(_ meal: Int, of count: Int) {
        progress?(
          Progress(
            category: category, categoryNumber: index + 1, categoryCount: selected.count,
            meal: meal, mealCount: count))
      }
      let listData = try await download(
        APIRequest(path: "filter.php", query: [URLQueryItem(name: "c", value: category)]))
      guard let meals = try? JSONDecoder().decode(MealsResponse<Meal>.self, from: listData).items
      else {
        throw Failure(
          message: "filter.php?c=\(Quoting.visible(category)) did not answer with a list of meals.")
      }
      var newRecords = 0
      for (number, meal) in meals.enumerated() {
        report(number, of: meals.count)
        guard !known.contains(meal.id) else { continue }
        let source = "lookup.php?i=\(meal.id)"
        let found: (record: Catalog.Record, size: Int)?
        do {
          found = try await lookup(meal.id)
        } catch let reason as CatalogError.Reason {
          leftOut.append(CatalogError(path: source, reason: reason).description)
          continue
        } catch {
          // What is downloaded stays downloaded: the next run goes on from here.
          if newRecords > 0 { try? save(categories, records) }
          throw error
        }
        guard let found else { continue }
        bytes += found.size
        guard bytes <= maximumBytes else {
          // Not a failure the next run gets past: no catalog of this run stays.
          for file in created { try? FileManager.default.removeItem(at: file) }
          throw Failure(
            message: "the server's meals come to more than "
              + (maximumBytes >= 1 << 20 ? "\(maximumBytes >> 20) MB" : "\(maximumBytes) bytes")
              + ", the most a capture keeps; capture fewer categories (--categories).")
        }
        records.append(found.record)
        sources.append(source)
        known.insert(meal.id)
        newRecords += 1
      }
      report(meals.count, of: meals.count)
      if newRecords > 0 { try save(categories, records) }
      downloaded += newRecords
    }
    let (catalog, refused) = Catalog.sorting(categories: categories, records: records)
    leftOut += refused.map { reason in
      guard case .invalidRecord(let index, _) = reason else {
        return CatalogError(path: "categories.php", reason: reason).description
      }
      return CatalogError(path: sources[index], reason: reason).description
    }
    guard !catalog.records.isEmpty else {
      throw Failure(
        message: "the server sent no meal that a catalog can hold; a catalog needs at least one."
          + leftOut.map { "\n  " + $0 }.joined())
    }
    try save(categories, records)
    return Summary(
      categories: catalog.categories.count, meals: catalog.records.count, downloaded: downloaded,
      leftOut: leftOut)
  }

  // MARK: - Steps

  /// The records of an earlier run, in their order, read as the catalog's loader reads them.
  private func existingRecords() throws -> [Catalog.Record] {
    guard let data = FileManager.default.contents(atPath: mealsURL.path) else { return [] }
    do {
      return try Catalog.readMeals(data)
    } catch {
      throw Failure(
        message: "\(mealsURL.path) is not a catalog's meals file; remove it or choose another"
          + " directory.")
    }
  }

  /// The server's spelling of the requested categories, in the server's order.
  private func select(from available: [String]) throws -> [String] {
    guard let categories else { return available }
    let unknown = categories.filter { name in
      !available.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }
    guard unknown.isEmpty else {
      throw Failure(
        message: "the server has no category " + unknown.map(Quoting.quoted).joined(separator: ", ")
          + "; it has \(available.map(Quoting.visible).joined(separator: ", ")).")
    }
    return available.filter { name in
      categories.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }
  }

  /// The full record of one meal, read as the loader reads a record of `meals.json` (numbers
  /// as the server spelled them), and the size of its answer; `nil` when the server no longer
  /// has it.
  ///
  /// - Throws: `CatalogError.Reason` for a record a catalog cannot hold.
  private func lookup(_ id: String) async throws -> (record: Catalog.Record, size: Int)? {
    let data = try await download(
      APIRequest(path: "lookup.php", query: [URLQueryItem(name: "i", value: id)]))
    let records: [Catalog.Record]?
    do throws(CatalogError.Reason) {
      records = try Catalog.readMealsAnswer(data)
    } catch .invalidRecord(_, let reason) {
      throw reason
    } catch {
      throw Failure(message: "lookup.php?i=\(id) did not answer with JSON.")
    }
    return records?.first.map { ($0, data.count) }
  }

  private func download(_ request: APIRequest) async throws -> Data {
    let what = request.encodedPathAndQuery
    let response: APIResponse
    do {
      response = try await transport.send(request)
    } catch {
      let reason = (error as? URLError)?.code.reason ?? "\(error)"
      throw Failure(message: "cannot download \(what): \(reason).")
    }
    guard (200..<300).contains(response.status) else {
      throw Failure(
        message: "cannot download \(what): the server answered HTTP \(response.status).")
    }
    return response.body
  }

  /// Writes the catalog of what the loader would keep of `categories` and `records`, when it
  /// holds a meal: its answers of `categories.php` and of a search for every meal are the two
  /// files.
  private func save(_ categories: [Category], _ records: [Catalog.Record]) throws {
    let catalog = Catalog.sorting(categories: categories, records: records).catalog
    guard !catalog.records.isEmpty else { return }
    var random = SystemRandomNumberGenerator()
    let all = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: "")])
    // Through `AtomicFile`, so that neither is ever half-written.
    do {
      let categoriesAnswer = catalog.answer(APIRequest(path: "categories.php"), random: &random)
      try AtomicFile.write(categoriesAnswer.body, to: categoriesURL.path)
      try AtomicFile.write(catalog.answer(all, random: &random).body, to: mealsURL.path)
    } catch {
      throw Failure(message: "\(error).")
    }
  }
}
