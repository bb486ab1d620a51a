/// The one reader of durations a user writes, on the command line (`serve --delay 2s`) and in
/// scenario files (`wait 400ms`): a decimal number, then `ms` or `s`, from 0s to 1 hour.
///
/// Only plain decimals are read (`400ms`, `1s`, `1.5s`, `0.25ms`): no sign, exponent, hex,
/// `nan` or `inf`. The arithmetic is exact integer nanoseconds, checked for overflow, so no
/// spelling can crash; anything longer than an hour is refused with a sentence.
public enum DurationText {
  /// The duration `text` spells.
  ///
  /// - Throws: `DurationError` saying why `text` is not a duration of at most an hour.
  public static func parse(_ text: String) throws(DurationError) -> Duration {
    let isMilliseconds = text.hasSuffix("ms")
    guard isMilliseconds || text.hasSuffix("s") else {
      throw DurationError(text: text, reason: .malformed)
    }
    let unitNanoseconds: Int64 = isMilliseconds ? 1_000_000 : 1_000_000_000
    let parts = text.dropLast(isMilliseconds ? 2 : 1)
      .split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { throw DurationError(text: text, reason: .malformed) }
    let tooLong = DurationError(text: text, reason: .tooLong)
    var nanoseconds: Int64 = 0
    for digit in parts[0] {
      let (shifted, overflow1) = nanoseconds.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = shifted.addingReportingOverflow(
        Int64(digit.wholeNumberValue!) * unitNanoseconds)
      guard !overflow1, !overflow2 else { throw tooLong }
      nanoseconds = sum
    }
    if parts.count == 2 {
      var scale = unitNanoseconds
      for digit in parts[1] {
        scale /= 10
        // Digits finer than a nanosecond cannot be represented: refuse rather than round.
        guard scale > 0 || digit == "0" else {
          throw DurationError(text: text, reason: .tooPrecise)
        }
        nanoseconds += Int64(digit.wholeNumberValue!) * scale
      }
    }
    let duration = Duration.nanoseconds(nanoseconds)
    guard duration <= .seconds(3600) else { throw tooLong }
    return duration
  }

  /// The duration as a user writes it, and as `parse` reads it back exactly: `0s`, `400ms`, `2s`,
  /// `1.5s`, and anything finer with the decimals it needs (`0.25ms`, `1.000000001s`).
  public static func format(_ duration: Duration) -> String {
    if duration == .zero { return "0s" }
    let (seconds, attoseconds) = duration.components
    let nanoseconds = attoseconds / 1_000_000_000
    if nanoseconds % 1_000_000 == 0 {
      let milliseconds = seconds * 1000 + nanoseconds / 1_000_000
      if milliseconds < 1000 { return "\(milliseconds)ms" }
      return decimal(milliseconds / 1000, fraction: milliseconds % 1000, digits: 3) + "s"
    }
    if seconds == 0 {
      return decimal(nanoseconds / 1_000_000, fraction: nanoseconds % 1_000_000, digits: 6) + "ms"
    }
    return decimal(seconds, fraction: nanoseconds, digits: 9) + "s"
  }

  /// A time measured on the machine's clock, rounded down to what a reader takes in (0.1 ms
  /// below 10 ms, 1 ms below a second, 10 ms beyond) and spelled as `format(_:)` spells it:
  /// `0.4ms`, `12ms`, `1.25s`.
  public static func measured(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    let step: Int64 = microseconds < 10_000 ? 100 : microseconds < 1_000_000 ? 1000 : 10_000
    return format(.microseconds(microseconds / step * step))
  }

  /// `whole.fraction`, the fraction written with `digits` places and its trailing zeros dropped.
  private static func decimal(_ whole: Int64, fraction: Int64, digits: Int) -> String {
    guard fraction != 0 else { return String(whole) }
    var decimals = String(fraction)
    decimals = String(repeating: "0", count: digits - decimals.count) + decimals
    while decimals.hasSuffix("0") { decimals.removeLast() }
    return "\(whole).\(decimals)"
  }
}

/// Why a text is not an acceptable duration; `description` is one sentence for the user.
public struct DurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with the text.
  public enum Reason: Equatable, Sendable {
    /// Not a decimal number followed by `ms` or `s`.
    case malformed
    /// Finer than a nanosecond.
    case tooPrecise
    /// A number, but longer than an hour.
    case tooLong
  }

  /// The text as written.
  public let text: String
  public let reason: Reason

  public init(text: String, reason: Reason) {
    self.text = text
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .malformed:
      "'\(text)' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
    case .tooPrecise:
      "'\(text)' is finer than a nanosecond"
    case .tooLong:
      "'\(text)' is outside the allowed range of 0s to 1 hour"
    }
  }
}
