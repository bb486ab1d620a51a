import Foundation
import MealCatalog
import MealDB
import MealServer
import Scenarios

/// The fuzz targets by name: each takes any bytes and must neither crash nor leak.
enum FuzzTargets {
  static let all: [String: @Sendable (Data) -> Void] = [
    "scenario": scenario,
    "meal-json": mealJSON,
    "catalog": catalog,
    "http-head": httpHead,
    "player-keys": playerKeys,
  ]

  static let context = ScenarioContext(
    categories: ["Beef", "Chicken", "Dessert", "Pasta", "Vegetarian"])

  /// The scenario parser, and recording into what it parsed.
  @Sendable static func scenario(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    for allowsEmpty in [false, true] {
      if case .success(let parsed) = ScenarioParser.parse(
        text, file: "fuzz.scenario", context: context, allowsEmptyScreens: allowsEmpty)
      {
        _ = parsed.recording(actualScreens: [0: "Screen", 1: "A\nB"])
      }
    }
  }

  /// The decoders of every answer the app reads; what `AnswerReader` reads, `JSONDecoder` must
  /// read to the same value.
  @Sendable static func mealJSON(_ data: Data) {
    agree(AnswerReader.categories(data), data, "categories") { [$0.categories] }
    agree(AnswerReader.meals(data), data, "meals") { [$0.items, $0.notice] }
    agree(AnswerReader.details(data), data, "details") { [$0.items, $0.notice] }
  }

  /// Checks that `JSONDecoder` decodes `data` to the same `parts` of an answer as `AnswerReader`
  /// read (`read`, `nil` where it left the answer to `JSONDecoder`), or else once
  /// `JSONSerialization` has dropped the keys given twice but the last, which the reader keeps
  /// and `JSONDecoder` does not.
  private static func agree<Answer: Decodable>(
    _ read: Answer?, _ data: Data, _ name: String, parts: (Answer) -> [AnyHashable]
  ) {
    guard let read else { return }
    func agrees(_ data: Data?) -> Bool {
      data.flatMap { try? JSONDecoder().decode(Answer.self, from: $0) }.map(parts) == parts(read)
    }
    let lastKeys = (try? JSONSerialization.jsonObject(with: data)).flatMap {
      try? JSONSerialization.data(withJSONObject: $0)
    }
    precondition(agrees(data) || agrees(lastKeys), "AnswerReader.\(name) disagrees")
  }

  /// The catalog loader: the bytes before the first NUL are `categories.json`, the rest
  /// `meals.json`; what the package's JSON reader reads of each, `JSONSerialization` must read
  /// to the same value, and a catalog that loads must answer every endpoint.
  @Sendable static func catalog(_ data: Data) {
    let split = data.firstIndex(of: 0) ?? data.endIndex
    let categories = data[data.startIndex..<split]
    let meals = split < data.endIndex ? data[(split + 1)...] : Data()
    for part in [categories, meals] {
      if let problem = JSONValue.disagreementWithJSONSerialization(Data(part)) {
        preconditionFailure("JSONReader disagrees with JSONSerialization: \(problem)")
      }
    }
    guard
      let catalog = try? Catalog(
        categoriesData: Data(categories), categoriesPath: "categories.json",
        mealsData: Data(meals), mealsPath: "meals.json")
    else { return }
    var generator = SystemRandomNumberGenerator()
    for request in [
      APIRequest(path: "categories.php"),
      APIRequest(path: "search.php", query: [.init(name: "s", value: "a")]),
      APIRequest(path: "filter.php", query: [.init(name: "c", value: "Beef")]),
      APIRequest(path: "lookup.php", query: [.init(name: "i", value: "1")]),
      APIRequest(path: "random.php"),
    ] {
      _ = catalog.answer(request, random: &generator)
    }
  }

  /// The server's request-head parser, and its target read as an endpoint and query.
  @Sendable static func httpHead(_ data: Data) {
    let bytes = Array(data)
    guard case .complete(let head, let consumed) = HTTPParser.parse(bytes) else { return }
    precondition(consumed > 0 && consumed <= bytes.count, "consumed \(consumed) bytes")
    _ = (head.keepAlive, head.hasBody, Responder.parse(target: head.target))
  }

  /// The player's keys: random keys and pastes against the layout, every frame within the
  /// terminal.
  @Sendable static func playerKeys(_ data: Data) {
    if let problem = PlayerFuzzing.play(Array(data)) { preconditionFailure(problem) }
  }
}
