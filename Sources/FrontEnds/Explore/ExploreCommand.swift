import CommandLineKit
import FileSafety
import Foundation
import MealCatalog
import Scenarios
import Spelling
import ViewDescription

/// `rezepte explore`: parses its options, explores the real app, prints the report and writes a
/// scenario file for every broken rule.
@MainActor
public enum ExploreCommand {
  /// The options of `explore`, parsed.
  public struct Options: Equatable, Sendable {
    public static let seed = Option(
      "--seed", "N",
      help: "The seed of every session (default 1); the same seed gives the same sessions, "
        + "report and files."
    ) { text throws(UsageError) in
      guard let seed = UInt64(text) else {
        throw UsageError("needs a whole number from 0 to 2^64−1, not '\(text)'")
      }
      return seed
    }
    public static let sessions = Option(
      "--sessions", "N", help: "How many sessions (default 200).", in: 1...1_000_000)
    public static let steps = Option(
      "--steps", "N",
      help: "The most steps a session takes (default 40, at most 20000); shrinking a finding "
        + "stops after about a minute and says so.", in: 1...maximumSteps)
    public static let catalog: Option<String> = .catalog(
      help: "Explores against this catalog instead of the embedded one.")
    /// Checked when the command line is read, not when a finding is written: a file there would
    /// pass a clean run.
    public static let out: Option<String> = .outputFolder(
      help: "Where the scenario files go (default: explore-seed-N, made when a rule breaks).")
    public static let timing = Flag.timing(help: "Also prints the wall time and steps per second.")
    public static let jobs: Option<Int> = .jobs(
      help: "How many processes share the sessions, this one and N − 1 workers (default: one "
        + "per processor, at most 8 and one per 25 sessions); the report is the same for any N.")
    public static let shard: Option<Shard> = .shard(
      help: "Runs only every Nth session from the Kth and prints their tally (steps, first "
        + "session breaking each rule): what each worker of \(jobs) does.")

    public var explore = ExploreOptions()
    public var catalog: String?
    /// Where the scenario files go; `nil` for a folder named after the seed
    /// (`explore-seed-7`), made only when a rule broke.
    public var out: String?
    /// `--timing`: also print the wall time and the steps per second (not byte-identical).
    public var timing = false
    /// `--jobs N`: how many processes share the sessions, this one and N − 1 workers; `nil` for
    /// the default (`defaultJobs`).
    public var jobs: Int?
    /// `--shard K/N`: run only that shard of the sessions and print its tally (what each
    /// worker does).
    public var shard: Shard?

    public init() {}

    /// The options of one invocation; the parser has checked their spelling.
    init(_ invocation: Invocation) throws(UsageError) {
      explore.seed = invocation[Self.seed] ?? explore.seed
      explore.sessions = invocation[Self.sessions] ?? explore.sessions
      explore.steps = invocation[Self.steps] ?? explore.steps
      catalog = invocation[Self.catalog]
      out = invocation[Self.out]
      timing = invocation[Self.timing]
      jobs = invocation[Self.jobs]
      shard = invocation[Self.shard]
      if shard != nil, out != nil || jobs != nil || timing {
        throw UsageError(
          "\(Self.shard) prints a tally; it takes no \(Self.out), \(Self.jobs) or \(Self.timing)")
      }
    }

    /// The words after `rezepte` that explore as `explore` does: the options a worker, a
    /// finding's comment or the bench repeats, which `init(_:)` reads back to the same
    /// exploration.
    public static func words(
      _ explore: ExploreOptions, catalog: String?, shard: Shard? = nil
    ) -> [String] {
      ["explore"] + seed.words(explore.seed) + sessions.words(explore.sessions)
        + steps.words(explore.steps) + (shard.map(Self.shard.words) ?? [])
        + (catalog.map(Self.catalog.words) ?? [])
    }

    /// The processes an exploration of `sessions` sessions runs in without `--jobs`: one per
    /// processor, at most 8 and one per 25 sessions (a session takes about a millisecond, a
    /// worker's start a dozen); one means no worker, the sessions run in this process.
    public static func defaultJobs(sessions: Int) -> Int {
      max(1, min(ProcessInfo.processInfo.activeProcessorCount, sessions / 25, 8))
    }

    /// The longest session. Its finding is replayed at most `Explorer.shrinkingBudget` steps
    /// while it is shrunk, a few dozen replays of a session this long, so that shrinking takes
    /// about a minute, not hours; the report says when it stopped there.
    public static let maximumSteps = 20_000

  }

  /// The declaration of `rezepte explore`: its options, help and run.
  ///
  /// - Parameter workers: the executable that `--jobs` starts as workers (`rezepte` itself,
  ///   with `explore --shard K/N`); `nil` runs every session in this process.
  nonisolated public static func command(workers: String?) -> Command {
    Command(
      name: "explore",
      summary: "Explores random user sessions against the app's rules, on the virtual clock.",
      discussion: """
        Each session launches the app and then, step by step, does one of the things the screen \
        offers (type, clear search, focus search, pick a suggestion or a category, pull to \
        refresh, tap the dice, open a row or tile, back, toggle the heart, retry, dismiss the \
        notice, follow a link) or waits, changes the network (faults and delays, per endpoint) or \
        relaunches. The rules are checked after every step; a session that breaks one is shrunk \
        to a smallest one that still breaks it and written as a scenario file that `rezepte run` \
        fails on.
        Exit status: 0 when every rule held, 1 when one broke (files written), 2 for bad input \
        or a worker of \(Options.jobs) that failed, 128 + N when signal N (SIGINT, SIGTERM, SIGHUP) \
        ended it and its workers.
        """,
      options: [
        Options.seed, Options.sessions, Options.steps, Options.catalog, Options.out,
        Options.timing, Options.jobs, Options.shard,
      ],
      run: { invocation throws(UsageError) in
        await run(try Options(invocation), workers: workers, console: invocation.console)
      })
  }

  /// Explores with parsed options: the report on standard output, the scenario files of the
  /// broken rules, and the exit status.
  static func run(_ options: Options, workers: String?, console: Console) async -> ExitCode {
    let explore = options.explore
    let started = ContinuousClock.now
    let result: ExploreResult
    do {
      let explorer = Explorer(
        setup: ExploreSetup(catalog: try Catalog.load(directory: options.catalog)))
      if let shard = options.shard {
        for line in await explorer.tally(explore, shard: shard).lines { console.output(line) }
        return .success
      }
      let jobs = min(
        options.jobs ?? Options.defaultJobs(sessions: explore.sessions), explore.sessions)
      let tally =
        if jobs > 1, let workers {
          try await ExploreWorkers(executable: workers, options: options)
            .tally(jobs: jobs, here: explorer)
        } else {
          await explorer.tally(explore)
        }
      result = try await explorer.report(explore, tally: tally)
    } catch {
      console.error("\(error)")
      return .badInput
    }
    let elapsed = ContinuousClock.now - started
    var files: [Rule: String] = [:]
    let out = options.out ?? "explore-seed-\(explore.seed)"
    do {
      for finding in result.findings {
        let path = (out as NSString).appendingPathComponent(
          ExploreReport.fileName(finding, seed: explore.seed))
        let text = ExploreReport.scenario(finding, options: explore, catalog: options.catalog)
        try AtomicFile.write(Data(text.utf8), to: path, createFolders: true)
        files[finding.rule] = path
      }
    } catch {
      console.error("cannot write the scenario files to \(out): \(error)")
      return .badInput
    }
    // A finding's message quotes names from the catalog: their control characters are shown.
    for line in ExploreReport.lines(result, files: files) { console.output(Quoting.visible(line)) }
    if options.timing {
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let rate = seconds > 0 ? Int(Double(result.steps) / seconds) : 0
      console.output(
        "wall time \(DurationText.measured(elapsed)) (shrinking included): \(rate) steps/s")
    }
    return result.findings.isEmpty ? .success : .failure
  }
}
