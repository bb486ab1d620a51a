import Foundation
import MealCatalog

/// `rezepte explore`: parses its options, explores the real app, prints the report and writes a
/// scenario file for every broken rule.
@MainActor
public enum ExploreCommand {
  /// The options of `explore`, parsed.
  public struct Options: Equatable, Sendable {
    public var explore = ExploreOptions()
    public var catalog: String?
    public var out = "."
    /// `--timing`: also print the wall time and the steps per second (not byte-identical).
    public var timing = false

    public init() {}
  }

  public static let usage =
    "usage: rezepte explore [--seed N] [--sessions N] [--steps N] [--catalog DIR] [--out DIR] "
    + "[--timing]"

  public static let help = """
    rezepte explore: random user sessions against the app's rules, on the virtual clock.

    \(usage)

    Each session launches the app and then, step by step, does one of the things the screen
    offers (type, clear search, focus search, pick a suggestion or a category, pull to refresh,
    tap the dice, open a row or tile, back, toggle the heart, retry, dismiss the notice, follow
    a link) or waits, changes the network (faults and delays, per endpoint) or relaunches. The
    rules are checked after every step; a session that breaks one is shrunk to a smallest one
    that still breaks it and written as a scenario file that `rezepte run` fails on.

      --seed N       the seed of every session (default 1); the same seed gives the same
                     sessions, report and files
      --sessions N   how many sessions (default 200)
      --steps N      the most steps a session takes (default 40)
      --catalog DIR  explore against this catalog instead of the embedded one
      --out DIR      where the scenario files go (default: the current folder)
      --timing       also print the wall time and steps per second

    Exit status: 0 when every rule held, 1 when one broke (files written), 2 for bad input.
    """

  /// Parses the arguments after `explore`.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--help", "-h": return nil
      case "--seed":
        let text = try value(of: argument, in: &rest)
        guard let seed = UInt64(text) else {
          throw UsageError("`--seed` needs a whole number from 0 to 2^64−1, not `\(text)`")
        }
        options.explore.seed = seed
      case "--sessions": options.explore.sessions = try count(of: argument, in: &rest)
      case "--steps": options.explore.steps = try count(of: argument, in: &rest)
      case "--catalog": options.catalog = try value(of: argument, in: &rest)
      case "--out": options.out = try value(of: argument, in: &rest)
      case "--timing": options.timing = true
      default:
        throw UsageError(
          argument.hasPrefix("-")
            ? "unknown option `\(argument)` for `explore`"
            : "`explore` takes no files, but `\(argument)` was given")
      }
    }
    return options
  }

  /// Runs `rezepte explore` and returns its exit status.
  public static func run(
    arguments: [String], output: (String) -> Void = { print($0) },
    errorOutput: (String) -> Void
  ) async -> Int32 {
    let options: Options
    do {
      guard let parsed = try parse(arguments) else {
        output(help)
        return 0
      }
      options = parsed
    } catch {
      errorOutput("error: \(error.message)\n\(usage)")
      return 2
    }
    let catalog: Catalog
    do {
      catalog =
        try options.catalog.map { try Catalog(directory: URL(fileURLWithPath: $0)) }
        ?? Catalog.embedded()
    } catch {
      errorOutput("error: \(error)")
      return 2
    }
    let clock = ContinuousClock()
    let started = clock.now
    let result = await Explorer(setup: ExploreSetup(catalog: catalog)).explore(options.explore)
    let elapsed = clock.now - started
    var files: [Rule: String] = [:]
    if !result.findings.isEmpty {
      let folder = URL(fileURLWithPath: options.out)
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for finding in result.findings {
          let url = folder.appendingPathComponent(
            ExploreReport.fileName(finding, seed: options.explore.seed))
          try Data(ExploreReport.scenario(finding, options: options.explore).utf8)
            .write(to: url, options: .atomic)
          files[finding.rule] =
            options.out == "."
            ? url.lastPathComponent
            : (options.out as NSString)
              .appendingPathComponent(url.lastPathComponent)
        }
      } catch {
        errorOutput("error: cannot write the scenario files to \(options.out): \(error)")
        return 2
      }
    }
    for line in ExploreReport.lines(result, files: files) { output(line) }
    if options.timing {
      let seconds =
        Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) / 1e18
      let rate = seconds > 0 ? Int(Double(result.steps) / seconds) : 0
      output("wall time \(Int(seconds * 1000)) ms (shrinking included): \(rate) steps/s")
    }
    return result.findings.isEmpty ? 0 : 1
  }

  /// A command-line mistake, one sentence.
  public struct UsageError: Error, Equatable, Sendable {
    public let message: String

    init(_ message: String) {
      self.message = message
    }
  }

  private static func value(
    of option: String, in rest: inout ArraySlice<String>
  ) throws(UsageError) -> String {
    guard let value = rest.popFirst(), !value.hasPrefix("--") else {
      throw UsageError("`\(option)` needs a value")
    }
    return value
  }

  private static func count(
    of option: String, in rest: inout ArraySlice<String>
  ) throws(UsageError) -> Int {
    let text = try value(of: option, in: &rest)
    guard let count = Int(text), count > 0 else {
      throw UsageError("`\(option)` needs a whole number above 0, not `\(text)`")
    }
    return count
  }
}
