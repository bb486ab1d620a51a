import CommandLineKit
import Explore
import MealDB
import MealServer
import ReplayCommands
import TerminalPlayer

/// The `rezepte` program, every command in one table: `rezepte` runs it without `network`,
/// `rezepte-net` with `HTTPTransportMaker.urlSession`.
///
/// - Parameter workers: the executable `explore --jobs` starts as its workers: the running
///   program (`NetworkHalf.ownPath()`) when this is `rezepte` or `rezepte-net`; `nil` (in tests,
///   say) explores in the one process.
public func rezepteProgram(network: HTTPTransportMaker?, workers: String? = nil) -> Program {
  ScenarioCommands.program(
    adding: [
      ServeCommand.command, CaptureCommand.command(network: network),
      PlayCommand.command(network: network), ExploreCommand.command(workers: workers),
    ],
    network: network)
}
