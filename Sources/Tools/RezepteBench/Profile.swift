import Foundation
import MealCatalog

/// One benchmark case on its own, repeated and silent, for `valgrind --tool=callgrind`:
/// `valgrind --tool=callgrind .build/release/rezepte-bench --profile decode 20`.
@MainActor
enum Profile {
  nonisolated static let cases = [
    "replay", "scaling-300", "scaling-100000", "pieces-300", "pieces-100000",
    "load-embedded", "load-300", "load-100000",
    "render", "dump", "decode", "parse",
    "typing",
  ]

  static func run(_ name: String, iterations: Int, root: URL) async throws {
    switch name {
    case "replay":
      let catalog = try Catalog.embedded()
      let folder = root.appendingPathComponent("Scenarios").path
      for _ in 0..<iterations { try await ReplayBenchmark.replay(folder: folder, catalog: catalog) }
    case "load-embedded":
      for _ in 0..<iterations { _ = try Catalog.embedded() }
    case _ where name.hasPrefix("load-"):
      // `Catalog.load(directory:)` on a generated folder (written once, in the temporary folder).
      guard let size = Int(name.dropFirst("load-".count)) else { fallthrough }
      let folder = try LoadingBenchmark.folder(size: size)
      for _ in 0..<iterations { _ = try Catalog.load(directory: folder.path) }
    case _ where name.hasPrefix("pieces-"):
      // The scaling case's library work without the app's tasks: valgrind 3.19 cannot follow
      // the threads Swift's concurrency runtime starts once an `AppDriver` runs.
      guard let size = Int(name.dropFirst("pieces-".count)) else { fallthrough }
      let catalog = try GeneratedCatalog.make(mealCount: size)
      for _ in 0..<iterations { try ScalingBenchmark.pieces(catalog: catalog) }
    case _ where name.hasPrefix("scaling-"):
      guard let size = Int(name.dropFirst("scaling-".count)) else { fallthrough }
      let catalog = try GeneratedCatalog.make(mealCount: size)
      let target = ScalingBenchmark.lastName(in: catalog)
      for _ in 0..<iterations {
        try await ScalingBenchmark.once(catalog: catalog, expecting: target)
      }
    case "render", "dump":
      let state = try RenderBenchmark.state()
      for _ in 0..<iterations {
        _ = name == "render" ? RenderBenchmark.render(state) : RenderBenchmark.dumped(state)
      }
    case "decode", "parse":
      let body = try DecodeBenchmark.answer()
      for _ in 0..<iterations {
        _ = try name == "decode" ? DecodeBenchmark.decode(body) : DecodeBenchmark.parse(body)
      }
    case "typing":
      let catalog = try Catalog.embedded()
      for _ in 0..<iterations {
        for interval in TypingBenchmark.intervals {
          _ = try await TypingBenchmark.requests(interval: interval, catalog: catalog)
        }
      }
    default:
      throw BenchmarkFailure(
        "unknown case `\(name)`; the cases are " + cases.joined(separator: ", "))
    }
  }
}
