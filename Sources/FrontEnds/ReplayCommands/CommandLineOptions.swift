import CommandLineKit
import Foundation
import Scenarios

/// The options of `rezepte run` and `rezepte show`, read from a parsed command line.
public enum CommandLineOptions {
  /// The options of `run`.
  public struct RunOptions: Equatable, Sendable {
    /// Files and folders; `Scenarios` when none are given.
    public var paths: [String] = ["Scenarios"]
    public var record = false
    public var catalog: String?
    public var filter: String?
    /// An http or https URL with a host; checked when the command line is read.
    public var baseURL: String?
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
      record = invocation.flag("--record")
      catalog = invocation.value("--catalog")
      filter = invocation.value("--filter")
      live = invocation.flag("--live")
      timing = invocation.flag("--timing")
      list = invocation.flag("--list")
      if let text = invocation.value("--base-url") {
        baseURL = try BaseURL.parse(text, option: "--base-url").absoluteString
      }
      shard = try invocation.value("--shard") { text throws(UsageError) in try Shard.parse(text) }
      if let text = invocation.value("--jobs") { jobs = try Invocation.jobs(text) }
      if live, baseURL != nil {
        throw UsageError("--live and --base-url exclude each other; choose one server")
      }
      if record, live {
        throw UsageError("--record cannot be combined with --live, whose answers change")
      }
    }
  }

  /// The options of `show`.
  public struct ShowOptions: Equatable, Sendable {
    public var file: String
    public var catalog: String?
    /// `--full`: the whole screen after every step instead of what changed.
    public var full: Bool

    public init(file: String, catalog: String? = nil, full: Bool = false) {
      self.file = file
      self.catalog = catalog
      self.full = full
    }

    /// The options of a parsed `show` command line.
    public init(_ invocation: Invocation) {
      // The parser has made sure there is exactly one file.
      self.init(
        file: invocation.arguments.first ?? "", catalog: invocation.value("--catalog"),
        full: invocation.flag("--full"))
    }
  }
}
