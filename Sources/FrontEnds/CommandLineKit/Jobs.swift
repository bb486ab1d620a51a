extension Invocation {
  /// The most scenarios `run --jobs` replays at once, and the most workers `explore --jobs`
  /// starts.
  public static let maximumJobs = 64

  /// The number `--jobs` takes, from 1 to `maximumJobs`, in `run` and `explore`.
  public static func jobs(_ text: String) throws(UsageError) -> Int {
    guard let count = Int(text), (1...maximumJobs).contains(count) else {
      throw UsageError("--jobs takes a number from 1 to \(maximumJobs), not '\(text)'")
    }
    return count
  }
}
