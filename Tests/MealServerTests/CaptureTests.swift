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
        server.faults = Faults(status: 500, statusEndpoint: "lookup.php")
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
