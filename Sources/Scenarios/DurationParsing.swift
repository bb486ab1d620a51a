import CommandLineKit

/// Reading and writing the durations of `wait` and `network delay`: `400ms`, `1s`, `1.5s`.
///
/// Reading goes through `DurationText`, the one reader of durations that the command line uses
/// too: the same spellings, and the same range of 0 … 1 hour, everywhere.
public enum ScenarioDuration {
  /// The durations a scenario accepts.
  public static let range = DurationText.defaultRange

  /// The duration `text` spells, or `nil` when it is not a number followed by `ms` or `s`
  /// within `range`.
  public static func parse(_ text: String) -> Duration? {
    try? DurationText.parse(text, in: range)
  }

  /// The duration `text` spells, or why it is not one, in one sentence.
  public static func read(_ text: String) -> Result<Duration, DurationError> {
    Result { () throws(DurationError) in try DurationText.parse(text, in: range) }
  }

  /// The duration as a scenario would write it: `400ms`, `1s`, `1.5s`.
  public static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
    if milliseconds < 1000 { return "\(milliseconds)ms" }
    var fraction = String(milliseconds % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(milliseconds / 1000).\(fraction)s"
  }
}
