import Foundation
import Testing

@testable import TerminalPlayer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--save FILE` is checked before the session starts: whatever the writer would refuse at the
/// end is refused at the start, with a sentence.
@Suite struct SaveTargetTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "play-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("An empty --save path is refused at the start")
  func emptyPath() {
    #expect(PlayCommand.saveProblem("", force: false) != nil)
    #expect(PlayCommand.saveProblem("", force: true) != nil)
  }

  @Test("A dangling symbolic link is refused without --force: its name is taken")
  func danglingLink() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("s.scenario").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: folder.appendingPathComponent("missing").path)
    #expect(PlayCommand.saveProblem(link, force: false) != nil)
  }

  @Test("A FIFO is refused at the start, even with --force")
  func fifo() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.scenario").path
    #expect(mkfifo(path, 0o644) == 0)
    #expect(PlayCommand.saveProblem(path, force: true)?.contains("not a regular file") == true)
  }

  @Test("The null device is refused at the start, even with --force")
  func nullDevice() {
    #expect(
      PlayCommand.saveProblem("/dev/null", force: true)?.contains("not a regular file") == true)
  }

  @Test("A read-only file is refused at the start, even with --force")
  func readOnly() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.scenario").path
    try "x".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o444) == 0)
    #expect(PlayCommand.saveProblem(path, force: true)?.contains("read-only") == true)
  }

  @Test("A folder, and a file in a missing folder, are refused at the start")
  func folders() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(PlayCommand.saveProblem(folder.path, force: true) != nil)
    let missing = folder.appendingPathComponent("missing/s.scenario").path
    #expect(PlayCommand.saveProblem(missing, force: false) != nil)
  }
}
