import LiveNetwork
import MealDB
import RezepteProgram

// `rezepte-net`: the `rezepte` commands with real HTTP, for `run --base-url`, `--live`, `capture`.
rezepteProgram(network: .urlSession, workers: NetworkHalf.ownPath()).runAsMain(
  Array(CommandLine.arguments.dropFirst()), console: .standard)
