import MealCatalog
import MealDB
import Testing
import ViewModels

/// The user's own navigation wins over the dice: once the dice's list is no longer on top, or
/// the user picked a category, the random recipe never arrives.
@MainActor
@Suite struct DiceNavigationTests {
  /// An app on the list whose dice request for Carbonara is on its way (it takes 500 ms).
  private func diceInFlight(_ harness: Harness, start: StartScreen = .list) async -> AppModel {
    harness.transport.enqueueRandom(ids: ["52982"])
    harness.transport.setDelay(.milliseconds(500), for: "random.php")
    let app = harness.appModel(start: start)
    app.launch()
    await harness.settle()
    if start == .categories {
      app.send(.categoryTileTapped("Dessert"))
      await harness.settle()
    }
    app.send(.diceTapped)
    await harness.settle()
    #expect(app.state.list?.isDiceBusy == true)
    return app
  }

  @Test("Opening a recipe before the dice answers keeps that recipe on top")
  func openedRecipeWins() async {
    let harness = Harness()
    let app = await diceInFlight(harness)
    app.send(.mealTapped(TestCatalog.tart))
    await harness.advance(1000)
    #expect(app.shownPath == [.detail(TestCatalog.tart)])
    app.send(.backTapped)
    #expect(app.state.list?.isDiceBusy == false)
    #expect(app.state.list?.notice == nil)
  }

  @Test("Picking a category drops the dice's request")
  func pickedCategoryWins() async {
    let harness = Harness()
    let app = await diceInFlight(harness)
    app.send(.categoryPicked("Pasta"))
    #expect(app.state.list?.isDiceBusy == false)
    await harness.advance(1000)
    #expect(app.path.isEmpty)
    #expect(app.state.list?.notice == nil)
  }

  @Test("Going back from the dice's list drops its request")
  func backWins() async {
    let harness = Harness()
    let app = await diceInFlight(harness, start: .categories)
    app.send(.backTapped)
    await harness.advance(1000)
    #expect(app.path.isEmpty)
  }

  @Test("Setting the path drops the dice's request")
  func pathChangeWins() async {
    let harness = Harness()
    let app = await diceInFlight(harness)
    app.send(.pathChanged([app.makeDetail(TestCatalog.lasagne)]))
    await harness.advance(1000)
    #expect(app.shownPath == [.detail(TestCatalog.lasagne)])
  }

  @Test("Left alone, the dice still opens its recipe")
  func diceAlone() async {
    let harness = Harness()
    let app = await diceInFlight(harness)
    await harness.advance(500)
    #expect(app.shownPath == [.detail(TestCatalog.carbonara)])
  }
}
