// The `rezepte` command; `explore --jobs` starts this executable again as its workers.
rezepteProgram(workers: executablePath()).runAsMain(
  Array(CommandLine.arguments.dropFirst()), console: .standard)
