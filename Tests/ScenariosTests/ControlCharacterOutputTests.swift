import CommandLineKit
import Foundation
import MealCatalog
import MealDB
import Spelling
import Testing
import ViewDescription

@testable import ReplayCommands
@testable import Scenarios

/// Texts from a scenario file or a catalog never reach the terminal with their control
/// characters: `run` and `show` print them visibly, as the text tree does.
@MainActor
@Suite struct ControlCharacterOutputTests {
  private func run(
    _ text: String, show: Bool = false, catalog: Catalog = embeddedCatalog
  ) async throws -> [String] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("t.scenario", text)
    let output = Output()
    let command = makeCommand(output) { AppDriver(catalog: catalog) }
    if show {
      _ = await command.show(file)
    } else {
      _ = await command.run(runOptions([file]))
    }
    return output.lines + output.errors
  }

  private func hasRawControls(_ lines: [String]) -> Bool {
    lines.contains { $0.unicodeScalars.contains(where: Quoting.isControl) }
  }

  @Test("A title with a clear-screen and an OSC sequence is printed with them visible")
  func title() async throws {
    let lines = try await run("title Dessert\u{1B}[2J\u{1B}]0;pwned\u{7}\u{202E}\nlaunch\n")
    #expect(!hasRawControls(lines))
    #expect(lines.first?.contains(#"Dessert\u{1B}[2J\u{1B}]0;pwned\u{7}\u{202E}"#) == true)
  }

  @Test("The closest texts of a failed `expect visible` show a meal's escapes visibly")
  func closestTexts() async throws {
    let red = try Catalog.Record(fields: [
      "idMeal": .string("1"), "strMeal": .string("Apam\u{1B}[31m balik\u{7}"),
      "strCategory": .string("Dessert"),
    ])
    let catalog = try Catalog(
      categories: [Category(id: "3", name: "Dessert")], records: [red])
    let lines = try await run("launch\nexpect visible \"Apam balik\"\n", catalog: catalog)
    #expect(!hasRawControls(lines))
    #expect(lines.contains { $0.contains(#""Apam\u{1B}[31m balik\u{7}""#) })
  }

  @Test("show prints a comment or step with control characters visibly")
  func show() async throws {
    let lines = try await run("# Ein \u{1B}[2J Kommentar\nlaunch\n", show: true)
    #expect(!hasRawControls(lines))
    #expect(lines.contains(#"# Ein \u{1B}[2J Kommentar"#))
  }

  @Test("run --list prints a folder named with a clipboard write (OSC 52) visibly")
  func listedFolderName() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let name = "x\u{1B}]52;c;cm0gLXJm\u{7}\u{2028}y"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/" + name, withIntermediateDirectories: true)
    _ = try folder.write(name + "/a.scenario", "launch\n")
    let output = Output()
    let code = await makeCommand(output).run(runOptions([folder.path], ["--list"]))
    #expect(code == .success)
    #expect(output.lines == [folder.path + #"/x\u{1B}]52;c;cm0gLXJm\u{7}\u{2028}y/a.scenario"#])
  }

  @Test("A step that starts with a byte order mark names it visibly in its error")
  func byteOrderMark() async throws {
    let lines = try await run("launch\n\u{FEFF}launch\n")
    #expect(!hasRawControls(lines))
    #expect(
      lines.contains { $0.contains(#"unknown step `\u{FEFF}launch`; did you mean `launch`?"#) })
  }

  @Test(
    "A failed step shows an invisible character of its text visibly",
    arguments: ["\u{FEFF}", "\u{200B}", "\u{2028}", "\u{2029}"])
  func invisibleCharacter(invisible: String) async throws {
    let lines = try await run("launch\nexpect title \"Des\(invisible)sert\"\n")
    let escape = Quoting.escape(for: invisible.unicodeScalars.first!)!
    #expect(!hasRawControls(lines))
    #expect(lines.contains { $0.contains("\"Des\\\(escape)sert\"") }, "\(lines)")
  }

  @Test("show prints a failed step's diff on lines of its own")
  func showDiffLines() async throws {
    let lines = try await run(
      "launch\nexpect screen\n  NavigationStack\n  └─ Screen \"Anders\"\n", show: true)
    #expect(!lines.contains { $0.contains("\\n") })
    #expect(lines.contains { $0.hasPrefix("  ") && $0.contains("Screen \"Anders\"") })
  }

  @Test("A step line with a control character gets an error that shows it")
  func diagnostic() async throws {
    let lines = try await run("launch\ndance\u{1B}[31m\n")
    #expect(!hasRawControls(lines))
    #expect(lines.contains { $0.contains(#"dance\u{1B}[31m"#) })
  }
}
