import Foundation
import LiveNetwork
import MealDB
import RezepteProgram

// `rezepte-net`: the `rezepte` commands with real HTTP, for `run --base-url`, `--live`, `capture`.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(await rezepteProgram(network: .urlSession).run(arguments, console: .standard).rawValue)
