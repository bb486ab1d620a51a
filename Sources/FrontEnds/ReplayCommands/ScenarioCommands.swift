import CommandLineKit
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import Scenarios

/// The declarations of `rezepte run`, `show` and `storyboard`, and the program they belong to.
public enum ScenarioCommands {
  // MARK: - Options

  /// The options of `rezepte run`.
  public struct RunOptions: CommandOptions {
    @Flag(
      "--record",
      help: "Writes the actual screen into every `expect screen` (and `expect spoken`) block that "
        + "differs; a run that wrote one exits with 1.")
    public var record: Bool
    @Option(.catalog(help: catalogHelp)) public var catalog: String? = nil
    @Option(
      "--filter", "TEXT", help: "Runs only the scenarios whose file name or title contains TEXT.",
      read: { $0 })
    public var filter: String? = nil
    @Option(
      .baseURL(
        help: "Sends the requests over HTTP to a TheMealDB-compatible server, such as "
          + "http://127.0.0.1:8080/api/json/v1/1/ (`rezepte serve`)."))
    public var baseURL: URL? = nil
    @Flag(.live) public var live: Bool
    @Flag(.timing(help: "Adds the wall time each scenario took to its line."))
    public var timing: Bool
    @Option(
      .shard(
        help: "Runs only share K of N (1 ≤ K ≤ N): every file lands in the same share on every "
          + "machine, so N CI jobs with K = 1…N together run each file once."))
    public var shard: Shard? = nil
    @Flag(
      "--list",
      help: "Prints the files that would run (after \(RunOptions().$shard) and "
        + "\(RunOptions().$filter)).")
    public var list: Bool
    @Option(
      .jobs(
        help: "Replays up to N scenarios at once (1-\(Option<Int>.maximumJobs), default 1); the "
          + "report stays in file order, the same bytes as with 1. This overlaps waiting for a "
          + "server (\(RunOptions().$baseURL), \(Flag.live)); offline replays take turns on one "
          + "thread."))
    public var jobs = 1

    public init() {}

    public func validate() throws(UsageError) {
      if live, baseURL != nil {
        throw UsageError("\($live) and \($baseURL) exclude each other; choose one server")
      }
      if live, record {
        throw UsageError("\($record) cannot be combined with \($live), whose answers change")
      }
    }
  }

  /// The options of `rezepte show`.
  struct ShowOptions: CommandOptions {
    @Option(.catalog(help: catalogHelp)) var catalog: String? = nil
    @Flag("--full", help: "Prints the whole screen after every step instead of what changed.")
    var full: Bool
    @Flag(
      "--voiceover",
      help: "Prints after every step what VoiceOver reads of the screen, its focus marked ▸, "
        + "and what the app announced.")
    var voiceOver: Bool
  }

  /// The options of `rezepte storyboard`.
  public struct StoryboardOptions: CommandOptions {
    @Option(
      .outputFolder(help: "The folder for the pages (default: storyboard); other files in it stay.")
    )
    public var out = "storyboard"
    @Option(.catalog(help: catalogHelp)) public var catalog: String? = nil

    public init() {}
  }

  /// The help of `--catalog DIR` of `run`, `show` and `storyboard`.
  static let catalogHelp = "Uses the catalog in DIR instead of the embedded one."

  /// The scenario files and folders of `run` and `storyboard`.
  static let paths = Arguments(
    placeholder: "PATH…",
    help: "Scenario files, or folders searched for *.scenario (default: Scenarios).",
    count: 0...Int.max)

  /// The paths of `run` or `storyboard`: its arguments, or `Scenarios`.
  static func paths(_ invocation: Invocation) -> [String] {
    invocation.arguments.isEmpty ? ["Scenarios"] : invocation.arguments
  }

  // MARK: - Commands

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
    arguments: paths,
    options: RunOptions.self,
    epilogue: {
      "Steps of a scenario file (one per line; `#` starts a comment):\n" + StepTable.helpText()
    },
    run: { options, invocation in
      let server = options.live ? MealAPI.theMealDB : options.baseURL
      let backend = server.map { url in
        AppDriver.Backend.server { URLSessionTransport(baseURL: url) }
      }
      return await command(invocation, catalog: options.catalog, backend: backend ?? .catalog) {
        if !options.list, let server,
          let problem = await AppDriver.probe(
            server, over: URLSessionTransport(baseURL: server, timeout: 5))
        {
          invocation.console.error(problem)
          if options.live {
            invocation.console.errorOutput(
              "`\(options.$live)` needs TheMealDB on the internet; offline, replay against "
                + "`rezepte serve` with `\(options.$baseURL)`, or against the embedded catalog "
                + "without either option.")
          }
          return .badInput
        }
        return await $0.run(invocation)
      }
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
      \(ShowOptions().$full) prints the whole screen after every such step. Expectations are \
      checked as in `run` and marked ✓. The walkthrough speaks German, as the lesson does; a \
      failed step is said as `run` says it.
      Exit status: 0 when every step passed, 1 when one failed, 2 for bad input.
      """,
    arguments: Arguments(
      placeholder: "FILE", help: "The scenario file to walk through.", count: 1...1),
    options: ShowOptions.self,
    run: { options, invocation in
      await command(invocation, catalog: options.catalog) {
        // The parser has made sure there is exactly one file.
        await $0.show(invocation.arguments[0], full: options.full, voiceOver: options.voiceOver)
      }
    })

  /// `rezepte storyboard [PATH…] …`.
  public static let storyboard = Command(
    name: "storyboard",
    summary: "Replays scenarios and writes each as an HTML page to look at.",
    discussion: """
      Each page shows, step by step, the scenario's comments, the step, the simulated time, the \
      requests it sent and the screen drawn as a phone, with what changed highlighted; a failed \
      step is shown in red with its diff. index.html lists the scenarios with passed or failed. \
      The pages load nothing from the network and need no JavaScript.
      Exit status: 0 when every scenario passed, 1 when one failed (its page shows where), 2 for \
      a bad argument or file, or a page that cannot be written.
      """,
    arguments: paths, options: StoryboardOptions.self,
    run: { options, invocation in
      await command(invocation, catalog: options.catalog) {
        await $0.storyboard(paths(invocation), out: options.out)
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
  @Sendable static func isPath(_ word: String) -> Bool {
    word.contains("/") || word.hasSuffix(".scenario")
      || FileManager.default.fileExists(atPath: word)
  }

  // MARK: - Wiring

  /// `body` with the command over the catalog of `--catalog` (or the embedded one), its apps on
  /// `backend`; bad input after saying why the catalog cannot be loaded, before anything else is
  /// read or asked.
  @MainActor
  static func command(
    _ invocation: Invocation, catalog directory: String?, backend: AppDriver.Backend = .catalog,
    _ body: (ScenarioCommand) async -> ExitCode
  ) async -> ExitCode {
    let console = invocation.console
    let catalog: Catalog
    do {
      catalog = try Catalog.load(directory: directory)
    } catch {
      console.error("\(error)")
      return .badInput
    }
    return await body(
      ScenarioCommand(
        context: ScenarioContext(catalog: catalog),
        makeDriver: { AppDriver(catalog: catalog, backend: backend) },
        useColor: Report.usesColor(), output: console.output,
        errorOutput: console.errorOutput))
  }
}
