import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte play` under a pseudo-terminal against what a hostile user or catalog sends: long
/// pastes, signals while busy, terminal escapes in meal names, `--save` through links.
@Suite struct PlayHostileInputTests {
  /// 20,004 characters: `Lasagne ` 2,500 times, then `Ende`.
  static let paste = String(repeating: "Lasagne ", count: 2_500) + "Ende"

  /// Starts `rezepte play` with favourites under `folder`, focuses the search and pastes `paste`.
  static func pasting(in folder: URL) throws -> (Process, PseudoTerminal) {
    let (process, terminal) = try PlayEndToEndTests.play(dataHome: folder)
    try terminal.waitFor("Apam balik")
    terminal.type("/")
    try terminal.waitFor("Tippen zum Suchen")
    terminal.type(paste)
    return (process, terminal)
  }

  @Test("A paste of 20,000 characters into the search is drawn in time linear in its length")
  func longPaste() throws {
    let folder = try PlayEndToEndTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, terminal) = try Self.pasting(in: folder)
    defer { if process.isRunning { process.terminate() } }
    // The field shows the end of its text on one line; the old player took 79 s of CPU here.
    try terminal.waitFor("Lasagne Ende▏", deadline: 10)
    terminal.type("\u{03}")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test("SIGTERM during a long paste restores the terminal and ends with 128 + SIGTERM")
  func signalWhileBusy() throws {
    let folder = try PlayEndToEndTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, terminal) = try Self.pasting(in: folder)
    defer { if process.isRunning { process.terminate() } }
    kill(process.processIdentifier, SIGTERM)
    // Guards against a hang only: the watchdog answers within 2 s on a quiet machine.
    try terminal.waitFor(bytes: "\u{1B}[?1049l", deadline: 60)
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGTERM)
  }

  @Test("A meal name with a terminal escape from --catalog is drawn with the escape visible")
  func escapeInCatalog() throws {
    let folder = try PlayEndToEndTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = try Self.catalog(in: folder, renaming: "Apam balik", to: #"Apam\u001b[31m balik"#)
    let (process, terminal) = try PlayEndToEndTests.play(
      dataHome: folder, arguments: ["--catalog", catalog.path])
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor(#"Apam\u{1B}[31m balik"#)
    terminal.type("q")
    process.waitUntilExit()
    #expect(!terminal.output.contains("\u{1B}[31m"))
  }

  @Test("--save --force through a symbolic link writes the link's target and keeps the link")
  func saveThroughLink() throws {
    let folder = try PlayEndToEndTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("real.scenario").path
    let link = folder.appendingPathComponent("link.scenario").path
    try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let (process, terminal) = try PlayEndToEndTests.play(
      dataHome: folder, arguments: ["--save", link, "--force"])
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor("Apam balik")
    terminal.type("q")
    try terminal.waitFor("saved \(link)")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# Played"))
  }

  /// A copy of the embedded catalog in `folder` with one meal renamed; `name` is written into
  /// the JSON as it is, escapes included.
  static func catalog(in folder: URL, renaming old: String, to name: String) throws -> URL {
    let embedded = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Data/MealCatalog/Resources/Catalog")
    let catalog = folder.appendingPathComponent("catalog")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    for file in ["categories.json", "meals.json"] {
      var text = try String(
        contentsOf: embedded.appendingPathComponent(file), encoding: .utf8)
      text = text.replacingOccurrences(
        of: "\"strMeal\": \"\(old)\"", with: "\"strMeal\": \"\(name)\"")
      try text.write(to: catalog.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    return catalog
  }
}
