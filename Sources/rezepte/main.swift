import CommandLineKit
import Explore
import Foundation
import MealServer
import Scenarios
import TerminalPlayer

// The `rezepte` command: one program of declared commands; the work is done in the libraries.
let program = ScenarioCommands.program(adding: [
  ServeCommand.command, CaptureCommand.command, PlayCommand.command, ExploreCommand.command,
])
let status = await program.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(status.rawValue)
