import Explore
import MealCatalog

// MARK: - 8. Explore

/// `rezepte explore` against the real app: random sessions on the virtual clock with the rules
/// checked after every step (no finding, so no shrinking).
@MainActor
enum ExploreBenchmark {
  static let options = ExploreOptions(seed: 1, sessions: 200, steps: 40)

  static func rows(measure: Measure) async throws -> [Report.Row] {
    let explorer = Explorer(setup: ExploreSetup(catalog: try Catalog.embedded()))
    var steps = 0
    var findings = 0
    let wall = await measure.median {
      let result = await explorer.explore(options)
      steps = result.steps
      findings = result.findings.count
    }
    let rate = Double(steps) / wall.seconds
    return [
      Report.Row(
        benchmark: "8 `rezepte explore --seed \(options.seed) --sessions \(options.sessions)`: "
          + "\(Format.grouped(steps)) steps against the real app, rules checked after each",
        median: wall.formatted,
        figure: "\(Format.grouped(Int(rate))) steps/s; \(findings) rules broken",
        goal: Report.verdict("≥ 20,000 steps/s", rate >= 20_000))
    ]
  }
}
