import CommandLineKit
import FileSafety
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

  /// A transport to `url` whose deadline only guards against a hang: with the suite and two
  /// builds beside it on two cores, URLSession answered on loopback only after more than 60 s.
  private func transport(_ url: URL) -> URLSessionTransport {
    URLSessionTransport(baseURL: url, timeout: 600)
  }

  private func capture(
    _ server: TestServer, into directory: URL, categories: [String]? = nil
  ) -> CatalogCapture {
    CatalogCapture(
      transport: transport(server.baseURL), directory: directory,
      categories: categories)
  }

  /// Runs a capture into `directory` once its lock is free: a process another test starts
  /// meanwhile holds a copy of the lock's descriptor until it execs, so the lock may be taken
  /// for a moment after a run ends.
  private func captureAgain(
    _ server: TestServer, into directory: URL
  ) async throws -> CatalogCapture.Summary {
    let deadline = ContinuousClock.now + .seconds(120)
    while true {
      do {
        return try await capture(server, into: directory).run()
      } catch let error as CatalogCapture.Failure
        where error.message.hasPrefix("another capture") && .now < deadline
      {
        // Waits, with the lock's own patience, until it is free, and lets it go at once.
        try FileLock(beside: directory.appendingPathComponent(Catalog.mealsFile).path)
          .withLock(patience: .seconds(120)) {}
      }
    }
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
    let captured = try Catalog.load(directory: directory.path)
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
    let captured = try Catalog.load(directory: directory.path)
    #expect(captured.records.map(\.name) == ["Käsespätzle", "Lasagne"])
  }

  @Test("A second run downloads no record again")
  func resume() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await capture(server, into: directory).run()
    let before = lookups(server)
    let summary = try await captureAgain(server, into: directory)
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
    let partial = try Catalog.load(directory: directory.path)
    #expect(partial.records.map(\.id) == ["52770", "53049"])
    server.server.faults = .none
    let before = lookups(server)
    let summary = try await captureAgain(server, into: directory)
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
      transport: transport(server.baseURL), directory: directory
    ).run()
    let captured = try Catalog.load(directory: directory.path)
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

  /// `rezepte capture` from `server` into `directory`: its exit status and its errors.
  private func captureCommand(
    _ server: CannedServer, into directory: URL
  ) async throws -> (ExitCode, Lines) {
    let errors = Lines()
    // Off the main actor, which other suites' tests hold for long stretches.
    let options = try CaptureCommand.parse([
      "--base-url", server.baseURL.absoluteString, "--out", directory.path,
    ])
    let status = await CaptureCommand.run(
      options, console: Console(output: { _ in }, errorOutput: errors.append))
    return (status, errors)
  }

  @Test("capture exits with 1 and lists, without escapes, what it left out")
  func hostileServerExitCode() async throws {
    let server = try hostileServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (status, errors) = try await captureCommand(server, into: directory)
    #expect(status == .failure)
    #expect(
      errors.all.first == "error: left out 5 of what the server sent, which a catalog cannot hold:")
    #expect(errors.all.count == 6)
    #expect(!errors.all.joined().contains("\u{1B}"))
    #expect(try Catalog.load(directory: directory.path).records.count == 2)
  }

  /// A server of two categories: Beef with one meal, Pasta with two whose instructions are
  /// `size` bytes long.
  private func largeMealsServer(size: Int) throws -> CannedServer {
    func meal(_ id: String, _ category: String, _ instructions: String) -> String {
      #"{"meals":[{"idMeal":"\#(id)","strMeal":"M\#(id)","strCategory":"\#(category)","#
        + #""strInstructions":"\#(instructions)"}]}"#
    }
    return try CannedServer(answers: [
      "categories.php": #"{"categories":[{"idCategory":"1","strCategory":"Beef"},"#
        + #"{"idCategory":"2","strCategory":"Pasta"}]}"#,
      "filter.php?c=Beef": #"{"meals":[{"idMeal":"1","strMeal":"M1"}]}"#,
      "filter.php?c=Pasta":
        #"{"meals":[{"idMeal":"2","strMeal":"M2"},{"idMeal":"3","strMeal":"M3"}]}"#,
      "lookup.php?i=1": meal("1", "Beef", "Stew."),
      "lookup.php?i=2": meal("2", "Pasta", String(repeating: "x", count: size)),
      "lookup.php?i=3": meal("3", "Pasta", String(repeating: "y", count: size)),
    ])
  }

  @Test("A capture whose meals outgrow its bound stops and leaves no catalog it began")
  func totalBound() async throws {
    let server = try largeMealsServer(size: 600)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let capture = CatalogCapture(
      transport: transport(server.baseURL), directory: directory,
      maximumBytes: 1_000)
    await #expect(
      throws: CatalogCapture.Failure(
        message: "the server's meals come to more than 1000 bytes, the most a capture keeps; "
          + "capture fewer categories (--categories).")
    ) {
      _ = try await capture.run()
    }
    for file in ["categories.json", "meals.json"] {
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path))
    }
  }

  @Test("A capture within its bound keeps every meal")
  func withinBound() async throws {
    let server = try largeMealsServer(size: 600)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = try await CatalogCapture(
      transport: transport(server.baseURL), directory: directory,
      maximumBytes: 2_000
    ).run()
    #expect(summary.meals == 3)
  }

  @Test("A capture into a folder that another capture holds stops at once and says so")
  func lockedFolder() async throws {
    let server = try TestServer()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let lock = FileLock(beside: directory.appendingPathComponent("meals.json").path)
    try await lock.withLock {
      _ = await #expect(
        throws: CatalogCapture.Failure(
          message: "another capture is writing into \(directory.path) (it holds \(lock.path)); "
            + "wait until it ends, or choose another directory.")
      ) {
        _ = try await capture(server, into: directory).run()
      }
    }
    #expect(server.log.isEmpty)
  }

  @Test("A captured record keeps its numbers as the server spelled them")
  func numberText() async throws {
    let numbers = [
      "9007199254740993", "-0.0", "1.0000000000000000000001", "123456789012345678901234567890",
    ]
    let fields = numbers.enumerated().map { #""n\#($0.offset)":\#($0.element)"# }
    let server = try CannedServer(answers: [
      "categories.php": #"{"categories":[{"idCategory":"1","strCategory":"Beef"}]}"#,
      "filter.php?c=Beef": #"{"meals":[{"idMeal":"1","strMeal":"Stew"}]}"#,
      "lookup.php?i=1": #"{"meals":[{"idMeal":"1","strMeal":"Stew","strCategory":"Beef","#
        + fields.joined(separator: ",") + "}]}",
    ])
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await CatalogCapture(
      transport: transport(server.baseURL), directory: directory
    ).run()
    let meals = try String(
      contentsOf: directory.appendingPathComponent("meals.json"), encoding: .utf8)
    for field in fields { #expect(meals.contains(field), "\(meals)") }
  }

  @Test("A category without a name is left out and listed against categories.php")
  func emptyCategoryName() async throws {
    let server = try CannedServer(answers: [
      "categories.php": #"{"categories":[{"idCategory":"1","strCategory":"Beef"},"#
        + #"{"idCategory":"2","strCategory":" "}]}"#,
      "filter.php?c=Beef": #"{"meals":[{"idMeal":"1","strMeal":"Stew"}]}"#,
      "lookup.php?i=1": #"{"meals":[{"idMeal":"1","strMeal":"Stew","strCategory":"Beef"}]}"#,
    ])
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = try await CatalogCapture(
      transport: transport(server.baseURL), directory: directory
    ).run()
    #expect(summary.leftOut == ["categories.php: category 2 has an empty name"])
    #expect(try Catalog.load(directory: directory.path).categoryNames == ["Beef"])
  }

  @Test("A capture that keeps no meal lists what it left out on lines of their own")
  func nothingKeptLines() async throws {
    let server = try CannedServer(answers: [
      "categories.php": #"{"categories":[{"idCategory":"1","strCategory":"Beef"}]}"#,
      "filter.php?c=Beef": #"{"meals":[{"idMeal":"abc","strMeal":"A"}]}"#,
      "lookup.php?i=abc": #"{"meals":[{"idMeal":"abc","strMeal":"A\u001b[31m"}]}"#,
    ])
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (status, errors) = try await captureCommand(server, into: directory)
    #expect(status == .failure)
    #expect(
      errors.all == [
        "error: the server sent no meal that a catalog can hold; a catalog needs at least one.\n"
          + #"  lookup.php?i=abc: has the id "abc", which is not a number"#
      ])
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
        transport: transport(port.apiURL), directory: directory, categories: nil
      ).run()
    }
  }
}
