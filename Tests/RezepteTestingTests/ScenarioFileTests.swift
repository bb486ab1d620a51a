import Foundation
import Testing

@testable import RezepteTesting

/// Scenario files as Swift tests: found from the package's root, each failure at its line.
@MainActor
@Suite struct ScenarioFileTests {
  @Test("The lesson files are found from the package's root, whatever the working directory")
  func findsLessons() throws {
    let files = try ScenarioFile.all(in: "Scenarios")
    #expect(files.count == 15)
    #expect(files.first?.path == "Scenarios/01-kategorien.scenario")
    #expect(FileManager.default.fileExists(atPath: try #require(files.first).absolutePath))
  }

  @Test("A lesson file passes", arguments: try ScenarioFile.all(in: "Scenarios").prefix(2))
  func lessonPasses(file: ScenarioFile) async {
    await expectScenario(file)
  }

  @Test("A wrong step fails at the scenario file's line, with the message of `rezepte run`")
  func wrongStep() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("launch\nexpect title \"Dessert\"\nexpect visible \"Vegan Lasagna\"\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    let file = ScenarioFile(path: "Scenarios/wrong.scenario", absolutePath: path)
    let found = await issues { await expectScenario(file) }
    #expect(found.count == 1)
    let location = try #require(found.first?.sourceLocation)
    #expect(location.filePath == path)
    #expect(location.line == 3)
    #expect(location.fileName == "wrong.scenario")
    let message = headline(of: try #require(found.first))
    #expect(
      message.hasPrefix(#"Scenarios/wrong.scenario:3: failed: expect visible "Vegan Lasagna""#))
  }

  @Test("A file that does not parse fails at the line of each problem")
  func brokenFile() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("launch\nsearch \"Chicken\"\n".utf8).write(to: URL(fileURLWithPath: path))
    let messages = await failures {
      await expectScenario(ScenarioFile(path: "Scenarios/typo.scenario", absolutePath: path))
    }
    #expect(try #require(messages.first).hasPrefix("Scenarios/typo.scenario:2: error: "))
  }
}
