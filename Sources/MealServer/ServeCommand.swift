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

    public init() {}
  }

  public static let help = """
    USAGE: rezepte serve [--port N] [--catalog DIR] [--delay DURATION[@ENDPOINT]]
                         [--status CODE[@ENDPOINT]] [--broken-data[=ENDPOINT]] [--quiet]

    Serves a catalog like TheMealDB on http://127.0.0.1:<port>/api/json/v1/1/ until Ctrl-C
    (SIGINT) or SIGTERM. Endpoints: categories.php, filter.php, search.php, lookup.php,
    random.php, list.php.

    OPTIONS:
      --port N                  Port on 127.0.0.1 (default 8080; 0 picks a free one, printed
                                on start).
      --catalog DIR             A directory with categories.json and meals.json, as written by
                                `rezepte capture` (default: the embedded catalog).
      --delay DURATION          Wait before every answer: 250ms, 2s, 1.5s.
      --status CODE             Answer every request with this HTTP status (400-599).
      --broken-data             Answer 200 OK with a body that is not JSON.
      --quiet                   Do not log one line per request to stderr.
      -h, --help                Show this help.

      Each fault applies to one endpoint only when it is named after it: --delay 2s@search.php,
      --status 500@lookup (".php" may be left out), --broken-data=filter.php.

    EXAMPLE:
      rezepte serve --port 0 --delay 3s@search.php
      curl 'http://127.0.0.1:8080/api/json/v1/1/search.php?s=Lasagne'
    """

  /// Reads the options; `--help` is handled by `run`.
  public static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var reader = ArgumentReader(arguments)
    while let (name, inline) = try reader.next() {
      switch name {
      case "--port":
        let text = try reader.value(of: name, inline: inline)
        guard let port = UInt16(text) else {
          throw UsageError("--port takes a number from 0 to 65535, not \"\(text)\".")
        }
        options.port = port
      case "--catalog":
        options.catalog = try reader.value(of: name, inline: inline)
      case "--delay":
        let (text, endpoint) = try OptionValue.scoped(
          reader.value(of: name, inline: inline), option: name)
        options.faults.delay = try OptionValue.duration(text, option: name)
        options.faults.delayEndpoint = endpoint
      case "--status":
        let (text, endpoint) = try OptionValue.scoped(
          reader.value(of: name, inline: inline), option: name)
        guard let status = Int(text), (400...599).contains(status) else {
          throw UsageError("--status takes an HTTP error status from 400 to 599, not \"\(text)\".")
        }
        options.faults.status = status
        options.faults.statusEndpoint = endpoint
      case "--broken-data":
        options.faults.brokenData = true
        options.faults.brokenDataEndpoint = try inline.map {
          try OptionValue.endpoint($0, option: name)
        }
      case "--quiet":
        guard inline == nil else { throw UsageError("--quiet takes no value.") }
        options.quiet = true
      default:
        throw UsageError("unknown option \(name) for serve.")
      }
    }
    return options
  }

  /// Runs the command: 0 after a clean stop, 1 when the server cannot start, 2 for bad input.
  public static func run(arguments: [String]) async -> Int32 {
    let options: Options
    switch commandOptions(arguments, help: help, parse: parse) {
    case .run(let parsed): options = parsed
    case .exit(let status): return status
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
      printError("the catalog cannot be loaded: \(error).", help: nil)
      return 2
    }
    var configuration = MealServer.Configuration()
    if options.quiet { configuration.log = nil }
    let server = MealServer(catalog: catalog, faults: options.faults, configuration: configuration)
    // Ignored before the server starts, so that a signal in between cannot kill the process.
    let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
    let port: UInt16
    do {
      port = try server.start(port: options.port)
    } catch {
      signals.cancel()
      printError("\(error).", help: nil)
      return 1
    }
    let counts = "\(catalog.categories.count) categories, \(catalog.records.count) meals"
    var banner = "Serving \(name) (\(counts)) on http://127.0.0.1:\(port)\(MealServer.apiPath)\n"
    for fault in options.faults.summary { banner += "Fault: \(fault)\n" }
    FileHandle.standardOutput.write(Data(banner.utf8))
    let signal = await signals.next()
    server.stop()
    signals.cancel()
    if !options.quiet {
      let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
      FileHandle.standardError.write(Data("Stopped on \(name).\n".utf8))
    }
    return 0
  }

}

/// What to do after reading a command's arguments.
enum CommandStart<Options> {
  /// Run with these options.
  case run(Options)
  /// Exit at once with this status: 0 after `--help`, 2 after bad input.
  case exit(Int32)
}

/// The start every command shares: `--help` prints the help; arguments that do not parse print
/// `error:` with the sentence and the help.
func commandOptions<Options>(
  _ arguments: [String], help: String, parse: ([String]) throws -> Options
) -> CommandStart<Options> {
  if arguments.contains("--help") || arguments.contains("-h") {
    print(help)
    return .exit(0)
  }
  do {
    return .run(try parse(arguments))
  } catch {
    printError("\(error)", help: help)
    return .exit(2)
  }
}

/// Writes `error: <message>` and, for bad input, the command's usage to standard error.
func printError(_ message: String, help: String?) {
  var text = "error: \(message)\n"
  if let help { text += "\n" + help + "\n" }
  FileHandle.standardError.write(Data(text.utf8))
}

/// Turns SIGINT and SIGTERM into an awaitable event instead of killing the process.
private final class SignalWaiter {
  private let sources: [any DispatchSourceSignal]
  private let stream: AsyncStream<Int32>
  private let signals: [Int32]

  init(signals: [Int32]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    let queue = DispatchQueue(label: "ServeCommand.signals")
    self.stream = stream
    self.signals = signals
    sources = signals.map { number in
      // The default action would end the process before the source sees the signal.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(number) }
      source.activate()
      return source
    }
  }

  /// The next signal received.
  func next() async -> Int32 {
    for await number in stream { return number }
    return SIGTERM
  }

  func cancel() {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }
}
