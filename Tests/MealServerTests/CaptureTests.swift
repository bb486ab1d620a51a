import CommandLineKit
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import TestPorts
import Testing

@testable import MealServer

/// Capturing a server's catalog into a directory, against the in-process server.
@Suite struct CaptureTests {
  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "capture-\(UUID().uuidString)")
  }

  private func capture(
    _ server: TestServer, into directory: URL, categories: [String]? = nil
  ) -> CatalogCapture {
    CatalogCapture(
      transport: URLSessionTransport(baseURL: server.baseURL), directory: directory,
      categories: categories)
  }

  private func lookups(_ server: TestServer) -> Int {
    server.log.filter { $0.request?.path == "lookup.php" }.count
  }

  @Test("The progress line shows a category's control characters visibly")
  func visibleProgress() {
    let progress = CatalogCapture.Progress(
      category: "Beef\u{1B}]52;c;eA\u{7}\u{202E}", categoryNumber: 1, categoryCount: 2, meal: 3,
      mealCount: 4)
    #expect(progress.line == #"[1/2] Beef\u{1B}]52;c;eA\u{7}\u{202E}: 3/4 meals"#)
  }

  @Test("A capture loads as a catalog with the same records")
  func sameRecords() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = try await capture(server, into: directory).run()
    let original = try TestCatalog.make()
    let captured = try Catalog(directory: directory)
    #expect(summary == CatalogCapture.Summary(categories: 3, meals: 5, downloaded: 5))
    #expect(captured.categories == original.categories)
    #expect(Set(captured.records) == Set(original.records))
  }

  @Test("Only the chosen categories' meals are captured")
  func chosenCategories() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await capture(server, into: directory, categories: ["pasta"]).run()
    let captured = try Catalog(directory: directory)
    #expect(captured.records.map(\.name) == ["Käsespätzle", "Lasagne"])
  }

  @Test("A second run downloads no record again")
  func resume() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await capture(server, into: directory).run()
    let before = lookups(server)
    let summary = try await capture(server, into: directory).run()
    #expect(lookups(server) == before)
    #expect(summary.downloaded == 0)
    #expect(summary.meals == 5)
  }

  @Test("A server failure mid-way leaves a valid catalog that the next run completes")
  func failureMidway() async throws {
    // Records come in catalog order (Beef, then Dessert by name): the server breaks right after
    // the second one, Apam balik, so the third download fails.
    let server = try TestServer(onLog: { entry, server in
      if entry.request
        == APIRequest(path: "lookup.php", query: [URLQueryItem(name: "i", value: "53049")])
      {
        server.faults = Faults(status: .init(500, for: "lookup.php"))
      }
    })
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    await #expect(throws: CatalogCapture.Failure.self) {
      _ = try await capture(server, into: directory).run()
    }
    let partial = try Catalog(directory: directory)
    #expect(partial.records.map(\.id) == ["52770", "53049"])
    server.server.faults = .none
    let before = lookups(server)
    let summary = try await capture(server, into: directory).run()
    #expect(lookups(server) - before == 3)
    #expect(summary == CatalogCapture.Summary(categories: 3, meals: 5, downloaded: 3))
  }

  @Test("An unknown category is named in the error, with the ones there are")
  func unknownCategory() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    await #expect(
      throws: CatalogCapture.Failure(
        message: "the server has no category \"Soup\"; it has Beef, Dessert, Pasta.")
    ) {
      _ = try await capture(server, into: directory, categories: ["Soup"]).run()
    }
  }

  @Test("A meals.json that is no catalog's stops the capture before a request, and stays")
  func foreignMealsFile() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let meals = directory.appendingPathComponent("meals.json")
    try Data(#"{"categories":[]}"#.utf8).write(to: meals)
    await #expect(
      throws: CatalogCapture.Failure(
        message: "\(meals.path) is not a catalog's meals file; remove it or choose another"
          + " directory.")
    ) {
      _ = try await capture(server, into: directory).run()
    }
    #expect(server.log.isEmpty)
    #expect(try String(contentsOf: meals, encoding: .utf8) == #"{"categories":[]}"#)
  }

  /// A server that sends what a catalog cannot hold: a non-numeric id, two meals with one id, a
  /// category it does not list, and one category three times in different cases.
  private func hostileServer() throws -> CannedServer {
    func meals(_ records: String...) -> String {
      #"{"meals":["# + records.joined(separator: ",") + "]}"
    }
    func meal(_ id: String, _ name: String, _ category: String) -> String {
      #"{"idMeal":"\#(id)","strMeal":"\#(name)","strCategory":"\#(category)"}"#
    }
    return try CannedServer(answers: [
      "categories.php": #"{"categories":[{"idCategory":"1","strCategory":"Beef"},"#
        + #"{"idCategory":"2","strCategory":"beef"},{"idCategory":"3","strCategory":"BEEF"}]}"#,
      "filter.php?c=Beef": meals(
        #"{"idMeal":"abc","strMeal":"A"}"#, #"{"idMeal":"77","strMeal":"B"}"#,
        #"{"idMeal":"78","strMeal":"C"}"#, #"{"idMeal":"79","strMeal":"D"}"#,
        #"{"idMeal":"80","strMeal":"E"}"#),
      "lookup.php?i=abc": meals(meal("abc", "A", "Beef")),
      "lookup.php?i=77": meals(meal("77", "B", "Beef")),
      "lookup.php?i=78": meals(meal("77", "C", "Beef")),
      "lookup.php?i=79": meals(meal("79", "D", #"Bo\u001b]52;c;x\u0007gus"#)),
      "lookup.php?i=80": meals(meal("80", "E", "beef")),
    ])
  }

  @Test("What a catalog cannot hold is left out and listed, and the catalog loads")
  func hostileServerLeftOut() async throws {
    let server = try hostileServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = try await CatalogCapture(
      transport: URLSessionTransport(baseURL: server.baseURL), directory: directory
    ).run()
    let captured = try Catalog(directory: directory)
    #expect(captured.categoryNames == ["Beef"])
    #expect(captured.records.map(\.id) == ["77", "80"])
    #expect((summary.categories, summary.meals, summary.downloaded) == (1, 2, 4))
    #expect(
      summary.leftOut == [
        #"lookup.php?i=abc: has the id "abc", which is not a number"#,
        #"categories.php: category 2 is named "beef" like category 1 before it"#,
        #"categories.php: category 3 is named "BEEF" like category 1 before it"#,
        #"lookup.php?i=79: record 3 (id 79) has the category "Bo\u{1B}]52;c;x\u{7}gus", which categories.json does not list"#,
        "lookup.php?i=78: record 2 holds the id 77 twice",
      ])
  }

  @Test("capture exits with 1 and lists, without escapes, what it left out")
  func hostileServerExitCode() async throws {
    let server = try hostileServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let errors = Lines()
    // Off the main actor, which other suites' tests hold for long stretches.
    let options = try CaptureCommand.parse([
      "--base-url", server.baseURL.absoluteString, "--out", directory.path,
    ])
    let status = await CaptureCommand.run(
      options, console: Console(output: { _ in }, errorOutput: errors.append))
    #expect(status == .failure)
    #expect(
      errors.all.first == "error: left out 5 of what the server sent, which a catalog cannot hold:")
    #expect(errors.all.count == 6)
    #expect(!errors.all.joined().contains("\u{1B}"))
    #expect(try Catalog(directory: directory).records.count == 2)
  }

  @Test("An unreachable server fails with a clear message")
  func unreachable() async throws {
    // Not a stopped server's port: that could be handed to a server of a test running beside.
    let port = try RefusingPort()
    defer { port.close() }
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    await #expect(
      throws: CatalogCapture.Failure(
        message: "cannot download categories.php: the connection was refused.")
    ) {
      _ = try await CatalogCapture(
        transport: URLSessionTransport(baseURL: port.apiURL), directory: directory, categories: nil
      ).run()
    }
  }
}
