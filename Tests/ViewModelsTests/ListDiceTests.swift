import MealCatalog
import MealDB
import Testing
import ViewModels

/// Behaviour 8: the dice (Schritt 7).
@MainActor
@Suite struct ListDiceTests {
  @Test("The dice loads a random meal and hands it over for its detail")
  func diceHandsMealOver() async {
    let harness = Harness()
    harness.transport.enqueueRandom(ids: ["52844"])
    let picked = Recorder<Meal>()
    let model = await harness.startedList(onRandomMeal: { picked.record($0) })
    model.diceTapped()
    #expect(model.state.isDiceBusy)
    await harness.settle()
    #expect(harness.newRequests() == ["GET random.php"])
    #expect(picked.values == [TestCatalog.lasagne])
    #expect(!model.state.isDiceBusy)
  }

  @Test("While the dice request is in flight, further taps do nothing")
  func tapsWhileBusyAreIgnored() async {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1), for: "random.php")
    harness.transport.enqueueRandom(ids: ["52844", "52768"])
    let picked = Recorder<Meal>()
    let model = await harness.startedList(onRandomMeal: { picked.record($0) })
    model.diceTapped()
    await harness.advance(500)
    model.diceTapped()
    model.diceTapped()
    await harness.advance(500)
    #expect(harness.newRequests() == ["GET random.php"])
    #expect(picked.values == [TestCatalog.lasagne])
    model.diceTapped()
    await harness.advance(1000)
    #expect(picked.values == [TestCatalog.lasagne, TestCatalog.tart])
  }

  @Test("A failed dice request shows a notice and navigates nowhere")
  func diceFailure() async {
    let harness = Harness()
    harness.transport.setFault(.offline, for: "random.php")
    let picked = Recorder<Meal>()
    let model = await harness.startedList(onRandomMeal: { picked.record($0) })
    model.diceTapped()
    await harness.settle()
    #expect(picked.values.isEmpty)
    #expect(model.state.notice == .offline)
    #expect(!model.state.isDiceBusy)
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  @Test("A dice answer without a meal shows the general message and navigates nowhere")
  func diceWithoutMeal() async {
    let harness = Harness(catalog: TestCatalog.empty)
    let picked = Recorder<Meal>()
    let model = await harness.startedList(onRandomMeal: { picked.record($0) })
    model.diceTapped()
    await harness.settle()
    #expect(picked.values.isEmpty)
    #expect(model.state.notice == .other)
  }
}
