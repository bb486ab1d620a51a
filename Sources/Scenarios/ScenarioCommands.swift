import CommandLineKit
import Foundation
import MealCatalog
import MealDB

/// The declarations of `rezepte run` and `rezepte show`, and the program they belong to.
public enum ScenarioCommands {
  /// `rezepte [run] [PATH…] …` in a program without real HTTP: `--base-url` and `--live` say so.
  public static var run: Command { run(network: nil) }

  /// `rezepte [run] [PATH…] …`; `--base-url` and `--live` send the requests over transports
  /// `network` makes.
  public static func run(network: HTTPTransportMaker?) -> Command {
    Command(
      name: "run",
      summary: "Replays scenario files and compares what the screens show.",
      discussion: HelpText.runDiscussion,
      arguments: Arguments(
        placeholder: "PATH…",
        help: "Scenario files, or folders searched for *.scenario (default: Scenarios).",
        count: 0...Int.max),
      options: [
        .flag("--record", help: "Writes the actual screen into every `expect screen` block."),
        .value("--catalog", "DIR", help: "Uses the catalog in DIR instead of the embedded one."),
        .value(
          "--filter", "TEXT",
          help: "Runs only the scenarios whose file name or title contains TEXT."
        ),
        .value(
          "--base-url", "URL",
          help: "Sends the requests over HTTP to a TheMealDB-compatible server, such as "
            + "http://127.0.0.1:8080/api/json/v1/1/ (`rezepte serve`)."),
        .flag("--live", help: "Sends the requests to the real TheMealDB."),
        .flag("--timing", help: "Adds the wall time each scenario took to its line."),
        .value(
          "--shard", "K/N",
          help: "Runs only share K of N (1 ≤ K ≤ N): every file lands in the same share on every "
            + "machine, so N CI jobs with K = 1…N together run each file once."),
        .flag("--list", help: "Prints the files that would run (after --shard and --filter)."),
        .value(
          "--jobs", "N",
          help:
            "Replays up to N scenarios at once (1-\(CommandLineOptions.maximumJobs), "
            + "default 1); the report stays in file order, the same bytes as with 1. This overlaps "
            + "waiting for a server (--base-url, --live); offline replays take turns on one thread."
        ),
      ],
      epilogue: {
        "Steps of a scenario file (one per line; `#` starts a comment):\n" + HelpText.steps
      },
      run: { invocation throws(UsageError) in
        try await runScenarios(
          CommandLineOptions.RunOptions(invocation), network: network, console: invocation.console)
      })
  }

  /// `rezepte show FILE …`.
  public static let show = Command(
    name: "show",
    summary: "Walks through one scenario, printing each step and what it changed.",
    discussion: HelpText.showDiscussion,
    arguments: Arguments(
      placeholder: "FILE", help: "The scenario file to walk through.", count: 1...1),
    options: [
      .value("--catalog", "DIR", help: "Uses the catalog in DIR instead of the embedded one."),
      .flag("--full", help: "Prints the whole screen after every step instead of what changed."),
    ],
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
    options: [
      .value(
        "--out", "DIR",
        help: "The folder for the pages (default: storyboard); other files in it stay."),
      .value("--catalog", "DIR", help: "Uses the catalog in DIR instead of the embedded one."),
    ],
    run: { invocation in await writeStoryboard(invocation) })

  /// The `rezepte` program: `run` (the default) and `show`, then `more` commands (`serve`,
  /// `capture`, …), which live in the libraries that do their work. `run --base-url` and
  /// `--live` go over transports `network` makes; without it they say that this program has no
  /// real HTTP.
  public static func program(
    adding more: [Command] = [], network: HTTPTransportMaker? = nil
  ) -> Program {
    Program(
      name: "rezepte",
      summary: "replays the recipe app's scenario files against an offline TheMealDB.",
      commands: [run(network: network), show, storyboard] + more, defaultCommand: "run",
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
    _ options: CommandLineOptions.RunOptions, network: HTTPTransportMaker?, console: Console
  ) async -> ExitCode {
    let server: URL? =
      if options.live {
        MealAPI.theMealDB
      } else if let text = options.baseURL {
        URL(string: text)
      } else {
        nil
      }
    if server != nil, network == nil {
      console.errorOutput(
        "error: \(NetworkUnavailable(option: options.live ? "--live" : "--base-url"))")
      return .badInput
    }
    // The catalog is checked before anything else, before a server is asked too.
    guard let catalog = await loadCatalog(options.catalog, console: console) else {
      return .badInput
    }
    let backend: AppDriver.Backend =
      if let server, let network { .http(server, network: network) } else { .catalog }
    if !options.list, case .http(let baseURL, let network) = backend,
      let problem = await AppDriver.probe(baseURL, network: network)
    {
      console.errorOutput("error: \(problem)")
      if options.live {
        console.errorOutput(
          "`--live` needs TheMealDB on the internet; offline, replay against `rezepte serve` "
            + "with `--base-url`, or against the embedded catalog without either option.")
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
      console.errorOutput("error: \(error)")
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
