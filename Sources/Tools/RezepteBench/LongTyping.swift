import Foundation
import MealCatalog
import ReplayCommands
import Scenarios

// MARK: - 7. Typing a long text

/// `type` with a long text of umlauts and emoji: every keystroke sends the search field's text
/// so far, so the work per keystroke must not grow with the text typed before it.
@MainActor
enum LongTypingBenchmark {
  static let lengths = [1_000, 64_000]

  /// Ten characters, none of them ASCII letters only: umlauts, a ß, a space and an emoji.
  static let piece = "Grüße 🍝 äö"

  /// Launches the app and types `length` characters into the search field with one `type`.
  static func once(length: Int, catalog: Catalog) async throws {
    let driver = AppDriver(catalog: catalog, backend: .catalog)
    try await driver.launch()
    let text = String(repeating: piece, count: length / 10)
    try await driver.type(text)
    guard driver.screen()?.first(where: { $0.kind == .searchField })?.text?.count == length else {
      throw BenchmarkFailure("the search field does not hold the \(length) characters typed")
    }
  }

  static func rows(measure: Measure) async throws -> [Report.Row] {
    let catalog = try Catalog.embedded()
    var rows: [Report.Row] = []
    var perKey: [Double] = []
    for length in lengths {
      let time = try await measure.median { try await once(length: length, catalog: catalog) }
      perKey.append(time.seconds / Double(length))
      rows.append(
        Report.Row(
          benchmark: "5 `type` a text of \(Format.grouped(length)) characters",
          median: time.formatted,
          figure: String(format: "%.1f µs per key", time.seconds / Double(length) * 1e6)))
    }
    let growth = perKey[perKey.count - 1] / perKey[0]
    rows[rows.count - 1].goal = Report.verdict(
      "per-key time at 64× the length ≤ 1.5× (linear)", growth <= 1.5)
    return rows
  }
}
