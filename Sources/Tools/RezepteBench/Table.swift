import Foundation
import MealDB

/// One line of the table: a job, its figures, and the goal it is held to.
struct Row {
  var benchmark: String
  var wall: String
  var cpu: String = ""
  var derived: String = ""
  var goal: String = ""

  /// `goal: met` or `goal: **missed**`.
  static func verdict(_ goal: String, _ met: Bool) -> String {
    "\(goal): " + (met ? "met" : "**missed**")
  }
}

/// The Markdown table with the machine above it.
enum Table {
  static func lines(_ rows: [Row], runs: Int) -> [String] {
    [
      "Machine: \(processor), nproc \(ProcessInfo.processInfo.activeProcessorCount); "
        + ProcessInfo.processInfo.operatingSystemVersionString,
      "Build: " + build + ". Each figure is the median of \(runs) timed runs after an untimed "
        + "one; the commands of a row are run in turn in the same rounds.",
      "",
      "| Job | Wall | Processor | Derived | Goal |",
      "|---|--:|--:|---|---|",
    ] + rows.map { "| \($0.benchmark) | \($0.wall) | \($0.cpu) | \($0.derived) | \($0.goal) |" }
  }

  static var build: String {
    #if DEBUG
      "debug: the figures mean nothing, build with -c release"
    #else
      "release"
    #endif
  }

  /// The processor's model name from `/proc/cpuinfo`.
  static var processor: String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":").last?.trimmed(.whitespaces) ?? "unknown"
  }
}

/// Numbers as the table writes them, without locale surprises.
enum Format {
  /// `412 µs`, `3.27 ms`, `1.2 s`: three significant digits in a readable unit.
  static func duration(_ duration: Duration) -> String {
    let seconds = duration.seconds
    if seconds >= 1 { return significant(seconds) + " s" }
    if seconds >= 1e-3 { return significant(seconds * 1e3) + " ms" }
    return significant(seconds * 1e6) + " µs"
  }

  /// Three significant digits, trailing zeros dropped: `412`, `41.2`, `4.1`.
  static func significant(_ value: Double) -> String {
    var text = String(format: "%.\(value >= 100 ? 0 : value >= 10 ? 1 : 2)f", value)
    while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `1,204,330`.
  static func grouped(_ value: Int) -> String {
    value.formatted(.number.locale(Locale(identifier: "en_US")))
  }

  /// `3.4×`.
  static func ratio(_ value: Double) -> String {
    String(format: "%.2f×", value)
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
