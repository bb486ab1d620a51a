import CommandLineKit
import Foundation
import MealCatalog
import Spelling

/// `rezepte serve`: serves a catalog over HTTP until SIGINT or SIGTERM.
public enum ServeCommand {
  public struct Options: CommandOptions {
    @Option(
      "--port", "N",
      help: "Port on 127.0.0.1 (default 8080; 0 picks a free one, printed on start).",
      in: 0...65535, what: "a port")
    public var port = 8080
    /// A catalog directory; `nil` for the embedded catalog.
    @Option(
      .catalog(
        help: "A directory with categories.json and meals.json, as written by `rezepte capture` "
          + "(default: the embedded catalog)."))
    public var catalog: String? = nil
    @Option(
      "--delay", "DURATION[@ENDPOINT]",
      help: "Waits before every answer (or those of one endpoint): 250ms, 2s, 1.5s; "
        + "from 0s to 1 hour.",
      read: { text throws(UsageError) in
        let (value, endpoint) = try Options.scoped(text)
        do {
          return Faults.Scoped(try DurationText.parse(value), for: endpoint)
        } catch {
          throw UsageError("\(error)")
        }
      })
    public var delay: Faults.Scoped<Duration>? = nil
    @Option(
      statusName, "CODE[@ENDPOINT]",
      help: "Answers every request (or those of one endpoint) with this HTTP status, 400-599: "
        + "\(statusName) 500@lookup.",
      read: { text throws(UsageError) in
        let (value, endpoint) = try Options.scoped(text)
        return Faults.Scoped(
          try Option<Int>.integer(value, in: 400...599, what: "an HTTP error status"),
          for: endpoint)
      })
    public var status: Faults.Scoped<Int>? = nil
    @Option(
      brokenDataName, optional: "ENDPOINT",
      help: "Answers 200 OK with a body that is not JSON: \(brokenDataName)=filter.",
      read: { text throws(UsageError) in Faults.Scoped(true, for: try text.map(Options.endpoint)) })
    public var brokenData: Faults.Scoped<Bool>? = nil
    @Option(
      "--max-connections", "N",
      help: "The most connections served at once; more are refused (default 256).",
      in: 1...65536, what: "a number of connections")
    public var maxConnections = 256
    @Flag("--quiet", help: "Does not log one line per request to stderr.")
    public var quiet: Bool

    // The names of the options whose help shows them in an example.
    private static let statusName = "--status"
    private static let brokenDataName = "--broken-data"

    public init() {}

    public var faults: Faults { Faults(delay: delay, status: status, brokenData: brokenData) }

    /// `search` or `search.php`: one of the catalog's endpoints, spelled as everywhere else.
    private static func endpoint(_ text: String) throws(UsageError) -> String {
      guard let name = Catalog.endpoint(named: text) else {
        var message = "names the unknown endpoint '\(text)'"
        if let match = Suggestion.closestEndpoint(to: text, in: Catalog.endpoints) {
          message += "; did you mean '\(match)'?"
        } else {
          message += "; the endpoints are \(Catalog.endpoints.joined(separator: ", "))"
        }
        throw UsageError(message)
      }
      return name
    }

    /// `VALUE` or `VALUE@endpoint`.
    private static func scoped(
      _ text: String
    ) throws(UsageError) -> (value: String, endpoint: String?) {
      guard let at = text.lastIndex(of: "@") else { return (text, nil) }
      return (String(text[..<at]), try endpoint(String(text[text.index(after: at)...])))
    }
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
    options: Options.self,
    epilogue: {
      """
      Example:
        rezepte serve \(Options().$port) 0 \(Options().$delay) 3s@search
        curl 'http://127.0.0.1:8080/api/json/v1/1/search.php?s=Lasagne'
      """
    },
    run: { options, invocation in await run(options, console: invocation.console) })

  static func run(_ options: Options, console: Console) async -> ExitCode {
    let catalog: Catalog
    do {
      // First: loading the catalog and waiting for signals make descriptors of their own.
      try MealServer.checkDescriptorLimit()
    } catch {
      console.error("\(error)")
      return .badInput
    }
    do {
      catalog = try Catalog.load(directory: options.catalog)
    } catch {
      console.error("the catalog cannot be loaded: \(error)")
      return .badInput
    }
    var configuration = MealServer.Configuration()
    if options.quiet { configuration.log = nil }
    configuration.maxConnections = options.maxConnections
    let server = MealServer(catalog: catalog, faults: options.faults, configuration: configuration)
    // Until here a signal ends the process (there is nothing to stop); from here it stops the
    // server, even one that comes before the server listens.
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    let port: UInt16
    do {
      port = try server.start(port: UInt16(options.port))
    } catch {
      console.error("\(error)")
      return .failure
    }
    let name = Quoting.visible(options.catalog ?? "the embedded catalog")
    let counts = "\(catalog.categories.count) categories, \(catalog.records.count) meals"
    let faults = options.faults.summary.map { "\nFault: \($0)" }.joined()
    console.output(
      "Serving \(name) (\(counts)) on http://127.0.0.1:\(port)\(MealServer.apiPath)\(faults)")
    let signal = await signals.received.first { _ in true }
    await server.stop()
    if !options.quiet {
      console.errorOutput("Stopped on \(signal == SIGINT ? "SIGINT" : "SIGTERM").")
    }
    return .success
  }
}
