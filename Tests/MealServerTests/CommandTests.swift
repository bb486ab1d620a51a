import CommandLineKit
import Foundation
import LiveNetwork
import MealDB
import Testing
import VirtualTime

@testable import MealServer

extension ServeCommand {
  /// The options of a `serve` command line.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    Options(try command.parse(arguments, console: .standard))
  }
}

extension CaptureCommand {
  /// The options of a `capture` command line.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    Options(try command.parse(arguments, console: .standard))
  }
}

/// Reading the `serve` and `capture` command lines.
@Suite struct CommandTests {
  @Test("serve without options uses port 8080, the embedded catalog and no faults")
  func serveDefaults() throws {
    let options = try ServeCommand.parse([])
    #expect(options.port == 8080 && options.catalog == nil && options.faults == .none)
    #expect(options.maxConnections == 256 && !options.quiet)
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
      (["--delay", "2s"], Faults(delay: .init(.seconds(2)))),
      (["--delay=250ms@search"], Faults(delay: .init(.milliseconds(250), for: "search.php"))),
      (["--status", "500@lookup.php"], Faults(status: .init(500, for: "lookup.php"))),
      (["--broken-data"], Faults(brokenData: .init(true))),
      (["--broken-data=filter"], Faults(brokenData: .init(true, for: "filter.php"))),
    ])
  func serveFaults(arguments: [String], faults: Faults) throws {
    #expect(try ServeCommand.parse(arguments).faults == faults)
  }

  @Test(
    "serve explains bad input in one sentence",
    arguments: [
      (["--port", "70000"], "--port takes a port from 0 to 65535, not '70000'"),
      (
        ["--delay", "soon"],
        "--delay 'soon' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
      ),
      (["--status", "200"], "--status takes an HTTP error status from 400 to 599, not '200'"),
      (
        ["--status", "500@soup"],
        "--status names the unknown endpoint 'soup'; the endpoints are categories.php, filter.php,"
          + " search.php, lookup.php, random.php, list.php"
      ),
      (
        ["--status", "500@lokup"],
        "--status names the unknown endpoint 'lokup'; did you mean 'lookup.php'?"
      ),
      (["--port"], "'--port' needs a value: --port N"),
      (["--quiet=yes"], "'--quiet' takes no value"),
      (["--verbose"], "unknown option '--verbose' for 'serve'"),
      (["--qiuet"], "unknown option '--qiuet' for 'serve'; did you mean '--quiet'?"),
      (["8080"], "unexpected argument '8080'; 'serve' takes only options, which start with --"),
      (
        ["--max-connections", "0"],
        "--max-connections takes a number of connections from 1 to 65536, not '0'"
      ),
    ])
  func serveErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ServeCommand.parse(arguments) }
  }

  @Test(
    "serve refuses every delay that is not a plain duration up to one hour",
    arguments: [
      "1e18s", "9999999999999999s", "1e300ms", "1e308s", "0x10s", "nan", "inf", "-1s", "3601s",
      "1.5", ".5s", "1.s", "+2s", "1.0000000001s",
    ])
  func serveHostileDelays(text: String) {
    #expect(throws: UsageError.self) { try ServeCommand.parse(["--delay", text]) }
  }

  @Test("serve takes the longest delay, one hour, and --max-connections")
  func serveLimits() throws {
    let options = try ServeCommand.parse(["--delay", "3600s", "--max-connections", "8"])
    #expect(options.faults.delay?.value == .seconds(3600))
    #expect(options.maxConnections == 8)
  }

  @Test("serve exits with 2 and prints error: and the usage on bad input")
  @MainActor
  func serveExitCode() async {
    let errors = Lines()
    let program = Program(name: "rezepte", summary: "", commands: [ServeCommand.command])
    let status = await program.run(
      ["serve", "--delay", "1e18s"],
      console: Console(output: { _ in }, errorOutput: { errors.append($0) }))
    #expect(status == .badInput)
    let text = errors.all.joined(separator: "\n")
    #expect(
      text.hasPrefix(
        "error: --delay '1e18s' is not a duration; write a decimal number and ms or s, like "
          + "400ms, 2s or 1.5s\nusage: rezepte serve [--port N]"))
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
      (["--out", "x"], "'capture' needs --base-url URL"),
      (["--base-url", "http://h/"], "'capture' needs --out DIR"),
      (
        ["--base-url", "ftp://h/", "--out", "x"],
        "--base-url needs an http:// or https:// URL, not 'ftp://h/'"
      ),
      (
        ["--base-url", "http://a b/", "--out", "x"],
        "--base-url needs an http:// or https:// URL, but 'http://a b/' is not a URL"
      ),
      (
        ["--base-url", "http://h/", "--out", "x", "--categories", ","],
        "--categories needs at least one name"
      ),
    ])
  func captureErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CaptureCommand.parse(arguments) }
  }

  @Test("A base URL with its scheme in capitals reaches the server")
  func baseURLInCapitals() async throws {
    let server = try TestServer()
    let url = try CaptureCommand.Options().$baseURL.read(
      "HTTP://127.0.0.1:\(server.port)/api/json/v1/1/")
    let api = MealAPI(transport: URLSessionTransport(baseURL: url, timeout: 600))
    #expect(try await api.categories().count == 3)
  }

  @Test("capture exits with 1 when the server cannot be reached")
  @MainActor
  func captureExitCode() async throws {
    let server = try TestServer()
    await server.server.stop()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "capture-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let program = Program(
      name: "rezepte", summary: "", commands: [CaptureCommand.command])
    let status = await program.run(
      ["capture", "--base-url", server.baseURL.absoluteString, "--out", directory.path],
      console: Console(output: { _ in }, errorOutput: { _ in }))
    #expect(status == .failure)
  }

  @Test("capture --out naming a file is exit 2 with a sentence, before any request")
  @MainActor
  func captureOutIsFile() async throws {
    let server = try TestServer()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "capture-\(UUID().uuidString).md")
    try Data("# notes\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let errors = Lines()
    let program = Program(
      name: "rezepte", summary: "", commands: [CaptureCommand.command])
    let status = await program.run(
      ["capture", "--base-url", server.baseURL.absoluteString, "--out", file.path],
      console: Console(output: { _ in }, errorOutput: errors.append))
    #expect(status == .badInput)
    #expect(
      errors.all.first?.hasPrefix("error: --out \(file.path) is a file, not a folder\n") == true)
    #expect(server.log.isEmpty)
    await server.server.stop()
    #expect(try String(contentsOf: file, encoding: .utf8) == "# notes\n")
  }
}

/// Lines written by a command, collected for a test.
final class Lines: Sendable {
  private let lines = Locked<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }
}
