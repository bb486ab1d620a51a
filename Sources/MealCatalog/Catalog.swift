import Foundation
import MealDB
import VirtualTime

/// An offline TheMealDB: categories and full meal records that answer the API's requests with
/// the real API's semantics.
///
/// A catalog on disk is a directory with `categories.json` (the `categories.php` answer) and
/// `meals.json` (a `search.php`-shaped answer holding full records).
public struct Catalog: Sendable {
  /// One meal: the raw record as the API sends it, and what the catalog searches by.
  public struct Record: Sendable, Hashable {
    public let fields: [String: JSONValue]
    public let id: String
    public let name: String
    public let category: String?
    public let area: String?
    /// Whether the name is plain ASCII, worked out once so that sorting needs no Foundation.
    let nameIsASCII: Bool

    public init(fields: [String: JSONValue]) throws {
      guard let id = fields["idMeal"]?.string, !id.isEmpty else {
        throw CatalogError.Reason.missingField("idMeal")
      }
      guard let name = fields["strMeal"]?.string else {
        throw CatalogError.Reason.missingField("strMeal")
      }
      self.fields = fields
      self.id = id
      self.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
      category = fields["strCategory"]?.string
      area = fields["strArea"]?.string
      nameIsASCII = self.name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The `filter.php` summary: name, thumbnail and id only.
    var summary: JSONValue {
      .object([
        "strMeal": fields["strMeal"] ?? .null,
        "strMealThumb": fields["strMealThumb"] ?? .null,
        "idMeal": .string(id),
      ])
    }
  }

  public let categories: [Category]
  /// Records in the order of `meals.json`; `search.php` and `random.php` answer in this order.
  public let records: [Record]
  private let recordsByID: [String: Int]
  /// The answers written so far, shared by the catalog's copies: the catalog never changes, so
  /// every request but `random.php` has one answer, and writing it as JSON again for every
  /// request cost as much as the app's decoding of it (`rezepte explore` sends thousands).
  private let written = Locked<[APIRequest: APIResponse]>([:])
  /// The most answers kept; past it, answers are written afresh.
  private static let writtenLimit = 4096

  /// The endpoints the catalog answers, as scenario files and the server name them.
  public static let endpoints = [
    "categories.php", "filter.php", "search.php", "lookup.php", "random.php", "list.php",
  ]

  /// The endpoint a user spelled, with or without `.php` (`lookup`, `lookup.php`), in the `.php`
  /// form that requests, faults and the server use; `nil` for a name the catalog does not answer.
  ///
  /// Every place that reads an endpoint's name from a user (scenario steps, command options)
  /// goes through this one function, so the same spellings work everywhere.
  public static func endpoint(named spelling: String) -> String? {
    let name = spelling.hasSuffix(".php") ? spelling : spelling + ".php"
    return endpoints.contains(name) ? name : nil
  }

  /// A catalog from values; ids must be unique.
  public init(categories: [Category], records: [Record]) throws {
    var byID: [String: Int] = [:]
    for (index, record) in records.enumerated() {
      if byID[record.id] != nil { throw CatalogError.Reason.duplicateID(record.id) }
      byID[record.id] = index
    }
    self.categories = categories
    self.records = records
    recordsByID = byID
  }

  /// The names of the categories, in the API's order.
  public var categoryNames: [String] { categories.map(\.name) }

  /// The record with this id.
  public func record(id: String) -> Record? {
    recordsByID[id].map { records[$0] }
  }

  /// The first record whose name is exactly this (case-insensitively).
  public func record(named name: String) -> Record? {
    records.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }

  // MARK: - Answers

  /// Answers one request as TheMealDB would, picking `random.php`'s meal with `random`.
  public func answer(
    _ request: APIRequest, random: inout some RandomNumberGenerator
  ) -> APIResponse {
    if request.path == "random.php" {
      guard !records.isEmpty else { return ok(meals([])) }
      let index = Int.random(in: 0..<records.count, using: &random)
      return ok(meals([.object(records[index].fields)]))
    }
    if let answer = written.withLock({ $0[request] }) { return answer }
    let answer = fixedAnswer(request)
    written.withLock { written in
      if written.count < Self.writtenLimit { written[request] = answer }
    }
    return answer
  }

  /// The answer to any request but `random.php`'s, written afresh.
  private func fixedAnswer(_ request: APIRequest) -> APIResponse {
    switch request.path {
    case "categories.php":
      return ok(.object(["categories": .array(categories.map(Self.json))]))
    case "list.php":
      return ok(list(request))
    case "filter.php":
      return ok(meals(filter(request).map(\.summary)))
    case "search.php":
      return ok(meals(search(request).map { .object($0.fields) }))
    case "lookup.php":
      return ok(lookup(request))
    default:
      return APIResponse(status: 404, body: Data("404 Not Found".utf8))
    }
  }

  /// The full record for `random.php` when the meal is chosen in advance.
  public func randomAnswer(id: String) -> APIResponse? {
    record(id: id).map { ok(meals([.object($0.fields)])) }
  }

  /// `filter.php`: one of `c=`, `a=` or `i=`, case-insensitive, summaries sorted by name.
  func filter(_ request: APIRequest) -> [Record] {
    let matches: [Record]
    if let category = request.value(for: "c") {
      matches = records.filter { $0.category.map { Self.same($0, category) } ?? false }
    } else if let area = request.value(for: "a") {
      matches = records.filter { $0.area.map { Self.same($0, area) } ?? false }
    } else if let ingredient = request.value(for: "i") {
      matches = records.filter { record in
        (1...20).contains { slot in
          record.fields["strIngredient\(slot)"]?.string.map {
            Self.same($0.trimmingCharacters(in: .whitespaces), ingredient)
          } ?? false
        }
      }
    } else {
      matches = []
    }
    return matches.sorted(by: Self.byName)
  }

  /// `search.php`: `s=` matches a part of the name, `f=` its first letter, case-insensitively.
  func search(_ request: APIRequest) -> [Record] {
    if let text = request.value(for: "s") {
      let needle = text.trimmingCharacters(in: .whitespaces)
      guard !needle.isEmpty else { return records }
      return records.filter { $0.name.range(of: needle, options: .caseInsensitive) != nil }
    }
    if let letter = request.value(for: "f"), letter.count == 1 {
      return records.filter { $0.name.prefix(1).caseInsensitiveCompare(letter) == .orderedSame }
    }
    return []
  }

  /// `lookup.php?i=`: `"Invalid ID"` for a non-numeric id, `null` for an unknown one.
  func lookup(_ request: APIRequest) -> JSONValue {
    let id = request.value(for: "i") ?? ""
    guard !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) else {
      return .object(["meals": .string("Invalid ID")])
    }
    return meals(record(id: id).map { [.object($0.fields)] } ?? [])
  }

  /// `list.php?c=list` and `a=list`: the names in use.
  func list(_ request: APIRequest) -> JSONValue {
    if request.value(for: "c") == "list" {
      return meals(categoryNames.map { .object(["strCategory": .string($0)]) })
    }
    if request.value(for: "a") == "list" {
      let areas = Set(records.compactMap(\.area)).sorted()
      return meals(areas.map { .object(["strArea": .string($0)]) })
    }
    return meals([])
  }

  private func meals(_ items: [JSONValue]) -> JSONValue {
    .object(["meals": items.isEmpty ? .null : .array(items)])
  }

  private func ok(_ value: JSONValue) -> APIResponse {
    APIResponse(status: 200, body: JSONWriter.data(value))
  }

  static func json(_ category: Category) -> JSONValue {
    .object([
      "idCategory": .string(category.id),
      "strCategory": .string(category.name),
      "strCategoryThumb": category.thumbnail.map(JSONValue.string) ?? .null,
      "strCategoryDescription": category.description.map(JSONValue.string) ?? .null,
    ])
  }

  static func same(_ lhs: String, _ rhs: String) -> Bool {
    compareIgnoringCase(lhs, rhs) == .orderedSame
  }

  /// Names as the API sorts them: ignoring case, then by code points so ties are stable.
  static func byName(_ lhs: Record, _ rhs: Record) -> Bool {
    let order =
      lhs.nameIsASCII && rhs.nameIsASCII
      ? compareASCIIIgnoringCase(lhs.name, rhs.name) : lhs.name.caseInsensitiveCompare(rhs.name)
    return switch order {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: (lhs.name, lhs.id) < (rhs.name, rhs.id)
    }
  }

  /// `caseInsensitiveCompare`, answered without Foundation when both texts are ASCII.
  ///
  /// For ASCII, Foundation's order is that of the bytes with `A`–`Z` lowered (checked against it
  /// for every byte); the bridge to `NSString` made sorting `filter.php`'s answer the largest
  /// cost of a long list (callgrind: 48% of a launch on 5,000 meals).
  static func compareIgnoringCase(_ lhs: String, _ rhs: String) -> ComparisonResult {
    guard lhs.utf8.allSatisfy({ $0 < 0x80 }), rhs.utf8.allSatisfy({ $0 < 0x80 }) else {
      return lhs.caseInsensitiveCompare(rhs)
    }
    return compareASCIIIgnoringCase(lhs, rhs)
  }

  /// The ASCII half of `compareIgnoringCase`, for texts known to be ASCII.
  static func compareASCIIIgnoringCase(_ lhs: String, _ rhs: String) -> ComparisonResult {
    func lowered(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
      switch (left.next().map(lowered), right.next().map(lowered)) {
      case (nil, nil): return .orderedSame
      case (nil, _): return .orderedAscending
      case (_, nil): return .orderedDescending
      case (let leftByte?, let rightByte?) where leftByte != rightByte:
        return leftByte < rightByte ? .orderedAscending : .orderedDescending
      default: continue
      }
    }
  }
}
