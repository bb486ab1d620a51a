import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

@MainActor
@Suite struct ScenarioCommandTests {
  @Test("All scenarios passing exit with 0 and end with the counts")
  func allPass() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("01-a.scenario", "launch\nexpect title \"Dessert\"\n")
    _ = try folder.write("02-b.scenario", "title Zwei\nlaunch\n")
    let output = Output()
    let code = await makeCommand(output).run(runOptions([folder.path]))
    #expect(code == .success)
    #expect(
      output.lines == [
        "passed  01-a  2 steps  0s simulated", "passed  Zwei (02-b)  2 steps  0s simulated",
        "2 passed, 0 failed",
      ])
  }

  @Test("A broken expectation fails its scenario with exit code 1; the others still run")
  func brokenExpectation() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("01-a.scenario", "launch\nexpect title \"Suche\"\nback\n")
    _ = try folder.write("02-b.scenario", "launch\n")
    let output = Output()
    let code = await makeCommand(output).run(runOptions([folder.path]))
    #expect(code == .failure)
    #expect(output.lines.first == "failed  01-a  step 2 of 3  0s simulated")
    #expect(output.lines[1] == "    \(folder.path)/01-a.scenario:2: failed: expect title \"Suche\"")
    #expect(output.lines.last == "1 passed, 1 failed")
  }

  @Test("A broken line is reported with exit code 2 and nothing runs")
  func brokenLine() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("01-a.scenario", "launch\nwiat 400ms\n")
    let output = Output()
    var created = 0
    let command = makeCommand(output) {
      created += 1
      return makeDriver()
    }
    #expect(await command.run(runOptions([folder.path])) == .badInput)
    #expect(output.errors == ["\(file):2: error: unknown step `wiat 400ms`; did you mean `wait`?"])
    #expect(output.lines.isEmpty)
    #expect(created == 0)
  }

  @Test(
    "Recording writes the screens into the blocks and exits with 1; then the file passes as it is"
  )
  func recordRoundTrip() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = "# Start\r\nlaunch\r\nexpect screen\r\n\r\nexpect screen  # again\r\n  old\r\n# end"
    let file = try folder.write("a.scenario", text)
    let output = Output()
    #expect(await makeCommand(output).run(runOptions([folder.path], record: true)) == .failure)
    let block = try await launchedScreen().split(separator: "\n").map { "  \($0)\r\n" }.joined()
    let recorded =
      "# Start\r\nlaunch\r\nexpect screen\r\n\(block)\r\nexpect screen  # again\r\n\(block)# end"
    #expect(try folder.read("a.scenario") == Data(recorded.utf8))
    #expect(output.lines.first == "recorded  a  3 steps  0s simulated")
    #expect(output.lines[1].hasPrefix("    recorded line 3: a screen of "))
    #expect(output.lines[2].hasPrefix("    recorded line 5: "))
    #expect(output.lines.last == "0 passed, 0 failed, 1 recorded")
    let again = Output()
    #expect(await makeCommand(again).run(runOptions([file], record: true)) == .success)
    #expect(again.lines == ["passed  a  3 steps  0s simulated", "1 passed, 0 failed"])
    #expect(await makeCommand(Output()).run(runOptions([file])) == .success)
    #expect(try folder.read("a.scenario") == Data(recorded.utf8))
    #expect(folder.contents == ["a.scenario"])
  }

  @Test("Recording writes no file at all when any file has a parse error")
  func recordNothingOnParseError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\nexpect screen\n")
    _ = try folder.write("b.scenario", "launch\nwait 5\n")
    let code = await makeCommand(Output()).run(runOptions([folder.path], record: true))
    #expect(code == .badInput)
    #expect(try folder.read("a.scenario") == Data("launch\nexpect screen\n".utf8))
    #expect(folder.contents == ["a.scenario", "b.scenario"])
  }

  @Test("Without --record no file is changed, even when a screen differs")
  func checkNeverWrites() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\nexpect screen\n  old\n")
    let code = await makeCommand(Output()).run(runOptions([folder.path]))
    #expect(code == .failure)
    #expect(try folder.read("a.scenario") == Data("launch\nexpect screen\n  old\n".utf8))
  }

  @Test("A filter that matches nothing is bad input")
  func filterMatchesNothing() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\n")
    let output = Output()
    #expect(
      await makeCommand(output).run(runOptions([folder.path], ["--filter", "zzz"])) == .badInput)
    #expect(output.errors == ["error: no scenario's file name or title contains `zzz`"])
  }

  @Test("show prints the walkthrough and exits with 0")
  func show() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.scenario", "# Los\nlaunch\n")
    let output = Output()
    #expect(await makeCommand(output).show(file) == .success)
    let screen = try await launchedScreen().split(separator: "\n").map { "    " + $0 }
    #expect(
      output.lines
        == [
          "# Los", "launch", "  t = 0s, 2 Anfragen gesendet:", "    GET categories.php",
          "    GET filter.php?c=Dessert", "  Bildschirm:",
        ] + screen)
  }

  @Test("show given a folder says show takes one file and points to run, exit 2")
  func showFolder() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.scenario", "launch\n")
    let output = Output()
    let code = await makeCommand(output).show(folder.path)
    #expect(code == .badInput)
    #expect(output.lines.isEmpty)
    #expect(
      output.errors == [
        "error: show takes one scenario file, and \(folder.path) is a folder; "
          + "'rezepte run \(folder.path)' replays a folder"
      ])
  }
}
