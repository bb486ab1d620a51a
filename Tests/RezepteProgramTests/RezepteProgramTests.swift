import CommandLineKit
import Foundation
import MealDB
import Testing
import VirtualTime

@testable import RezepteProgram

/// The one command table of `rezepte` and `rezepte-net`.
@MainActor
@Suite struct RezepteProgramTests {
  /// A maker that no test calls: only whether there is one matters here.
  static let unusedNetwork = HTTPTransportMaker { _, _ in
    preconditionFailure("no request is sent in these tests")
  }

  @Test("Both executables declare the same commands with the same help")
  func sameHelp() {
    let offline = rezepteProgram(network: nil)
    let online = rezepteProgram(network: Self.unusedNetwork)
    #expect(offline.help() == online.help())
    #expect(
      offline.commands.map(\.name)
        == ["run", "show", "storyboard", "serve", "capture", "play", "explore"])
    for (a, b) in zip(offline.commands, online.commands) {
      #expect(offline.help(for: a) == online.help(for: b))
    }
  }

  @Test("play --live without real HTTP is exit 2 with a sentence, before it asks for a terminal")
  func playWithoutNetwork() async {
    let errors = Locked<[String]>([])
    let status = await rezepteProgram(network: nil).run(
      ["play", "--live"],
      console: Console(
        output: { _ in }, errorOutput: { line in errors.withLock { $0.append(line) } }))
    #expect(status == .badInput)
    #expect(errors.withLock { $0 } == ["error: \(NetworkUnavailable(option: "--live"))"])
  }
}
