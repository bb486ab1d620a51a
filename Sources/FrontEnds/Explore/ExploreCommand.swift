import CommandLineKit
import FileSafety
import Foundation
import MealCatalog
import Spelling

/// `rezepte explore`: parses its options, explores the real app, prints the report and writes a
/// scenario file for every broken rule.
@MainActor
public enum ExploreCommand {
  /// The options of `explore`, parsed.
  public struct Options: CommandOptions {
    @Option(
      "--seed", "N",
      help: "The seed of every session (default 1); the same seed gives the same sessions, "
        + "report and files.",
      read: { text throws(UsageError) in
        guard let seed = UInt64(text) else {
          throw UsageError("needs a whole number from 0 to 2^64−1, not '\(text)'")
        }
        return seed
      })
    public var seed = ExploreOptions().seed
    @Option("--sessions", "N", help: "How many sessions (default 200).", in: 1...1_000_000)
    public var sessions = ExploreOptions().sessions
    @Option(
      "--steps", "N",
      help: "The most steps a session takes (default 40, at most 20000); shrinking a finding "
        + "stops after about a minute and says so.", in: 1...maximumSteps)
    public var steps = ExploreOptions().steps
    @Option(.catalog(help: "Explores against this catalog instead of the embedded one."))
    public var catalog: String? = nil
    /// Checked when the command line is read, not when a finding is written: a file there would
    /// pass a clean run.
    @Option(
      .outputFolder(
        help: "Where the scenario files go (default: explore-seed-N, made when a rule breaks)."))
    public var out: String? = nil
    @Flag(.timing(help: "Also prints the wall time and steps per second."))
    public var timing: Bool
    /// How many processes share the sessions; `nil` for `defaultJobs`.
    @Option(
      .jobs(
        help: "How many processes share the sessions, this one and N − 1 workers (default: one "
          + "per processor, at most 8 and one per 25 sessions); the report is the same for any N."
      ))
    public var jobs: Int? = nil
    @Option(
      .shard(
        help: "Runs only every Nth session from the Kth and prints their tally (steps, first "
          + "session breaking each rule): what each worker of \(Options().$jobs) does."))
    public var shard: Shard? = nil

    public init() {}

    /// The exploration the command line asks for.
    public var explore: ExploreOptions {
      ExploreOptions(seed: seed, sessions: sessions, steps: steps)
    }

    public func validate() throws(UsageError) {
      if shard != nil, out != nil || jobs != nil || timing {
        throw UsageError("\($shard) prints a tally; it takes no \($out), \($jobs) or \($timing)")
      }
    }

    /// The words after `rezepte` that explore as `explore` does: the options a worker, a
    /// finding's comment or the bench repeats, which `init(_:)` reads back to the same
    /// exploration.
    public static func words(
      _ explore: ExploreOptions, catalog: String?, shard: Shard? = nil
    ) -> [String] {
      let options = Options()
      return ["explore"] + options.$seed.words(explore.seed)
        + options.$sessions.words(explore.sessions) + options.$steps.words(explore.steps)
        + (shard.map(options.$shard.words) ?? []) + (catalog.map(options.$catalog.words) ?? [])
    }

    /// The processes an exploration of `sessions` sessions runs in without `--jobs`: one per
    /// processor, at most 8 and one per 25 sessions (a session takes about a millisecond, a
    /// worker's start a dozen); one means no worker, the sessions run in this process.
    public static func defaultJobs(sessions: Int) -> Int {
      max(1, min(ProcessInfo.processInfo.activeProcessorCount, sessions / 25, 8))
    }

    /// The longest session: a few dozen replays of it fill `Explorer.shrinkingBudget`.
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
        or a worker of \(Options().$jobs) that failed, 128 + N when signal N (SIGINT, SIGTERM, SIGHUP) \
        ended it and its workers.
        """,
      options: Options.self,
      run: { options, invocation in
        await run(options, workers: workers, console: invocation.console)
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
      let seconds = elapsed / .seconds(1)
      let rate = seconds > 0 ? Int(Double(result.steps) / seconds) : 0
      console.output(
        "wall time \(DurationText.measured(elapsed)) (shrinking included): \(rate) steps/s")
    }
    return result.findings.isEmpty ? .success : .failure
  }
}
