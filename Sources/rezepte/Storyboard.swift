import Foundation
import MealCatalog
import Scenarios

/// `rezepte storyboard …`: parses its arguments, loads the catalog and writes the pages.
@MainActor
func storyboard(arguments: [String]) async -> Int32 {
  let options: StoryboardCommand.Options
  do {
    options = try StoryboardCommand.parse(arguments)
  } catch {
    printError(
      "error: \(error.message)\nusage: rezepte storyboard [PATH…] [--out DIR] [--catalog DIR]")
    return ExitCode.badInput.rawValue
  }
  if options.help {
    print(StoryboardCommand.help)
    return ExitCode.success.rawValue
  }
  guard let catalog = loadCatalog(options.catalog) else { return ExitCode.badInput.rawValue }
  let command = StoryboardCommand(
    context: ScenarioContext(catalog: catalog),
    makeDriver: { AppDriver(catalog: catalog) },
    useColor: ColorPolicy.useColor(
      isTerminal: ColorPolicy.standardOutputIsTerminal,
      environment: ProcessInfo.processInfo.environment),
    output: { print($0) },
    errorOutput: printError)
  return await command.run(options).rawValue
}
