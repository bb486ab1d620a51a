import CommandLineKit
import VirtualTime

@testable import Explore

/// `rezepte explore ARGUMENTS` run in this process as the program runs it.
struct ExploreRun {
  /// The exit status.
  let code: Int32
  /// The lines written to standard output and to standard error.
  let lines: [String]
  let errors: [String]

  /// Runs it; `workers` is the executable `--jobs` starts, `nil` for every session here.
  @MainActor
  init(_ arguments: [String], workers: String? = nil) async {
    let lines = Locked<[String]>([])
    let errors = Locked<[String]>([])
    let console = Console(
      output: { line in lines.withLock { $0.append(line) } },
      errorOutput: { line in errors.withLock { $0.append(line) } })
    let program = Program(
      name: "rezepte", summary: "", commands: [ExploreCommand.command(workers: workers)])
    code = await program.run(["explore"] + arguments, console: console).rawValue
    self.lines = lines.withLock { $0 }
    self.errors = errors.withLock { $0 }
  }

  /// The options `arguments` (the words after `explore`) stand for.
  static func options(_ arguments: [String]) throws -> ExploreCommand.Options {
    try ExploreCommand.Options(
      ExploreCommand.command(workers: nil).parse(arguments, console: .standard))
  }
}
