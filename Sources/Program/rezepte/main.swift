import Foundation
import RezepteProgram

// The `rezepte` command, without networking so that it starts fast: a command line that needs
// real HTTP goes to `rezepte-net` beside it (the Performance article).
let arguments = Array(CommandLine.arguments.dropFirst())
NetworkHalf.handOverIfNeeded(arguments)
rezepteProgram(network: nil, workers: NetworkHalf.ownPath()).runAsMain(
  arguments, console: .standard)
