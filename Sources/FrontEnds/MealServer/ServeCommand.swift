import CommandLineKit
import Dispatch
import Foundation
import MealCatalog

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `rezepte serve`: serves a catalog over HTTP until SIGINT or SIGTERM.
public enum ServeCommand {
  /// What the command line asks for.
  public struct Options: Equatable, Sendable {
    public var port: UInt16 = 8080
    /// A catalog directory; `nil` for the embedded catalog.
    public var catalog: String?
    public var faults = Faults.none
    public var quiet = false
    /// The most connections served at once.
    public var maxConnections = 256

    public init() {}
  }

  /// The declaration of `rezepte serve`: its options, help and run.
  public static let command = Command(
    name: "serve",
    summary: "Serves a catalog over HTTP at TheMealDB's paths, on 127.0.0.1.",
    discussion: """
      The catalog is served like TheMealDB on http://127.0.0.1:<port>/api/json/v1/1/ until Ctrl-C \
      (SIGINT) or SIGTERM. Endpoints: categories, filter, search, lookup, random, list (each \
      may be written with or without .php, here as in scenario files).
      Exit status: 0 after a clean stop, 1 when the server cannot start, 2 for bad input and \
      for a file-descriptor limit (ulimit -n) too low to serve.
      """,
    options: [
      .value(
        "--port", "N",
        help: "Port on 127.0.0.1 (default 8080; 0 picks a free one, printed on start)."),
      .value(
        "--catalog", "DIR",
        help: "A directory with categories.json and meals.json, as written by `rezepte capture` "
          + "(default: the embedded catalog)."),
      .value(
        "--delay", "DURATION[@ENDPOINT]",
        help: "Waits before every answer (or those of one endpoint): 250ms, 2s, 1.5s; "
          + "from 0s to 1 hour."),
      .value(
        "--status", "CODE[@ENDPOINT]",
        help: "Answers every request (or those of one endpoint) with this HTTP status, 400-599: "
          + "--status 500@lookup."),
      .flagWithValue(
        "--broken-data", "ENDPOINT",
        help: "Answers 200 OK with a body that is not JSON: --broken-data=filter."),
      .value(
        "--max-connections", "N",
        help: "The most connections served at once; more are refused (default 256)."),
      .flag("--quiet", help: "Does not log one line per request to stderr."),
    ],
    epilogue: {
      """
      Example:
        rezepte serve --port 0 --delay 3s@search
        curl 'http://127.0.0.1:8080/api/json/v1/1/search.php?s=Lasagne'
      """
    },
    run: { invocation throws(UsageError) in
      await run(try Options(invocation), console: invocation.console)
    })

  /// Reads the options; the parser has checked their spelling.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try Options(command.parse(arguments, console: .standard))
  }

  /// Runs the server until SIGINT or SIGTERM.
  static func run(_ options: Options, console: Console) async -> ExitCode {
    // First: loading the catalog and waiting for signals make descriptors of their own.
    do {
      try MealServer.checkDescriptorLimit()
    } catch {
      console.errorOutput("error: \(error)")
      return .badInput
    }
    let catalog: Catalog
    let name: String
    do {
      if let directory = options.catalog {
        catalog = try Catalog(directory: URL(fileURLWithPath: directory))
        name = directory
      } else {
        catalog = try Catalog.embedded()
        name = "the embedded catalog"
      }
    } catch {
      console.errorOutput("error: the catalog cannot be loaded: \(error)")
      return .badInput
    }
    var configuration = MealServer.Configuration()
    if options.quiet { configuration.log = nil }
    configuration.maxConnections = options.maxConnections
    let server = MealServer(catalog: catalog, faults: options.faults, configuration: configuration)
    // Ignored before the server starts, so that a signal in between cannot kill the process.
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    let port: UInt16
    do {
      port = try server.start(port: options.port)
    } catch {
      signals.cancel()
      console.errorOutput("error: \(error)")
      return .failure
    }
    let counts = "\(catalog.categories.count) categories, \(catalog.records.count) meals"
    var banner = "Serving \(name) (\(counts)) on http://127.0.0.1:\(port)\(MealServer.apiPath)\n"
    for fault in options.faults.summary { banner += "Fault: \(fault)\n" }
    FileHandle.standardOutput.write(Data(banner.utf8))
    let signal = await signals.next() ?? SIGTERM
    await server.stop()
    signals.cancel()
    if !options.quiet {
      let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
      console.errorOutput("Stopped on \(name).")
    }
    return .success
  }
}

extension ServeCommand.Options {
  /// The options of a parsed `serve` command line.
  init(_ invocation: Invocation) throws(UsageError) {
    self.init()
    if let port = try invocation.value(
      "--port",
      { text throws(UsageError) in
        try OptionValue.integer(text, option: "--port", in: 0...65535, what: "a port")
      })
    {
      self.port = UInt16(port)
    }
    catalog = invocation.value("--catalog")
    if let text = invocation.value("--delay") {
      let (value, endpoint) = try OptionValue.scoped(text, option: "--delay")
      faults.delay = try OptionValue.duration(value, option: "--delay")
      faults.delayEndpoint = endpoint
    }
    if let text = invocation.value("--status") {
      let (value, endpoint) = try OptionValue.scoped(text, option: "--status")
      faults.status = try OptionValue.integer(
        value, option: "--status", in: 400...599, what: "an HTTP error status")
      faults.statusEndpoint = endpoint
    }
    if invocation.flag("--broken-data") {
      faults.brokenData = true
      faults.brokenDataEndpoint = try invocation.value(
        "--broken-data",
        { text throws(UsageError) in try OptionValue.endpoint(text, option: "--broken-data") })
    }
    if let count = try invocation.value(
      "--max-connections",
      { text throws(UsageError) in
        try OptionValue.integer(
          text, option: "--max-connections", in: 1...65536, what: "a number of connections")
      })
    {
      maxConnections = count
    }
    quiet = invocation.flag("--quiet")
  }
}
