import CommandLineKit
import Foundation
import MealCatalog

#if canImport(Glibc)
  import Glibc
#endif

// `rezepte-bench`: measures the scenario runner and prints a Markdown table for the Performance article.
// Meaningful only in a release build: `swift build -c release && .build/release/rezepte-bench`.
//
//   rezepte-bench [--runs N]            the whole table (N timed runs per figure, default 7)
//   rezepte-bench --profile CASE [N]    only CASE, N times, silently: for callgrind
//   rezepte-bench --scaling-child SIZE  (internal) one size of the scaling benchmark

/// The command line: `--runs N`, `--profile CASE [N]`, `--scaling-child SIZE`.
struct Arguments {
  var runs = 7
  var profile: (name: String, iterations: Int)?
  var scalingChild: Int?
  var help = false

  static let usage = """
    usage: rezepte-bench [--runs N]          the whole table (N timed runs per figure, default 7)
           rezepte-bench --profile CASE [N]  only CASE, N times, silently (for callgrind)

    Run it from the package's root, in a release build:
      swift build -c release && .build/release/rezepte-bench
    CASE is one of: \(Profile.cases.joined(separator: ", "))
    """

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--help", "-h":
        help = true
      case "--runs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          throw BenchmarkFailure("--runs takes a positive number")
        }
        runs = value
      case "--profile":
        guard let name = rest.popFirst() else { throw BenchmarkFailure("--profile takes a case") }
        let iterations = rest.first.flatMap(Int.init)
        if iterations != nil { rest.removeFirst() }
        profile = (name, iterations ?? 1)
      case ScalingBenchmark.childArgument:
        guard let value = rest.popFirst().flatMap(Int.init) else {
          throw BenchmarkFailure("\(ScalingBenchmark.childArgument) takes a size")
        }
        scalingChild = value
      default:
        throw BenchmarkFailure(
          "unknown argument `\(argument)`; use --runs N or --profile CASE [N] with CASE one of "
            + Profile.cases.joined(separator: ", "))
      }
    }
  }
}

@MainActor
func main() async -> Int32 {
  do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    if arguments.help {
      print(Arguments.usage)
      return 0
    }
    let measure = Measure(runs: arguments.runs)
    if let size = arguments.scalingChild {
      print(try await ScalingBenchmark.child(size: size, measure: measure))
      return 0
    }
    guard let root = Machine.packageRoot() else {
      throw BenchmarkFailure(
        "cannot find Scenarios/: run the bench from the package's root folder")
    }
    if let profile = arguments.profile {
      try await Profile.run(profile.name, iterations: profile.iterations, root: root)
      return 0
    }
    for line in try await Report.make(root: root, measure: measure) { print(line) }
    return 0
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return 1
  }
}

// On the main thread, as `rezepte` runs (see `Program.runAsMain`): the replays are measured as
// `rezepte` runs them, and callgrind can follow them (it cannot follow Dispatch's worker threads).
Task { @MainActor in exit(await main()) }
MainQueue.drainForever()
