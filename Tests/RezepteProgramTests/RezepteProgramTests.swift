import CommandLineKit
import Testing

@testable import rezepte

/// The one command table of `rezepte`.
@Suite struct RezepteProgramTests {
  @Test("The program has every command, in the order its help lists them")
  func commands() {
    #expect(
      rezepteProgram().commands.map(\.name)
        == ["run", "show", "storyboard", "serve", "capture", "play", "explore"])
  }

  @Test("No two options of a command share a name, and every name starts with --")
  func optionNames() {
    for command in rezepteProgram().commands {
      let names = command.options.map(\.name) + [Program.helpFlag.name]
      #expect(Set(names).count == names.count, "\(command.name)")
      #expect(names.allSatisfy { $0.hasPrefix("--") }, "\(command.name)")
    }
  }
}
