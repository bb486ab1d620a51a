import CommandLineKit
import Foundation

/// The options of `rezepte run` and `rezepte show`: each declared once, and read from a parsed
/// command line (`run`'s into `RunOptions`).
public enum CommandLineOptions {
  /// `--catalog DIR` of `run`, `show` and `storyboard`.
  public static let catalog: Option<String> = .catalog(
    help: "Uses the catalog in DIR instead of the embedded one.")

  /// `--full` of `show`.
  public static let full = Flag(
    "--full", help: "Prints the whole screen after every step instead of what changed.")

  /// The options of `run`.
  public struct RunOptions: Equatable, Sendable {
    public static let record = Flag(
      "--record",
      help: "Writes the actual screen into every `expect screen` block that differs; a run that "
        + "wrote one exits with 1.")
    public static let filter = Option<String>(
      "--filter", "TEXT", help: "Runs only the scenarios whose file name or title contains TEXT.")
    public static let baseURL: Option<URL> = .baseURL(
      help: "Sends the requests over HTTP to a TheMealDB-compatible server, such as "
        + "http://127.0.0.1:8080/api/json/v1/1/ (`rezepte serve`).")
    public static let live = Flag.live
    public static let timing = Flag.timing(
      help: "Adds the wall time each scenario took to its line.")
    public static let shard: Option<Shard> = .shard(
      help: "Runs only share K of N (1 ≤ K ≤ N): every file lands in the same share on every "
        + "machine, so N CI jobs with K = 1…N together run each file once.")
    public static let list = Flag(
      "--list", help: "Prints the files that would run (after \(shard) and \(filter)).")
    public static let jobs: Option<Int> = .jobs(
      help: "Replays up to N scenarios at once (1-\(Option<Int>.maximumJobs), default 1); the "
        + "report stays in file order, the same bytes as with 1. This overlaps waiting for a "
        + "server (\(baseURL), \(live)); offline replays take turns on one thread.")

    /// Every option of `run`, in the order its help lists them.
    static let all: [any CommandOption] = [
      record, CommandLineOptions.catalog, filter, baseURL, live, timing, shard, list, jobs,
    ]

    /// Files and folders; `Scenarios` when none are given.
    public var paths: [String] = ["Scenarios"]
    public var record = false
    public var catalog: String?
    public var filter: String?
    /// An http or https URL with a host.
    public var baseURL: URL?
    public var live = false
    /// `--timing`: each report line also gives the wall time the scenario took.
    public var timing = false
    /// `--shard K/N`: only the files of this share.
    public var shard: Shard?
    /// `--list`: print the files that would run instead of running them.
    public var list = false
    /// `--jobs N`: how many scenarios replay at once.
    public var jobs = 1

    public init() {}

    /// The options of a parsed `run` command line.
    public init(_ invocation: Invocation) throws(UsageError) {
      if !invocation.arguments.isEmpty { paths = invocation.arguments }
      record = invocation[Self.record]
      catalog = invocation[CommandLineOptions.catalog]
      filter = invocation[Self.filter]
      baseURL = invocation[Self.baseURL]
      live = invocation[Self.live]
      timing = invocation[Self.timing]
      shard = invocation[Self.shard]
      list = invocation[Self.list]
      jobs = invocation[Self.jobs] ?? 1
      if live, baseURL != nil {
        throw UsageError("\(Self.live) and \(Self.baseURL) exclude each other; choose one server")
      }
      if record, live {
        throw UsageError(
          "\(Self.record) cannot be combined with \(Self.live), whose answers change")
      }
    }
  }
}
