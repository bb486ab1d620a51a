import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import MealServer
import VirtualTime

/// A small catalog: three categories, five meals, one with an umlaut.
enum TestCatalog {
  static func make() throws -> Catalog {
    let categories = [
      Category(id: "1", name: "Beef", thumbnail: "https://example.org/beef.png"),
      Category(id: "3", name: "Dessert", description: "Sweet things."),
      Category(id: "8", name: "Pasta"),
    ]
    let meals: [(String, String, String, String)] = [
      ("52770", "Spaghetti Bolognese", "Beef", "Italian"),
      ("52893", "Apple & Blackberry Crumble", "Dessert", "British"),
      ("53049", "Apam balik", "Dessert", "Malaysian"),
      ("52844", "Lasagne", "Pasta", "Italian"),
      ("52999", "Käsespätzle", "Pasta", "German"),
    ]
    let records = try meals.map { id, name, category, area in
      try Catalog.Record(fields: [
        "idMeal": .string(id), "strMeal": .string(name), "strCategory": .string(category),
        "strArea": .string(area), "strInstructions": .string("Cook \(name).\r\nServe."),
        "strMealThumb": .string("https://example.org/\(id).jpg"),
        "strIngredient1": .string("Butter"), "strMeasure1": .string("100g "),
        "strIngredient2": .string(""), "strMeasure2": .null,
      ])
    }
    return try Catalog(categories: categories, records: records)
  }
}

/// A server on a free loopback port that records its log, stopped when the test is done.
final class TestServer: Sendable {
  let server: MealServer
  let port: UInt16
  private let entries: Locked<[RequestLog]>

  init(
    catalog: Catalog? = nil, faults: Faults = .none, timeout: Duration = .seconds(5),
    maxConnections: Int = 256,
    onLog: (@Sendable (RequestLog, MealServer) -> Void)? = nil
  ) throws {
    let entries = Locked<[RequestLog]>([])
    self.entries = entries
    let box = Locked<MealServer?>(nil)
    var configuration = MealServer.Configuration()
    configuration.timeout = timeout
    configuration.seed = 7
    configuration.maxConnections = maxConnections
    configuration.log = { entry in
      entries.withLock { $0.append(entry) }
      if let onLog, let server = box.withLock({ $0 }) { onLog(entry, server) }
    }
    let server = MealServer(
      catalog: try catalog ?? TestCatalog.make(), faults: faults, configuration: configuration)
    box.withLock { $0 = server }
    self.server = server
    port = try server.start(port: 0)
  }

  deinit {
    server.beginStopping()
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/json/v1/1/")! }

  /// The real client against this server.
  func api(timeout: TimeInterval = 5) -> MealAPI {
    MealAPI(transport: URLSessionTransport(baseURL: baseURL, timeout: timeout))
  }

  /// Waits until the server has `count` open connections; `false` if it has not after
  /// `limit`.
  func waitForConnections(_ count: Int, within limit: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while server.connectionCount != count {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// Every request logged so far, oldest first.
  var log: [RequestLog] { entries.withLock { $0 } }
}
