import MealCatalog
import MealDB
import Testing
import ViewDescription

@testable import Scenarios

/// The real driver: the grid start, the search suggestions and `tap "<label>"` over the app.
@MainActor
@Suite struct AppDriverStepTests {
  private func driver(catalog: Catalog? = nil) throws -> AppDriver {
    AppDriver(catalog: try catalog ?? Catalog.embedded())
  }

  /// Runs `body` and returns the `StepUnavailable` message it threw.
  private func refusal(_ body: () async throws -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch {
      return (error as? StepUnavailable)?.message
    }
  }

  // MARK: - Grid start

  @Test("`given start categories` makes the launch open the grid")
  func gridStart() async throws {
    let driver = try driver()
    try await driver.step("given start categories")
    await driver.app.launch()
    #expect(driver.title() == "Kategorien")
    #expect(driver.app.takeRequests() == ["GET categories.php"])
    #expect(driver.visibleTexts().contains("Seafood"))
  }

  @Test("A relaunch keeps the start screen")
  func relaunchKeepsStart() async throws {
    let driver = try driver()
    try await driver.step("given start categories")
    await driver.app.launch()
    await driver.app.relaunch()
    #expect(driver.title() == "Kategorien")
  }

  // MARK: - Tap by label

  @Test("A tile is tapped by its name and pushes the category's list")
  func tapTile() async throws {
    let driver = try driver()
    try await driver.step("given start categories")
    await driver.app.launch()
    _ = driver.app.takeRequests()
    try await driver.step("tap \"Pasta\"")
    #expect(driver.title() == "Pasta")
    #expect(driver.app.takeRequests() == ["GET filter.php?c=Pasta"])
  }

  @Test("A row is tapped by its name and opens the recipe")
  func tapRow() async throws {
    let driver = try driver()
    await driver.app.launch()
    try await driver.step("tap \"Apam balik\"")
    #expect(driver.title() == "Apam balik")
  }

  @Test("A button is tapped by its title")
  func tapButton() async throws {
    let driver = try driver()
    try await driver.step("given random 52772")
    await driver.app.launch()
    try await driver.step("tap \"Zufallsrezept\"")
    #expect(driver.title() == "Teriyaki Chicken Casserole")
    try await driver.step("tap \"Als Favorit merken\"")
    #expect(driver.visibleTexts().contains("Favorit entfernen"))
  }

  @Test("A label nothing shows fails with what the screen offers")
  func tapNotFound() async throws {
    let driver = try driver()
    try await driver.step("given start categories")
    await driver.app.launch()
    let message = await refusal { try await driver.step("tap \"Kuchen\"") }
    #expect(
      message
        == "Nothing tappable is labelled \"Kuchen\"; the screen offers \"Beef\", \"Chicken\", "
        + "\"Dessert\", \"Lamb\", \"Miscellaneous\", \"Pasta\", \"Pork\", \"Seafood\", \"Side\", "
        + "\"Starter\", \"Vegan\", \"Vegetarian\", \"Breakfast\", \"Goat\".")
  }

  @Test("A label two different things show fails naming both")
  func tapAmbiguous() async throws {
    // A recipe named like a category: its row and the picker's option share the label.
    let beef = try Catalog.Record(fields: [
      "idMeal": .string("1"), "strMeal": .string("Beef"), "strCategory": .string("Dessert"),
    ])
    let catalog = try Catalog(
      categories: [Category(id: "1", name: "Beef"), Category(id: "3", name: "Dessert")],
      records: [beef])
    let driver = try driver(catalog: catalog)
    await driver.app.launch()
    let message = await refusal { try await driver.step("tap \"Beef\"") }
    #expect(
      message
        == "2 elements are labelled \"Beef\" and do different things: picker option \"Beef\" → "
        + "categoryPicked(\"Beef\"), Row \"Beef\" → mealTapped(\"1\").")
  }

  // MARK: - Suggestions

  @Test("Focus and a picked suggestion search at once, with one request")
  func pickSuggestion() async throws {
    let driver = try driver()
    await driver.app.launch()
    _ = driver.app.takeRequests()
    try await driver.step("focus search")
    #expect(driver.visibleTexts().contains("Cake"))
    try await driver.step("pick suggestion \"Cake\"")
    #expect(driver.title() == "Suche")
    #expect(driver.app.takeRequests() == ["GET search.php?s=Cake"])
  }

  @Test("Focusing where there is no search field fails with what the screen offers")
  func focusWithoutField() async throws {
    let driver = try driver()
    try await driver.step("given start categories")
    await driver.app.launch()
    let message = await refusal { try await driver.step("focus search") }
    #expect(message?.hasPrefix("this screen has no search field; it offers \"Beef\"") == true)
  }

  @Test("Picking a suggestion from a field without the focus says to focus it first")
  func pickUnfocused() async throws {
    let driver = try driver()
    await driver.app.launch()
    let message = await refusal { try await driver.step("pick suggestion \"Cake\"") }
    #expect(
      message
        == "the search field is not focused, so it shows no suggestions; `focus search` first")
  }

  @Test("Picking a suggestion while the field holds text says they show when it is empty")
  func pickWithText() async throws {
    let driver = try driver()
    await driver.app.launch()
    try await driver.step("focus search")
    try await driver.type("Pa")
    let message = await refusal { try await driver.step("pick suggestion \"Cake\"") }
    #expect(
      message
        == "the search field shows no suggestions while it holds \"Pa\"; they show while it is "
        + "empty (`clear search`)")
  }

  @Test("Picking a suggestion that is not offered lists the suggestions")
  func pickUnknown() async throws {
    let driver = try driver()
    await driver.app.launch()
    try await driver.step("focus search")
    let message = await refusal { try await driver.step("pick suggestion \"Pasta\"") }
    #expect(
      message
        == "there is no suggestion \"Pasta\"; the suggestions are \"Lasagne\", \"Pie\", \"Cake\", "
        + "\"Soup\"")
  }
}
