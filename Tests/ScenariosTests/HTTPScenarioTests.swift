import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import MealServer
import TestPorts
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// `rezepte run --base-url`: the lesson's scenarios through the real `URLSession` transport against
/// the package's own server on loopback give the same screens as the in-process catalog.
@MainActor
@Suite struct HTTPScenarioTests {
  /// The package's server over the embedded catalog on a free loopback port, without its log.
  func startServer() throws -> (MealServer, URL) {
    var configuration = MealServer.Configuration()
    configuration.log = nil
    let server = MealServer(catalog: embeddedCatalog, configuration: configuration)
    try server.start(port: 0)
    return (server, try #require(server.baseURL))
  }

  /// A driver whose app sends its requests over `URLSession` to `baseURL`.
  func driverOverHTTP(_ baseURL: URL) -> AppDriver {
    AppDriver(
      catalog: embeddedCatalog,
      backend: .server { URLSessionTransport(baseURL: baseURL, timeout: 600) })
  }

  /// Runs the scenario in record mode, so every `expect screen` keeps the screen it saw.
  func screens(_ scenario: Scenario, on driver: AppDriver) async -> ScenarioResult {
    await ScenarioRunner(mode: .record).run(scenario, on: driver)
  }

  @Test(
    "Over HTTP every recorded screen comes out as in the in-process run", arguments: lessonFiles)
  func sameScreensOverHTTP(file: String) async throws {
    let (server, baseURL) = try startServer()
    defer { server.beginStopping() }

    let scenario = try loadLessonScenario(file)
    let offline = await screens(scenario, on: AppDriver(catalog: embeddedCatalog))
    let overHTTP = await screens(
      scenario,
      on: driverOverHTTP(baseURL))

    #expect(offline.passed)
    #expect(overHTTP.failure == nil, "\(overHTTP.failure?.description ?? "")")
    // A scenario that simulates faults stops at the first such step: the screens up to there.
    let compared = offline.recordedScreens.filter {
      overHTTP.skipped ? $0.key < overHTTP.stepsRun - 1 : true
    }
    #expect(overHTTP.recordedScreens == compared)
    if overHTTP.skipped {
      #expect(overHTTP.skipReason?.contains("needs the offline catalog") == true)
    }
  }

  @Test("Scenarios without simulated faults pass over HTTP from start to end")
  func faultFreeScenariosPass() async throws {
    let (server, baseURL) = try startServer()
    defer { server.beginStopping() }
    var passed: [String] = []
    for file in lessonFiles {
      let scenario = try loadLessonScenario(file)
      let result = await ScenarioRunner().run(
        scenario,
        on: driverOverHTTP(baseURL))
      if result.passed { passed.append(file) }
    }
    #expect(passed.contains("02-suche.scenario"))
    #expect(passed.contains("04-favoriten.scenario"))
    #expect(passed.contains("09-favoriten-liste.scenario"))
  }

  @Test("A simulated fault over HTTP skips the scenario with the reason; the run does not fail")
  func faultStepSkips() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\nnetwork offline\nexpect title \"Dessert\"\n")
    let (server, baseURL) = try startServer()
    defer { server.beginStopping() }
    var lines: [String] = []
    let command = ScenarioCommand(
      context: ScenarioContext(catalog: embeddedCatalog),
      makeDriver: {
        driverOverHTTP(baseURL)
      },
      useColor: false, output: { lines.append($0) }, errorOutput: { lines.append($0) },
      now: { .zero })
    let code = await command.run(runOptions([folder.path]))
    #expect(code == .success)
    #expect(lines.first == "skipped  a  step 2 of 3  0s simulated")
    #expect(
      lines.contains {
        $0.hasSuffix(
          "a.scenario:2: `network offline`: `network` needs the offline catalog; over real HTTP it is not supported"
        )
      })
    #expect(lines.last == "0 passed, 0 failed, 1 skipped")
  }

  @Test("The probe before an HTTP run accepts a running server")
  func probeRunning() async throws {
    let (server, baseURL) = try startServer()
    defer { server.beginStopping() }
    // A guard against a hang only: a running server answers at once, but with the suite and two
    // builds beside it on two cores, URLSession answered a request only after more than 60 s.
    #expect(
      await AppDriver.probe(baseURL, over: URLSessionTransport(baseURL: baseURL, timeout: 600))
        == nil)
  }

  @Test("The probe before an HTTP run explains a port that refuses connections")
  func probeRefused() async throws {
    // Bound, so that no server of a test running beside takes it, as a stopped server's port
    // could be.
    let port = try RefusingPort()
    defer { port.close() }
    let problem = try #require(
      await AppDriver.probe(
        port.apiURL, over: URLSessionTransport(baseURL: port.apiURL, timeout: 600)))
    #expect(
      problem
        == "http://127.0.0.1:\(port.number)/api/json/v1/1/ cannot be reached (the connection was "
        + "refused); is the network up and the server running?")
  }

  @Test("The probe says an answer over the size limit is too large, not that it cannot reach")
  func probeTooLarge() async throws {
    struct TooLarge: Transport {
      func send(_ request: APIRequest) async throws -> APIResponse {
        throw URLError(.dataLengthExceedsMaximum)
      }
    }
    let url = try #require(URL(string: "http://127.0.0.1:9/api/json/v1/1/"))
    let problem = await AppDriver.probe(url, over: TooLarge())
    #expect(
      problem
        == "http://127.0.0.1:9/api/json/v1/1/ answers categories.php with more than the "
        + "transport's size limit")
  }
}

@MainActor
@Suite struct HTTPCatalogErrorTests {
  @Test("With --base-url, a broken meals.json is reported before the server is asked")
  func brokenCatalogBeforeProbe() async throws {
    let folder = try makeBrokenMealsCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("a.scenario")
    try Data("launch\n".utf8).write(to: scenario)
    let capture = CommandLineTests.Capture()
    let program = ScenarioCommands.program()
    let code = await program.run(
      ["run", "--catalog", folder.path, "--base-url", "http://127.0.0.1:9/", scenario.path],
      console: capture.console)
    #expect(code == .badInput)
    #expect(
      capture.errors
        == "error: \(folder.path)/meals.json: record 1 lacks the required field \"idMeal\"")
  }
}
