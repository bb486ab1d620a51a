import Foundation
import TestPorts
import Testing

/// `rezepte` with real HTTP, run as a user runs it.
@Suite struct NetworkTests {
  @Test("run --base-url asks the server first, and reports a closed port with exit status 2")
  func closedPort() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let port = try RefusingPort()
    defer { port.close() }
    let url = port.apiURL.absoluteString
    let program = try BuiltProgram(rezepte, ["run", "--base-url", url, "Scenarios"])
    #expect(await program.exitStatus(within: .seconds(60)) == 2)
    #expect(
      program.errorText.hasPrefix("error: \(url) cannot be reached ("), "\(program.errorText)")
  }
}
