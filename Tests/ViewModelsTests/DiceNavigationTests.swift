import Fixtures
import RezepteTesting
import Testing

/// The user's own navigation wins over the dice: once the dice's list is no longer on top, or
/// the user picked a category, the random recipe never arrives.
@MainActor
@Suite struct DiceNavigationTests {
  /// An app whose dice request for Carbonara is on its way (it takes 500 ms), from the list at
  /// the root or from Dessert's list pushed over the grid.
  func diceInFlight(start: StartScreen = .list) async -> TestApp {
    let (app, network) = TestApp.overCatalog(start: start)
    network.enqueueRandom(ids: ["52982"])
    network.setDelay(.milliseconds(500), for: "random.php")
    await app.launch()
    if start == .categories { await app.send(.categoryTileTapped("Dessert")) }
    await app.send(.diceTapped)
    #expect(app.state.list?.isDiceBusy == true)
    return app
  }

  @Test("Opening a recipe before the dice answers keeps that recipe on top")
  func openedRecipeWins() async {
    let app = await diceInFlight()
    await app.send(.mealTapped(TestCatalog.tart))
    await app.advance(by: .seconds(1))
    #expect(app.state.shownPath == [.detail(TestCatalog.tart)])
    await app.send(.backTapped)
    #expect(app.state.list?.isDiceBusy == false)
    #expect(app.state.list?.notice == nil)
  }

  @Test("Picking a category drops the dice's request")
  func pickedCategoryWins() async {
    let app = await diceInFlight()
    await app.send(.categoryPicked("Pasta"))
    #expect(app.state.list?.isDiceBusy == false)
    await app.advance(by: .seconds(1))
    #expect(app.state.path.isEmpty)
    #expect(app.state.list?.notice == nil)
  }

  @Test("Going back from the dice's list drops its request")
  func backWins() async {
    let app = await diceInFlight(start: .categories)
    await app.send(.backTapped)
    await app.advance(by: .seconds(1))
    #expect(app.state.path.isEmpty)
  }

  @Test("Setting the path drops the dice's request")
  func pathChangeWins() async {
    let app = await diceInFlight()
    await app.send(.pathChanged([app.model.makeDetail(TestCatalog.lasagne)]))
    await app.advance(by: .seconds(1))
    #expect(app.state.shownPath == [.detail(TestCatalog.lasagne)])
  }

  @Test("Left alone, the dice still opens its recipe")
  func diceAlone() async {
    let app = await diceInFlight()
    await app.advance(by: .milliseconds(500)) {
      $0.list?.isDiceBusy = false
      $0.path = [
        .init(
          id: 1,
          .detail(
            MealDetailState(
              meal: TestCatalog.carbonara,
              recipe: .loaded(TestCatalog.detail(TestCatalog.carbonara)), isRandom: true)))
      ]
    }
  }
}
