import CommandLineKit
import Foundation
import Testing
import ViewDescription

@testable import ReplayCommands
@testable import Scenarios

/// `--record` writing files: through links, keeping modes, refusing read-only files.
@MainActor
@Suite struct RecordingFileTests {
  let stale = "launch\nexpect screen\n  old\n"

  func record(_ paths: String...) async -> (ExitCode, Output) {
    let output = Output()
    return (await makeCommand(output).run(runOptions(paths, record: true)), output)
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
    #expect(code == .failure)
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
    let screen = try await launchedScreen()
    let block = screen.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    let file = try folder.write(
      "s.scenario",
      "launch\nexpect screen\n"
        + block.replacingOccurrences(of: "\"Dessert\"", with: "\"Suche\"")
        + "\nexpect screen\nexpect screen\n\(block)\n")
    let (code, output) = await record(file)
    #expect(code == .failure)
    let nodes = ScreenDiff(old: "", new: screen).counts.added
    #expect(
      output.lines == [
        "recorded  s  4 steps  0s simulated",
        "    recorded line 2: 1 node differs (1 changed)",
        "    recorded line \(3 + screen.split(separator: "\n").count): a screen of \(nodes) nodes",
        "0 passed, 0 failed, 1 recorded",
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
