import Foundation
import Testing

@testable import Scenarios

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "scenarios-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func read(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
  }

  var contents: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

@Suite struct ScenarioFilesTests {
  @Test("Folders are searched for .scenario files sorted by name; files are taken as given")
  func collectsFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("b.scenario", "launch\n")
    _ = try folder.write("a.scenario", "launch\n")
    _ = try folder.write("notes.txt", "")
    let given = try folder.write("z.txt", "launch\n")
    let (entries, diagnostics) = ScenarioFiles.collectEntries([folder.path, given])
    #expect(diagnostics.isEmpty)
    #expect(
      entries.map(\.file) == [folder.path + "/a.scenario", folder.path + "/b.scenario", given])
  }

  @Test("A path that does not exist is reported")
  func missingPath() {
    let (entries, diagnostics) = ScenarioFiles.collectEntries(["/nonexistent/x.scenario"])
    #expect(entries.isEmpty)
    #expect(
      diagnostics.map(\.description) == ["/nonexistent/x.scenario: error: no such file or folder"])
  }

  @Test("A file that cannot be read is reported")
  func unreadableFile() {
    let result = ScenarioFiles.read("/nonexistent/x.scenario")
    #expect(
      throws: Diagnostic(
        file: "/nonexistent/x.scenario", line: nil, message: "cannot read the file")
    ) {
      try result.get()
    }
  }

  @Test("A file that is not UTF-8 is reported at its first bad line")
  func notUTF8() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.path + "/f.scenario"
    let data = Data("launch\nwait 1s\n".utf8) + Data([0x74, 0xFF, 0x0A])
    try data.write(to: URL(fileURLWithPath: file))
    #expect(
      throws: Diagnostic(file: file, line: 3, message: "this line is not valid UTF-8 text")
    ) {
      try ScenarioFiles.read(file).get()
    }
  }

  @Test("The problems of all files are collected")
  func allFilesProblems() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a.scenario", "wiat 1s\n")
    let b = try folder.write("b.scenario", "launch\nwait 5\n")
    let (scenarios, diagnostics) = ScenarioFiles.load([a, b], context: testContext)
    #expect(scenarios.isEmpty)
    #expect(diagnostics.map(\.line) == [1, 2])
    #expect(diagnostics.map(\.file) == [a, b])
  }

  @Test("The filter keeps scenarios whose file name or title contains the text")
  func filter() throws {
    let search = try parse("title Suche mit Pause\nlaunch\n", file: "S/02-suche.scenario")
    let favorites = try parse("title Herzen\nlaunch\n", file: "S/04-favoriten.scenario")
    #expect(ScenarioFiles.filter([search, favorites], by: "favoriten") == [favorites])
    #expect(ScenarioFiles.filter([search, favorites], by: "Pause") == [search])
    #expect(ScenarioFiles.filter([search, favorites], by: nil).count == 2)
  }
}
