import RezepteTesting
import Testing

/// Scenario files as Swift tests: each file a test case, each failure at its line in the file.
@MainActor
@Suite struct ScenarioTests {
  @Test(
    "Each lesson file of Rezepte passes", arguments: try ScenarioFile.all(in: "../../Scenarios"))
  func lesson(_ file: ScenarioFile) async {
    await expectScenario(file)
  }

  @Test("A wrong step fails at its line in the scenario file")
  func wrongStep() async throws {
    let file = try #require(try ScenarioFile.all(in: "BrokenScenarios").first)
    await withKnownIssue {
      await expectScenario(file)
    } matching: { issue in
      issue.sourceLocation?.fileName == "wrong-step.scenario" && issue.sourceLocation?.line == 6
    }
  }
}
