import CommandLineKit
import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// `--record` writing files: through links, keeping modes, refusing read-only files.
@MainActor
@Suite struct RecordingFileTests {
  let stale = "launch\nexpect screen\n  old\n"

  func record(_ paths: String...) async -> (ExitCode, ScenarioCommandTests.Output) {
    let output = ScenarioCommandTests.Output()
    var options = CommandLineOptions.RunOptions()
    options.paths = paths
    options.record = true
    let command = ScenarioCommand(
      context: testContext, makeDriver: { FakeDriver() }, useColor: false,
      output: { output.lines.append($0) }, errorOutput: { output.errors.append($0) },
      now: { .zero })
    return (await command.run(options), output)
  }

  @Test("Recording through a symbolic link rewrites the target, keeps the link and the mode")
  func throughLink() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let target = try folder.write("target.scenario", stale)
    chmod(target, 0o640)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/link.scenario", withDestinationPath: "target.scenario")
    let (code, _) = await record(folder.path + "/link.scenario")
    #expect(code == .success)
    #expect(try folder.read("target.scenario") != Data(stale.utf8))
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.path + "/link.scenario")
    #expect(link == "target.scenario")
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
  }

  @Test("Recording says for each rewritten block how many nodes are new, changed and gone")
  func summary() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "s.scenario",
      """
      launch
      expect screen
        NavigationStack
        └─ Screen "Suche"
           ├─ Row "A"
           └─ Row "B"
      expect screen
      expect screen
        NavigationStack
        └─ Screen "Dessert"

      """)
    let (code, output) = await record(file)
    #expect(code == .success)
    let recorded = try #require(output.lines.firstIndex(of: "recorded \(file)"))
    #expect(
      output.lines[recorded...].prefix(3) == [
        "recorded \(file)",
        "  line 2: 3 nodes differ (1 changed, 2 gone)",
        "  line 7: a screen of 2 nodes",
      ])
  }

  @Test("A read-only scenario file is not rewritten: bad input, with a sentence")
  func readOnly() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.scenario", stale)
    chmod(file, 0o444)
    let (code, output) = await record(file)
    #expect(code == .badInput)
    #expect(output.errors == ["\(file): error: cannot record the file: the file is read-only"])
    #expect(try folder.read("a.scenario") == Data(stale.utf8))
  }

  @Test("One read-only file among several: nothing is replayed or rewritten, each is named")
  func readOnlyAmongSeveral() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try folder.write("a.scenario", stale)
    let second = try folder.write("b.scenario", stale)
    let third = try folder.write("c.scenario", stale)
    chmod(second, 0o444)
    chmod(third, 0o444)
    let (code, output) = await record(first, second, third)
    #expect(code == .badInput)
    #expect(output.lines.isEmpty)
    #expect(
      output.errors == [
        "\(second): error: cannot record the file: the file is read-only",
        "\(third): error: cannot record the file: the file is read-only",
      ])
    #expect(try folder.read("a.scenario") == Data(stale.utf8))
  }
}
