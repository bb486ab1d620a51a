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

  @Test("A step line with a control character gets an error that shows it")
  func diagnostic() async throws {
    let lines = try await run("launch\ndance\u{1B}[31m\n")
    #expect(!hasRawControls(lines))
    #expect(lines.contains { $0.contains(#"dance\u{1B}[31m"#) })
  }
}
