import CommandLineKit
import Foundation
import MealCatalog
import MealDB
import Scenarios

/// The declarations of `rezepte run` and `rezepte show`, and the program they belong to.
public enum ScenarioCommands {
  /// `rezepte [run] [PATH…] …`.
  public static let run = Command(
    name: "run",
    summary: "Replays scenario files and compares what the screens show.",
    discussion: """
      Replays every scenario and prints one line per scenario, then `N passed, N failed`.
      Exit status: 0 when all passed, 1 when a scenario failed or `--record` wrote a block, 2 for \
      bad input (nothing runs).
      Time is virtual: `wait` advances a clock; nothing sleeps for real. Durations in scenario \
      files (`wait`, `network delay`) go from 0s to 1 hour.
      """,
    arguments: Arguments(
      placeholder: "PATH…",
      help: "Scenario files, or folders searched for *.scenario (default: Scenarios).",
      count: 0...Int.max),
    options: CommandLineOptions.RunOptions.all,
    epilogue: {
      "Steps of a scenario file (one per line; `#` starts a comment):\n" + StepTable.helpText()
    },
    run: { invocation throws(UsageError) in
      try await runScenarios(
        CommandLineOptions.RunOptions(invocation), console: invocation.console)
    })

  /// `rezepte show FILE …`.
  public static let show = Command(
    name: "show",
    summary: "Walks through one scenario, printing each step and what it changed.",
    discussion: """
      Prints each step with the comments before it. After each step that acts on the app it \
      prints the simulated time, the requests the step sent (as `expect requests` spells them) \
      and the nodes of the screen that are new or changed (+), with the lines removed counted \
      (−), or that nothing changed; a screen pushed for the first time is printed whole. \
      \(CommandLineOptions.full) prints the whole screen after every such step. Expectations are \
      checked as in `run` and marked ✓.
      Exit status: 0 when every step passed, 1 when one failed, 2 for bad input.
      """,
    arguments: Arguments(
      placeholder: "FILE", help: "The scenario file to walk through.", count: 1...1),
    options: [CommandLineOptions.catalog, CommandLineOptions.full],
    run: { invocation in
      let console = invocation.console
      return await withCatalog(invocation[CommandLineOptions.catalog], console) { catalog in
        // The parser has made sure there is exactly one file.
        await command(catalog, backend: .catalog, console)
          .show(invocation.arguments[0], full: invocation[CommandLineOptions.full])
      }
    })

  /// `rezepte storyboard [PATH…] …`.
  public static let storyboard = Command(
    name: "storyboard",
    summary: "Replays scenarios and writes each as an HTML page to look at.",
    discussion: StoryboardCommand.discussion,
    arguments: Arguments(
      placeholder: "PATH…",
      help: "Scenario files, or folders searched for *.scenario (default: Scenarios).",
      count: 0...Int.max),
    options: [StoryboardCommand.Options.out, CommandLineOptions.catalog],
    run: { invocation in
      let (options, console) = (StoryboardCommand.Options(invocation), invocation.console)
      return await withCatalog(options.catalog, console) { catalog in
        await StoryboardCommand(
          context: ScenarioContext(catalog: catalog), makeDriver: { AppDriver(catalog: catalog) },
          useColor: ColorPolicy.standardOutput, output: console.output,
          errorOutput: console.errorOutput
        ).run(options)
      }
    })

  /// The `rezepte` program: `run` (the default), `show` and `storyboard`, then `more` commands
  /// (`serve`, `capture`, …), which live in the libraries that do their work.
  public static func program(adding more: [Command] = []) -> Program {
    Program(
      name: "rezepte",
      summary: "replays the recipe app's scenario files against an offline TheMealDB.",
      commands: [run, show, storyboard] + more, defaultCommand: "run",
      isDefaultCommandArgument: isPath,
      epilogue: { "The steps of a scenario file, each with an example: 'rezepte help run'." })
  }

  /// Whether a first word that names no command is a path for `run`: `rezepte Scenarios/`,
  /// `rezepte 02-suche.scenario`. A bare word that is neither is an unknown command.
  @Sendable public static func isPath(_ word: String) -> Bool {
    word.contains("/") || word.hasSuffix(".scenario")
      || FileManager.default.fileExists(atPath: word)
  }

  // MARK: - Wiring

  /// `body` over the catalog at `path`, or the embedded one; bad input after saying why the
  /// catalog cannot be loaded, before anything else is read or asked.
  @MainActor
  static func withCatalog(
    _ path: String?, _ console: Console, _ body: (Catalog) async -> ExitCode
  ) async -> ExitCode {
    let catalog: Catalog
    do {
      catalog = try Catalog.load(directory: path)
    } catch {
      console.error("\(error)")
      return .badInput
    }
    return await body(catalog)
  }

  @MainActor
  static func runScenarios(
    _ options: CommandLineOptions.RunOptions, console: Console
  ) async -> ExitCode {
    await withCatalog(options.catalog, console) { catalog in
      let server = options.live ? MealAPI.theMealDB : options.baseURL
      if !options.list, let server, let problem = await AppDriver.probe(server) {
        console.error(problem)
        if options.live {
          typealias Run = CommandLineOptions.RunOptions
          console.errorOutput(
            "`\(Run.live)` needs TheMealDB on the internet; offline, replay against `rezepte "
              + "serve` with `\(Run.baseURL)`, or against the embedded catalog without either "
              + "option.")
        }
        return .badInput
      }
      return await command(catalog, backend: server.map { .http($0) } ?? .catalog, console)
        .run(options)
    }
  }

  @MainActor
  static func command(
    _ catalog: Catalog, backend: AppDriver.Backend, _ console: Console
  ) -> ScenarioCommand {
    ScenarioCommand(
      context: ScenarioContext(catalog: catalog),
      makeDriver: { AppDriver(catalog: catalog, backend: backend) },
      useColor: ColorPolicy.standardOutput, output: console.output,
      errorOutput: console.errorOutput)
  }
}
