import CommandLineKit
import Explore
import MealDB
import MealServer
import Scenarios
import TerminalPlayer

/// The `rezepte` program, every command in one table: `rezepte` runs it without `network`,
/// `rezepte-net` with `HTTPTransportMaker.urlSession`.
public func rezepteProgram(network: HTTPTransportMaker?) -> Program {
  ScenarioCommands.program(
    adding: [
      ServeCommand.command, CaptureCommand.command(network: network),
      PlayCommand.command(network: network), ExploreCommand.command,
    ],
    network: network)
}
