import CommandLineKit
import Foundation
import Testing

/// The check of `--out DIR` that storyboard, explore and capture share.
@Suite struct OutputFolderTests {
  let out: Option<String> = .outputFolder(help: "")
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("output-folder-\(UUID().uuidString)").path

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
  }

  @Test("A folder, or a path that can become one, passes", arguments: ["", "/new", "/new/deeper"])
  func passes(suffix: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try out.read(folder + suffix) == folder + suffix)
  }

  @Test("A file at the path, or above it, is named in one sentence")
  func fileInTheWay() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let atPath = try #require(
      throws: UsageError.self,
      performing: { try out.read(folder + "/file") })
    #expect(atPath.message == "--out \(folder)/file is a file, not a folder")
    let above = try #require(
      throws: UsageError.self,
      performing: { try out.read(folder + "/file/pages") })
    #expect(above.message == "--out \(folder)/file/pages: \(folder)/file is a file, not a folder")
  }
}
