import Explore
import Foundation
import MealCatalog
import MealDB
import MealServer
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The `rezepte` command: parses the arguments and wires the pieces together; the work is done
// in the libraries.

/// Writes a line to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Loads the catalog at `path`, or the embedded one.
func loadCatalog(_ path: String?) -> Catalog? {
  do {
    if let path { return try Catalog(directory: URL(fileURLWithPath: path)) }
    return try Catalog.embedded()
  } catch {
    printError("error: \(error)")
    return nil
  }
}

@MainActor
func main() async -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  // The server's commands parse their own arguments.
  switch (arguments.first, arguments.dropFirst().first) {
  case ("serve", _): return await ServeCommand.run(arguments: Array(arguments.dropFirst()))
  case ("capture", _): return await CaptureCommand.run(arguments: Array(arguments.dropFirst()))
  case ("explore", _):
    return await ExploreCommand.run(
      arguments: Array(arguments.dropFirst()), errorOutput: printError)
  case ("help", "serve"?):
    print(ServeCommand.help)
    return ExitCode.success.rawValue
  case ("help", "capture"?):
    print(CaptureCommand.help)
    return ExitCode.success.rawValue
  case ("help", "explore"?):
    print(ExploreCommand.help)
    return ExitCode.success.rawValue
  default: break
  }
  let options: CommandLineOptions
  do {
    options = try CommandLineOptions.parse(arguments)
  } catch {
    printError(error.description)
    return ExitCode.badInput.rawValue
  }

  switch options {
  case .help(let command):
    print(HelpText.text(for: command ?? "") ?? HelpText.main)
    return ExitCode.success.rawValue
  case .run(let run):
    guard let catalog = loadCatalog(run.catalog) else { return ExitCode.badInput.rawValue }
    let backend: AppDriver.Backend =
      if run.live {
        .http(URLSessionTransport.theMealDB)
      } else if let baseURL = run.baseURL.flatMap(URL.init(string:)) {
        .http(baseURL)
      } else {
        .catalog
      }
    if case .http(let baseURL) = backend, let problem = await AppDriver.probe(baseURL) {
      printError("error: \(problem)")
      if run.live {
        printError(
          "`--live` needs TheMealDB on the internet; offline, replay against `rezepte serve` "
            + "with `--base-url`, or against the embedded catalog without either option.")
      }
      return ExitCode.badInput.rawValue
    }
    let command = scenarioCommand(catalog: catalog, backend: backend)
    return await command.run(run).rawValue
  case .show(let show):
    guard let catalog = loadCatalog(show.catalog) else { return ExitCode.badInput.rawValue }
    return await scenarioCommand(catalog: catalog, backend: .catalog).show(show).rawValue
  }
}

@MainActor
func scenarioCommand(catalog: Catalog, backend: AppDriver.Backend) -> ScenarioCommand {
  ScenarioCommand(
    context: ScenarioContext(catalog: catalog),
    makeDriver: { AppDriver(catalog: catalog, backend: backend) },
    useColor: ColorPolicy.useColor(
      isTerminal: ColorPolicy.standardOutputIsTerminal,
      environment: ProcessInfo.processInfo.environment),
    output: { print($0) },
    errorOutput: printError)
}

exit(await main())
