import CommandLineKit
import Foundation

// `rezepte-bench`: times the jobs people run with `rezepte`, as whole processes, and prints the
// Markdown table of the Performance article. Meaningful only in a release build, run from the
// package's root: `swift build -c release && .build/release/rezepte-bench [--runs N]`.

/// Something a benchmark found wrong with what it measured (a failed command, a missing tool).
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

@MainActor
func main() async -> Int32 {
  var arguments = Array(CommandLine.arguments.dropFirst())
  var runs = 7
  if arguments.first == "--runs", arguments.count == 2, let count = Int(arguments[1]), count > 0 {
    runs = count
    arguments = []
  }
  guard arguments.isEmpty else {
    print("usage: rezepte-bench [--runs N]   (N timed runs per figure, default 7)")
    return arguments == ["--help"] || arguments == ["-h"] ? 0 : 2
  }
  do {
    let bench = try Bench(runs: runs)
    let started = ContinuousClock.now
    for line in Table.lines(try await bench.rows(), runs: runs) { print(line) }
    print("\nThe bench took \(Format.duration(.now - started)).")
    return 0
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    return 1
  }
}

// On the main thread, as `rezepte` runs its app.
Task { @MainActor in exit(await main()) }
MainQueue.drainForever()
