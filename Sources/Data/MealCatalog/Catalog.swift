import Foundation
import MealDB
import VirtualTime

/// An offline TheMealDB: categories and full meal records that answer the API's requests with
/// the real API's semantics.
///
/// A catalog on disk is a directory with `categories.json` (the `categories.php` answer) and
/// `meals.json` (a `search.php`-shaped answer holding full records).
public struct Catalog: Sendable {
  public let categories: [Category]
  /// Records in the order of `meals.json`; `search.php` and `random.php` answer in this order.
  public let records: [Record]
  private let recordsByID: [String: Int]
  /// Indices of `records` in `filter.php`'s order.
  private let byName: [Int]
  /// `categories.php`'s answer, written once: every launch, relaunch and refresh asks for it.
  private let categoriesAnswer: Data
  /// The answers `CatalogTransport` sent, by request: all but `random.php`'s are the same every
  /// time, so each is written once for all the transports (and apps) over this catalog.
  let written: Locked<[APIRequest: APIResponse]>

  /// The endpoints the catalog answers, as scenario files and the server name them.
  public static let endpoints = [
    "categories.php", "filter.php", "search.php", "lookup.php", "random.php", "list.php",
  ]

  /// The endpoint a user spelled, with or without `.php` (`lookup`, `lookup.php`), in the `.php`
  /// form that requests, faults and the server use; `nil` for a name not among `known` (the
  /// endpoints the catalog answers, unless a caller accepts fewer).
  ///
  /// Every place that reads an endpoint's name from a user (scenario steps, command options)
  /// goes through this one function, so the same spellings work everywhere.
  public static func endpoint(named spelling: String, among known: [String] = endpoints) -> String?
  {
    let name = spelling.hasSuffix(".php") ? spelling : spelling + ".php"
    return known.contains(name) ? name : nil
  }

  /// A catalog from values; ids must be unique.
  public init(categories: [Category], records: [Record]) throws {
    var byID: [String: Int] = [:]
    byID.reserveCapacity(records.count)
    for index in records.indices where byID.updateValue(index, forKey: records[index].id) != nil {
      throw CatalogError.Reason.duplicateID(records[index].id)
    }
    self.init(checked: categories, records: records, byID: byID)
  }

  /// A catalog from values that hold no id twice, and the index of each record by its id.
  private init(checked categories: [Category], records: [Record], byID: [String: Int]) {
    self.categories = categories
    self.records = records
    recordsByID = byID
    // Sorted once here: every `filter.php` answer then takes its matches in this order.
    byName = records.indices.sorted { left, right in
      let (leftKey, rightKey) = (records[left].sortKey, records[right].sortKey)
      let order = memcmp(leftKey, rightKey, min(leftKey.count, rightKey.count))
      guard order == 0, leftKey.count == rightKey.count else {
        return (order, leftKey.count) < (0, rightKey.count)
      }
      return (records[left].name, records[left].id) < (records[right].name, records[right].id)
    }
    categoriesAnswer = Self.categoriesAnswer(categories)
    written = Locked([:])
  }

  /// Of `categories` and `records`, the catalog that a folder of them would load as, and why
  /// the loader would refuse the rest, in the order it reports them: a category without a name
  /// or named like one before it (ignoring case); a record whose category none of the categories kept has (one
  /// without a category is kept); a record whose id a record before it has.
  ///
  /// For a writer of catalog folders (`rezepte capture`): what it writes of the catalog loads.
  /// Each record is checked already (see `Record.init(fields:)`).
  public static func sorting(
    categories: [Category], records: [Record]
  ) -> (catalog: Catalog, refused: [CatalogError.Reason]) {
    var refused: [CatalogError.Reason] = []
    var kept: [Category] = []
    var names: [[UInt8]: Int] = [:]
    for (index, category) in categories.enumerated() {
      if category.name.isEmpty {
        refused.append(.emptyCategoryName(index: index))
      } else if let first = names[Record.sortKey(category.name)] {
        refused.append(.duplicateCategory(index: index, name: category.name, first: first))
      } else {
        names[Record.sortKey(category.name)] = index
        kept.append(category)
      }
    }
    var isKept = [Bool](repeating: true, count: records.count)
    for index in records.indices {
      let category = records[index].category ?? ""
      if !category.isEmpty, names[Record.sortKey(category)] == nil {
        isKept[index] = false
        refused.append(
          .invalidRecord(
            index: index, .unknownCategory(id: records[index].id, category: category)))
      }
    }
    var byID: [String: Int] = [:]
    byID.reserveCapacity(records.count)
    for index in records.indices where isKept[index] {
      let id = records[index].id
      if let first = byID.updateValue(index, forKey: id) {
        byID[id] = first
        isKept[index] = false
        refused.append(.invalidRecord(index: index, .duplicateID(id)))
      }
    }
    guard isKept.contains(false) else {
      return (Catalog(checked: kept, records: records, byID: byID), refused)
    }
    let keptRecords = records.indices.filter { isKept[$0] }.map { records[$0] }
    let keptByID = Dictionary(uniqueKeysWithValues: zip(keptRecords.map(\.id), keptRecords.indices))
    return (Catalog(checked: kept, records: keptRecords, byID: keptByID), refused)
  }

  /// `{"categories":[…]}`, the answer of `categories.php`.
  static func categoriesAnswer(_ categories: [Category]) -> Data {
    let items = categories.map { category in
      JSONValue.object([
        "idCategory": .string(category.id),
        "strCategory": .string(category.name),
        "strCategoryThumb": category.thumbnail.map(JSONValue.string) ?? .null,
        "strCategoryDescription": category.description.map(JSONValue.string) ?? .null,
      ])
    }
    return JSONValue.object(["categories": .array(items)]).jsonData
  }

  /// The names of the categories, in the API's order.
  public var categoryNames: [String] { categories.map(\.name) }

  public func record(id: String) -> Record? {
    recordsByID[id].map { records[$0] }
  }

  /// The first record whose name is exactly this (case-insensitively).
  public func record(named name: String) -> Record? {
    let key = Record.sortKey(name.trimmed(.whitespacesAndNewlines))
    return records.first { $0.sortKey == key }
  }

  // MARK: - Answers

  /// Answers one request as TheMealDB's free v1 API would, picking `random.php`'s meal with
  /// `random`; what only a paid key may ask (`latest.php`, `randomselection.php`, a filter with
  /// several values) answers 404, as an unknown path does.
  public func answer(
    _ request: APIRequest, random: inout some RandomNumberGenerator
  ) -> APIResponse {
    switch request.path {
    case "categories.php":
      return APIResponse(status: 200, body: categoriesAnswer)
    case "list.php":
      return ok(list(request))
    case "filter.php":
      guard let matches = filter(request) else { return notFound }
      return answer(matches, \.summaryJSON)
    case "search.php":
      return answer(search(request), \.json)
    case "lookup.php":
      return lookup(request)
    case "random.php":
      guard !records.isEmpty else { return answer([], \.json) }
      return answer([Int.random(in: 0..<records.count, using: &random)], \.json)
    default:
      return notFound
    }
  }

  /// The full record for `random.php` when the meal is chosen in advance.
  public func randomAnswer(id: String) -> APIResponse? {
    recordsByID[id].map { answer([$0], \.json) }
  }

  /// The records `search.php?s=text` answers with and those `filter.php?c=category` answers
  /// with (`nil` for several categories at once), in the answers' order: what the app must show
  /// for them, read without writing an answer.
  public func records(searching text: String) -> [Record] {
    search(APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: text)]))
      .map { records[$0] }
  }

  public func records(inCategory category: String) -> [Record]? {
    matching({ $0.category }, category)?.map { records[$0] }
  }

  /// `filter.php`: one of `c=`, `a=` or `i=`, case-insensitive, the indices of the records in
  /// `records` sorted by name. An ingredient is spelled with `_` for spaces (`chicken_breast`),
  /// as the API's documentation does. `nil` for several values at once (`i=a,b`), which only a
  /// paid key may ask.
  private func filter(_ request: APIRequest) -> [Int]? {
    if let category = request.value(for: "c") { return matching({ $0.category }, category) }
    if let area = request.value(for: "a") { return matching({ $0.area }, area) }
    guard let spelling = request.value(for: "i") else { return [] }
    guard !spelling.contains(",") else { return nil }
    let ingredient = Record.sortKey(
      spelling.replacingOccurrences(of: "_", with: " ").trimmed(.whitespaces))
    return byName.filter { records[$0].ingredients.contains { Record.sortKey($0) == ingredient } }
  }

  /// The records, sorted by name, whose text at `field` is `value` ignoring case, as the loader
  /// compares category names; `nil` for several values at once.
  private func matching(_ field: (Record) -> String?, _ value: String) -> [Int]? {
    guard !value.contains(",") else { return nil }
    let key = Record.sortKey(value)
    return byName.filter { field(records[$0]).map { Record.sortKey($0) } == key }
  }

  /// `search.php`: `s=` matches a part of the name, `f=` its first letter, case-insensitively;
  /// the indices of the records in `records`.
  func search(_ request: APIRequest) -> [Int] {
    if let text = request.value(for: "s") {
      let needle = Record.sortKey(text.trimmed(.whitespaces))
      guard !needle.isEmpty else { return Array(records.indices) }
      // Window by window: the stdlib's generic subsequence `contains(_:)` is slower on arrays.
      return records.indices.filter { index in
        let key = records[index].sortKey
        guard key.count >= needle.count else { return false }
        return (0...key.count - needle.count).contains {
          key[$0..<$0 + needle.count].elementsEqual(needle)
        }
      }
    }
    if let letter = request.value(for: "f"), letter.count == 1 {
      let prefix = Record.sortKey(letter)
      return records.indices.filter { records[$0].sortKey.starts(with: prefix) }
    }
    return []
  }

  /// `lookup.php?i=`: `"Invalid ID"` for a non-numeric id, `null` for an unknown one.
  func lookup(_ request: APIRequest) -> APIResponse {
    let id = request.value(for: "i") ?? ""
    guard !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) else {
      return ok(.object(["meals": .string("Invalid ID")]))
    }
    return answer(recordsByID[id].map { [$0] } ?? [], \.json)
  }

  /// `list.php?c=list`, `a=list` and `i=list`: the names in use.
  func list(_ request: APIRequest) -> JSONValue {
    if request.value(for: "c") == "list" {
      return meals(categoryNames.map { .object(["strCategory": .string($0)]) })
    }
    if request.value(for: "a") == "list" {
      let areas = Set(records.compactMap(\.area)).sorted()
      return meals(areas.map { .object(["strArea": .string($0)]) })
    }
    if request.value(for: "i") == "list" {
      return meals(
        ingredientNames.enumerated().map { index, name in
          .object([
            "idIngredient": .string(String(index + 1)), "strIngredient": .string(name),
            "strDescription": .null, "strType": .null,
          ])
        })
    }
    return meals([])
  }

  /// Every ingredient the records use, each once (ignoring case; the first spelling wins), in
  /// the order they first appear in `meals.json`.
  public var ingredientNames: [String] {
    var seen: Set<[UInt8]> = []
    return records.flatMap(\.ingredients).filter { seen.insert(Record.sortKey($0)).inserted }
  }

  private var notFound: APIResponse {
    APIResponse(status: 404, body: Data("404 Not Found".utf8))
  }

  private func meals(_ items: [JSONValue]) -> JSONValue {
    .object(["meals": items.isEmpty ? .null : .array(items)])
  }

  /// `{"meals":[…]}` of the `part` of the records at `items`, or `{"meals":null}`.
  private func answer(_ items: [Int], _ part: (Record) -> [UInt8]) -> APIResponse {
    guard !items.isEmpty else { return ok(.object(["meals": .null])) }
    var out = Array(#"{"meals":["#.utf8)
    for (index, item) in items.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += part(records[item])
    }
    out += "]}".utf8
    return APIResponse(status: 200, body: Data(out))
  }

  private func ok(_ value: JSONValue) -> APIResponse {
    APIResponse(status: 200, body: value.jsonData)
  }
}
