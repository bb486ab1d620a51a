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
    discussion: HelpText.runDiscussion,
    arguments: Arguments(
      placeholder: "PATH…",
      help: "Scenario files, or folders searched for *.scenario (default: Scenarios).",
      count: 0...Int.max),
    options: CommandLineOptions.RunOptions.all,
    epilogue: {
      "Steps of a scenario file (one per line; `#` starts a comment):\n" + HelpText.steps
    },
    run: { invocation throws(UsageError) in
      try await runScenarios(
        CommandLineOptions.RunOptions(invocation), console: invocation.console)
    })

  /// `rezepte show FILE …`.
  public static let show = Command(
    name: "show",
    summary: "Walks through one scenario, printing each step and what it changed.",
    discussion: HelpText.showDiscussion,
    arguments: Arguments(
      placeholder: "FILE", help: "The scenario file to walk through.", count: 1...1),
    options: [CommandLineOptions.catalog, CommandLineOptions.ShowOptions.full],
    run: { invocation in
      await showScenario(CommandLineOptions.ShowOptions(invocation), console: invocation.console)
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
    run: { invocation in await writeStoryboard(invocation) })

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

  @MainActor
  static func runScenarios(
    _ options: CommandLineOptions.RunOptions, console: Console
  ) async -> ExitCode {
    let server = options.live ? MealAPI.theMealDB : options.baseURL
    // The catalog is checked before anything else, before a server is asked too.
    guard let catalog = await loadCatalog(options.catalog, console: console) else {
      return .badInput
    }
    let backend: AppDriver.Backend = server.map { .http($0) } ?? .catalog
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
    return await command(catalog: catalog, backend: backend, console: console).run(options)
  }

  @MainActor
  static func writeStoryboard(_ invocation: Invocation) async -> ExitCode {
    let options = StoryboardCommand.Options(invocation)
    guard let catalog = await loadCatalog(options.catalog, console: invocation.console) else {
      return .badInput
    }
    let command = StoryboardCommand(
      context: ScenarioContext(catalog: catalog),
      makeDriver: { AppDriver(catalog: catalog) },
      useColor: ColorPolicy.standardOutput,
      output: invocation.console.output,
      errorOutput: invocation.console.errorOutput)
    return await command.run(options)
  }

  @MainActor
  static func showScenario(
    _ options: CommandLineOptions.ShowOptions, console: Console
  ) async -> ExitCode {
    guard let catalog = await loadCatalog(options.catalog, console: console) else {
      return .badInput
    }
    return await command(catalog: catalog, backend: .catalog, console: console).show(options)
  }

  /// The catalog at `path`, or the embedded one; `nil` after saying why it cannot be loaded.
  static func loadCatalog(_ path: String?, console: Console) async -> Catalog? {
    do {
      return try Catalog.load(directory: path)
    } catch {
      console.error("\(error)")
      return nil
    }
  }

  @MainActor
  static func command(
    catalog: Catalog, backend: AppDriver.Backend, console: Console
  ) -> ScenarioCommand {
    ScenarioCommand(
      context: ScenarioContext(catalog: catalog),
      makeDriver: { AppDriver(catalog: catalog, backend: backend) },
      useColor: ColorPolicy.standardOutput,
      output: console.output,
      errorOutput: console.errorOutput)
  }
}
