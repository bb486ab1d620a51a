import CommandLineKit
import Fixtures
import MealCatalog
import MealDB
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// The VoiceOver steps of the scenario language, their failures, and the audit after every step.
@MainActor
@Suite struct VoiceOverStepTests {
  /// What `rezepte run` prints of `text`, and its exit code, over `catalog`.
  func run(_ text: String, catalog: Catalog = embeddedCatalog) async throws -> (
    ExitCode, String
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("voice.scenario", text)
    let output = Output()
    let command = ScenarioCommand(
      context: ScenarioContext(catalog: catalog), makeDriver: { AppDriver(catalog: catalog) },
      useColor: false, output: { output.lines.append($0) },
      errorOutput: { output.errors.append($0) }, now: { .zero })
    let code = await command.run(runOptions([folder.path]))
    return (code, (output.lines + output.errors).joined(separator: "\n"))
  }

  @Test("Swipes move the focus, a double tap activates, the escape gesture goes back")
  func gestures() async throws {
    let (code, report) = try await run(
      """
      launch
      voiceover next
      voiceover next
      voiceover activate
      expect title "Apam balik"
      expect spoken
        Dessert, Taste
        Als Favorit merken, Taste
        ▸ Apam balik, Überschrift
        Kategorie: Dessert
        Küche: Malaysian
        Zutaten, Überschrift
        200ml Milk
        60ml Oil
        2 Eggs
        1600g Flour
        3 tsp Baking Powder
        1/2 tsp Salt
        25g Unsalted Butter
        45g Sugar
        3 tbs Peanut Butter
        Zubereitung, Überschrift
        Whisk the milk, oil and egg in a bowl, then sift in the flour, baking powder and salt and stir to a smooth batter.
        Heat a heavy pan, pour in a ladle of batter and swirl it up the sides. Cover and cook for about a minute, until bubbles appear on the surface.
        Dot with butter, sprinkle with sugar and spread over some peanut butter, then fold the pancake in half once the underside is brown.
        Cut into wedges and eat while warm.
        Video ansehen, Link
        Originalrezept, Link
      voiceover back
      expect title "Dessert"

      """)
    #expect(code == .success, "\(report)")
  }

  @Test("A wrong expectation fails with a diff, an announcement never made with what was said")
  func failures() async throws {
    let (code, report) = try await run(
      """
      launch
      expect spoken
        ▸ Dessert, Taste

      """)
    #expect(code == .failure)
    #expect(report.contains("what VoiceOver reads differs from the block (− expected, + actual):"))
    #expect(report.contains("− ▸ Dessert, Taste"))
    let (_, said) = try await run(
      "launch\ntype \"Pie\"\nwait 400ms\nexpect announced \"3 Rezepte\"\n")
    #expect(said.contains(#"expected the announcement "3 Rezepte""#))
    #expect(said.contains(#"  "2 Rezepte gefunden""#))
  }

  @Test("A gesture the focus cannot make says why")
  func unavailable() async throws {
    let (_, first) = try await run("launch\nvoiceover activate\n")
    #expect(first.contains(#""Dessert, Überschrift" does nothing when activated"#))
    let (_, start) = try await run("launch\nvoiceover back\n")
    #expect(start.contains("no notice is shown and this is the first screen"))
  }

  @Test(
    "A wording of a VoiceOver gesture gets the step as its did-you-mean",
    arguments: [
      ("swipe right", "voiceover next"), ("swipe left", "voiceover previous"),
      ("double tap", "voiceover activate"),
      ("expect announcement \"OK\"", "expect announced \"OK\""),
    ])
  func wordings(written: String, meant: String) {
    let message = errors("launch\n\(written)\n", context: appContext).first ?? ""
    #expect(message.contains("did you mean `\(meant)`?"), "\(message)")
  }

  @Test(
    "A screen that breaks an accessibility rule fails the step, naming the rule, the nodes and the line"
  )
  func auditFails() async throws {
    let twins = [
      (Meal(id: "1", name: "Lasagne"), "Dessert"), (Meal(id: "2", name: "Lasagne"), "Dessert"),
    ]
    let catalog = TestCatalog.make(categories: TestCatalog.categories, meals: twins)
    let (code, report) = try await run("launch\nexpect title \"Dessert\"\n", catalog: catalog)
    #expect(code == .failure)
    #expect(report.contains("voice.scenario:1: failed: launch"))
    #expect(
      report.contains(
        #"accessibility rule distinct-labels: meal-1 at 0.2.0 and meal-2 at 0.2.1 both speak "Lasagne", but one sends mealTapped("1") and the other mealTapped("2")"#
      ), "\(report)")
  }
}
