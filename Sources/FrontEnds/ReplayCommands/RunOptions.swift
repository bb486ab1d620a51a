import CommandLineKit
import Foundation

/// What a `rezepte run` command line asks for: each option declared once, and its value read
/// from a parsed command line.
public struct RunOptions: Equatable, Sendable {
  static let record = Flag(
    "--record",
    help: "Writes the actual screen into every `expect screen` block that differs; a run that "
      + "wrote one exits with 1.")
  static let filter = Option<String>(
    "--filter", "TEXT", help: "Runs only the scenarios whose file name or title contains TEXT.")
  static let baseURL: Option<URL> = .baseURL(
    help: "Sends the requests over HTTP to a TheMealDB-compatible server, such as "
      + "http://127.0.0.1:8080/api/json/v1/1/ (`rezepte serve`).")
  static let timing = Flag.timing(help: "Adds the wall time each scenario took to its line.")
  static let shard: Option<Shard> = .shard(
    help: "Runs only share K of N (1 ≤ K ≤ N): every file lands in the same share on every "
      + "machine, so N CI jobs with K = 1…N together run each file once.")
  /// `--list`: prints the files that would run instead of running them.
  public static let list = Flag(
    "--list", help: "Prints the files that would run (after \(shard) and \(filter)).")
  static let jobs: Option<Int> = .jobs(
    help: "Replays up to N scenarios at once (1-\(Option<Int>.maximumJobs), default 1); the "
      + "report stays in file order, the same bytes as with 1. This overlaps waiting for a "
      + "server (\(baseURL), \(Flag.live)); offline replays take turns on one thread.")

  /// Every option of `run`, in the order its help lists them.
  static let all: [any CommandOption] = [
    record, ScenarioCommands.catalog, filter, baseURL, Flag.live, timing, shard, list, jobs,
  ]

  /// Files and folders; `Scenarios` when none are given.
  public var paths = ["Scenarios"]
  public var record = false
  public var catalog: String?
  public var filter: String?
  public var baseURL: URL?
  public var live = false
  public var timing = false
  public var shard: Shard?
  public var list = false
  public var jobs = 1

  public init() {}

  /// The options of a parsed `run` command line.
  init(_ invocation: Invocation) throws(UsageError) {
    if !invocation.arguments.isEmpty { paths = invocation.arguments }
    record = invocation[Self.record]
    catalog = invocation[ScenarioCommands.catalog]
    filter = invocation[Self.filter]
    baseURL = invocation[Self.baseURL]
    live = invocation[Flag.live]
    timing = invocation[Self.timing]
    shard = invocation[Self.shard]
    list = invocation[Self.list]
    jobs = invocation[Self.jobs] ?? 1
    if live, baseURL != nil {
      throw UsageError("\(Flag.live) and \(Self.baseURL) exclude each other; choose one server")
    }
    if record, live {
      throw UsageError("\(Self.record) cannot be combined with \(Flag.live), whose answers change")
    }
  }
}
