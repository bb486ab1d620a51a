// The options several commands take, each declared here once; a command gives its own help.
// `--base-url`, `--out` and `--shard` sit beside the readers of their values.

extension Option where Value == String {
  /// `--catalog DIR`: a catalog folder, read by the catalog's loader when the command runs; an
  /// empty name is refused, as `--out`'s is, rather than taken for the current folder.
  public static func catalog(help: @autoclosure @escaping @Sendable () -> String) -> Option {
    Option("--catalog", "DIR", help: help()) { text throws(UsageError) in
      guard !text.isEmpty else { throw UsageError("needs a folder, not an empty name") }
      return text
    }
  }
}

extension Option where Value == Int {
  /// The most scenarios `run --jobs` replays at once, and the most workers `explore --jobs`
  /// starts.
  public static var maximumJobs: Int { 64 }

  /// `--jobs N`: how many at once, from 1 to `maximumJobs`.
  public static func jobs(help: @autoclosure @escaping @Sendable () -> String) -> Option {
    Option("--jobs", "N", help: help()) { text throws(UsageError) in
      try integer(text, in: 1...maximumJobs, what: "a number")
    }
  }
}

extension Flag {
  /// `--live`: the real TheMealDB instead of a catalog (`run`, `play`).
  public static var live: Flag { Flag("--live", help: "Sends the requests to the real TheMealDB.") }

  /// `--timing`: wall times besides the output that stays the same on every run.
  public static func timing(help: @autoclosure @escaping @Sendable () -> String) -> Flag {
    Flag("--timing", help: help())
  }
}
