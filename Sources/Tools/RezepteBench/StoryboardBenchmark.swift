import Foundation
import MealCatalog
import ReplayCommands
import Scenarios

// MARK: - 7. Storyboard

/// `rezepte storyboard Scenarios/`: replay every lesson scenario, draw each step's screen as
/// HTML and write the pages and the index to a temporary folder.
@MainActor
enum StoryboardBenchmark {
  static func rows(root: URL, measure: Measure) async throws -> [Report.Row] {
    let catalog = try Catalog.embedded()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-bench-storyboard-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = StoryboardCommand.Options()
    options.paths = [root.appendingPathComponent("Scenarios").path]
    options.out = folder.path
    var errors: [String] = []
    let command = StoryboardCommand(
      context: ScenarioContext(catalog: catalog), makeDriver: { AppDriver(catalog: catalog) },
      useColor: false, output: { _ in }, errorOutput: { errors.append($0) })
    let wall = try await measure.median {
      let code = await command.run(options)
      guard code == .success else {
        throw BenchmarkFailure("the storyboard fails (\(code)): \(errors.joined(separator: "\n"))")
      }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let bytes = try files.reduce(0) { total, file in
      let attributes = try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(file).path)
      return total + ((attributes[.size] as? Int) ?? 0)
    }
    return [
      Report.Row(
        benchmark: "7 `rezepte storyboard Scenarios/`: replay, draw every screen as HTML, write "
          + "\(files.count) files",
        median: wall.formatted, figure: "\(bytes / 1024) kB of HTML",
        goal: Report.verdict("< 1 s", wall < .seconds(1)))
    ]
  }
}
