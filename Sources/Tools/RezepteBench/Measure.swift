/// Wall-time measurement: medians of repeated runs on the machine's monotonic clock.
///
/// Every figure is the median of `runs` timed runs after one untimed warm-up run, so that the
/// first run's page faults and lazy initialisation do not count. Comparisons time both sides in
/// each round, one after the other, so that both see the same state of the machine.
struct Measure {
  /// Timed runs per figure.
  let runs: Int

  private let clock = ContinuousClock()

  /// The median time of one call of `body`; each run calls it `batch` times and divides,
  /// for work too short to time alone.
  func median(batch: Int = 1, _ body: () throws -> Void) rethrows -> Duration {
    try body()
    var times: [Duration] = []
    for _ in 0..<runs {
      let start = clock.now
      for _ in 0..<batch { try body() }
      times.append((clock.now - start) / batch)
    }
    return Self.median(times)
  }

  /// The median time of one call of `body`, for work that awaits.
  func median(_ body: () async throws -> Void) async rethrows -> Duration {
    try await body()
    var times: [Duration] = []
    for _ in 0..<runs {
      let start = clock.now
      try await body()
      times.append(clock.now - start)
    }
    return Self.median(times)
  }

  /// The median times of `first` and `second`, timed alternately in the same rounds.
  func sideBySide(
    batch: Int = 1, _ first: () throws -> Void, _ second: () throws -> Void
  ) rethrows -> (first: Duration, second: Duration) {
    try first()
    try second()
    var firstTimes: [Duration] = []
    var secondTimes: [Duration] = []
    for _ in 0..<runs {
      var start = clock.now
      for _ in 0..<batch { try first() }
      firstTimes.append((clock.now - start) / batch)
      start = clock.now
      for _ in 0..<batch { try second() }
      secondTimes.append((clock.now - start) / batch)
    }
    return (Self.median(firstTimes), Self.median(secondTimes))
  }

  /// The middle value; the mean of the two middle ones for an even count.
  static func median(_ times: [Duration]) -> Duration {
    let sorted = times.sorted()
    guard !sorted.isEmpty else { return .zero }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// `412 µs`, `3.27 ms`, `1.204 s`: three significant digits in a readable unit.
  var formatted: String {
    let value = seconds
    if value >= 1 { return Format.significant(value) + " s" }
    if value >= 1e-3 { return Format.significant(value * 1e3) + " ms" }
    return Format.significant(value * 1e6) + " µs"
  }
}

/// Number formatting for the table, without locale surprises.
enum Format {
  /// `value` with exactly `digits` digits after the point.
  static func number(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let whole = Int(rounded)
    guard digits > 0 else { return grouped(whole) }
    let fraction = Int(((rounded - Double(whole)) * scale).rounded())
    let fractionText = String(fraction)
    return grouped(whole) + "."
      + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
  }

  /// Three significant digits without trailing zeros: `412`, `41.2`, `4.1`, `50`.
  static func significant(_ value: Double) -> String {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var text = number(value, digits: digits)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// `1,204,330`: thousands separated by commas.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// `3.4×`.
  static func ratio(_ value: Double) -> String {
    (value >= 100 ? number(value, digits: 0) : number(value, digits: value >= 10 ? 1 : 2)) + "×"
  }
}
