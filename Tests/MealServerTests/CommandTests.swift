import Foundation
import Testing

@testable import MealServer

/// Reading the `serve` and `capture` command lines.
@Suite struct CommandTests {
  @Test("serve without options uses port 8080, the embedded catalog and no faults")
  func serveDefaults() throws {
    #expect(try ServeCommand.parse([]) == ServeCommand.Options())
  }

  @Test("serve reads the port, the catalog and quiet, with a space or =")
  func serveOptions() throws {
    let options = try ServeCommand.parse(["--port=0", "--catalog", "/tmp/c", "--quiet"])
    #expect(options.port == 0)
    #expect(options.catalog == "/tmp/c")
    #expect(options.quiet)
  }

  @Test(
    "serve reads faults for every endpoint or for one",
    arguments: [
      (["--delay", "2s"], Faults(delay: .seconds(2))),
      (["--delay=250ms@search"], Faults(delay: .milliseconds(250), delayEndpoint: "search.php")),
      (["--status", "500@lookup.php"], Faults(status: 500, statusEndpoint: "lookup.php")),
      (["--broken-data"], Faults(brokenData: true)),
      (["--broken-data=filter"], Faults(brokenData: true, brokenDataEndpoint: "filter.php")),
    ])
  func serveFaults(arguments: [String], faults: Faults) throws {
    #expect(try ServeCommand.parse(arguments).faults == faults)
  }

  @Test(
    "serve explains bad input in one sentence",
    arguments: [
      (["--port", "70000"], "--port takes a number from 0 to 65535, not \"70000\"."),
      (["--delay", "soon"], "--delay takes a duration such as 250ms or 2s, not \"soon\"."),
      (["--status", "200"], "--status takes an HTTP error status from 400 to 599, not \"200\"."),
      (
        ["--status", "500@soup"],
        "--status names the unknown endpoint \"soup\"; known are categories.php, filter.php,"
          + " search.php, lookup.php, random.php, list.php."
      ),
      (["--port"], "--port needs a value."),
      (["--verbose"], "unknown option --verbose for serve."),
      (["8080"], "unexpected argument \"8080\"; options start with --."),
    ])
  func serveErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ServeCommand.parse(arguments) }
  }

  @Test("serve exits with 2 on bad input")
  func serveExitCode() async {
    #expect(await ServeCommand.run(arguments: ["--port", "x"]) == 2)
  }

  @Test("capture reads the base URL, the directory and the categories")
  func captureOptions() throws {
    let options = try CaptureCommand.parse([
      "--base-url", "http://127.0.0.1:8080/api/json/v1/1/", "--out", "cat",
      "--categories", "Beef, Dessert",
    ])
    #expect(options.baseURL.absoluteString == "http://127.0.0.1:8080/api/json/v1/1/")
    #expect(options.directory == "cat")
    #expect(options.categories == ["Beef", "Dessert"])
  }

  @Test(
    "capture explains bad input in one sentence",
    arguments: [
      (["--out", "x"], "capture needs --base-url."),
      (["--base-url", "http://h/"], "capture needs --out."),
      (
        ["--base-url", "ftp://h/", "--out", "x"],
        "--base-url takes an http or https URL, not \"ftp://h/\"."
      ),
      (
        ["--base-url", "http://h/", "--out", "x", "--categories", ","],
        "--categories needs at least one name."
      ),
    ])
  func captureErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CaptureCommand.parse(arguments) }
  }

  @Test("capture exits with 1 when the server cannot be reached")
  func captureExitCode() async throws {
    let server = try TestServer()
    server.server.stop()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "capture-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let status = await CaptureCommand.run(arguments: [
      "--base-url", server.baseURL.absoluteString, "--out", directory.path,
    ])
    #expect(status == 1)
  }
}
