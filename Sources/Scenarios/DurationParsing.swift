/// Reading and writing the durations of `wait` and `network delay`: `400ms`, `1s`, `1.5s`.
public enum ScenarioDuration {
  /// The duration `text` spells, or `nil` when it is not a number followed by `ms` or `s`.
  public static func parse(_ text: String) -> Duration? {
    let unitNanoseconds: Int64
    let number: Substring
    if text.hasSuffix("ms") {
      unitNanoseconds = 1_000_000
      number = text.dropLast(2)
    } else if text.hasSuffix("s") {
      unitNanoseconds = 1_000_000_000
      number = text.dropLast()
    } else {
      return nil
    }
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      parts[0].count <= 9
    else { return nil }
    var nanoseconds = Int64(parts[0])! * unitNanoseconds
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.count <= 9 else { return nil }
      var scale = unitNanoseconds
      for digit in fraction {
        scale /= 10
        nanoseconds += Int64(digit.wholeNumberValue!) * scale
      }
    }
    return .nanoseconds(nanoseconds)
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
