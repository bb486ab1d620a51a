import Foundation
import Spelling
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names, paths, option values and a server's answers that hold terminal escapes reach no
/// message of any command raw: each command's errors and progress lines show them visibly.
@Suite struct ControlCharacterMessageTests {
  /// ESC, a colour (CSI), a clipboard write (OSC 52) ended by BEL, a right-to-left override and
  /// a C1 next-line.
  static let name = "x\u{1B}[31m\u{1B}]52;c;cm0gLXJm\u{7}\u{202E}\u{85}y"

  /// Whether `text` holds a control character other than a line feed.
  static func hasRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && Quoting.isControl($0) }
  }

  @Test("Every command's error and progress messages show a hostile name visibly")
  func sweep() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("control-messages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = Self.name
    let path = folder.appendingPathComponent(name).path
    let emptyFolder = folder.appendingPathComponent("empty-\(name)").path
    try FileManager.default.createDirectory(atPath: emptyFolder, withIntermediateDirectories: true)
    let pages = folder.appendingPathComponent("pages-\(name)").path
    let file = folder.appendingPathComponent("file-\(name)").path
    try Data("# notes\n".utf8).write(to: URL(fileURLWithPath: file))
    let recorded = folder.appendingPathComponent("\(name).scenario").path
    try Data("launch\nexpect screen\n".utf8).write(to: URL(fileURLWithPath: recorded))
    let hostileCatalog = try Self.catalog(in: folder, id: "1\u{1B}]52;c;eA==\u{7}")
    let scenario = "Scenarios/01-kategorien.scenario"

    // Each command line, and whether its messages must show the name (a catalog's record is
    // shown as the loader spells it).
    var commandLines: [([String], Bool)] = [
      ([name], true), (["help", name], true), (["show", scenario, name], true),
      (["run", "--filter", name, scenario], true), (["run", "--shard", name], true),
      (["run", "--jobs", name], true), (["run", "--base-url", name], true),
      (["run", "--catalog", path], true), (["run", "--catalog", hostileCatalog], false),
      (["run", "--record", recorded], true), (["run", emptyFolder], true),
      (["show", emptyFolder], true), (["show", scenario, "--catalog", path], true),
      (["storyboard", "--out", file], true), (["storyboard", emptyFolder], true),
      (["storyboard", scenario, "--out", pages], true), (["storyboard", "--catalog", path], true),
      (["serve", "--port", name], true), (["serve", "--delay", "1s@\(name)"], true),
      (["serve", "--status", name], true), (["serve", "--broken-data=\(name)"], true),
      (["serve", "--max-connections", name], true), (["serve", "--catalog", path], true),
      (["serve", "--catalog", hostileCatalog], false),
      (["capture", "--base-url", name, "--out", path], true),
      (["capture", "--base-url", "http://127.0.0.1:1/", "--out", file + "/x"], true),
      (
        ["capture", "--base-url", "http://127.0.0.1:1/", "--out", path, "--categories", ","], false
      ),
      (["play", "--start", name], true), (["play", "--save", path + "/x"], true),
      (["play", "--save", file], true), (["play", "--favorites", ""], false),
      (["explore", "--seed", name], true), (["explore", "--sessions", name], true),
      (["explore", "--steps", name], true), (["explore", "--jobs", name], true),
      (["explore", "--shard", name], true), (["explore", "--out", file], true),
      (["explore", "--catalog", path], true), (["explore", "--catalog", hostileCatalog], false),
    ]
    for command in ["run", "show", "storyboard", "serve", "capture", "play", "explore"] {
      commandLines.append(([command, "--\(name)"], true))
    }
    for (arguments, showsName) in commandLines {
      let text = try await Self.messages(of: rezepte, arguments)
      #expect(!Self.hasRawControls(text), "\(arguments.map(Quoting.quoted)): \(text)")
      if showsName {
        #expect(text.contains(Quoting.visible(name)), "\(arguments.map(Quoting.quoted)): \(text)")
      }
    }

    // A server's category names and a catalog folder's name, in capture's and serve's lines.
    let server = try BuiltProgram(rezepte, ["serve", "--port", "0", "--quiet"])
    defer { server.send(SIGKILL) }
    let started = await server.waitForOutput(containing: "\n", within: .seconds(30))
    let banner = server.outputText
    let address = try #require(
      started ? banner.firstRange(of: "http://").map { banner[$0.lowerBound...] } : nil,
      "\(banner)\(server.errorText)")
    let url = String(address.prefix { $0 != "\n" })
    for (arguments, showsName) in [
      (["capture", "--base-url", url, "--out", path, "--categories", name], true),
      (["capture", "--base-url", url, "--out", path, "--categories", "Dessert"], true),
    ] {
      let text = try await Self.messages(of: rezepte, arguments)
      #expect(!Self.hasRawControls(text), "\(arguments.map(Quoting.quoted)): \(text)")
      #expect(!showsName || text.contains(Quoting.visible(name)), "\(text)")
    }
    let captured = try BuiltProgram(rezepte, ["serve", "--port", "0", "--catalog", path])
    defer { captured.send(SIGKILL) }
    #expect(await captured.waitForOutput(containing: "\n", within: .seconds(30)))
    #expect(!Self.hasRawControls(captured.outputText), "\(captured.outputText)")
    #expect(captured.outputText.hasPrefix("Serving \(folder.path)/\(Quoting.visible(name)) ("))
    for program in [captured, server] {
      program.send(SIGTERM)
      #expect(await program.exitStatus(within: .seconds(30)) == 0)
    }
  }

  /// What `rezepte arguments` writes to standard output and standard error, once it ended.
  static func messages(of rezepte: URL, _ arguments: [String]) async throws -> String {
    let program = try BuiltProgram(rezepte, arguments)
    let status = await program.exitStatus(within: .seconds(60))
    #expect(status != nil, "\(arguments.map(Quoting.quoted)) did not end")
    return program.outputText + program.errorText
  }

  /// A catalog folder whose one record has the id `id`.
  static func catalog(in folder: URL, id: String) throws -> String {
    let catalog = folder.appendingPathComponent("catalog")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    let categories = #"{"categories":[{"idCategory":"1","strCategory":"Beef"}]}"#
    let record: [String: Any] = ["idMeal": id, "strMeal": "Stew", "strCategory": "Beef"]
    let meals = try JSONSerialization.data(withJSONObject: ["meals": [record]])
    try Data(categories.utf8).write(to: catalog.appendingPathComponent("categories.json"))
    try meals.write(to: catalog.appendingPathComponent("meals.json"))
    return catalog.path
  }
}
