import Fixtures
import RezepteTesting
import Testing

/// Behaviour 8: the dice (Schritt 7).
@MainActor
@Suite struct ListDiceTests {
  let app: TestApp
  let network: CatalogTransport

  init() {
    (app, network) = TestApp.overCatalog()
  }

  @Test("The dice loads a random meal and pushes its detail")
  func diceHandsMealOver() async {
    network.enqueueRandom(ids: ["52844"])
    await app.launch()
    _ = app.takeRequests()
    app.model.send(.diceTapped)
    #expect(app.state.list?.isDiceBusy == true)
    await app.settle()
    #expect(app.takeRequests() == ["GET random.php", "GET lookup.php?i=52844"])
    #expect(app.state.shownPath == [.detail(TestCatalog.lasagne)])
    #expect(app.state.list?.isDiceBusy == false)
  }

  @Test("While the dice request is in flight, further taps do nothing")
  func tapsWhileBusyAreIgnored() async {
    network.setDelay(.seconds(1), for: "random.php")
    network.enqueueRandom(ids: ["52844", "52768"])
    await app.launch()
    _ = app.takeRequests()
    await app.send(.diceTapped)
    await app.advance(by: .milliseconds(500))
    await app.send(.diceTapped) { _ in }
    await app.send(.diceTapped) { _ in }
    await app.advance(by: .milliseconds(500))
    #expect(app.takeRequests() == ["GET random.php", "GET lookup.php?i=52844"])
    #expect(app.state.shownPath == [.detail(TestCatalog.lasagne)])
    await app.send(.backTapped)
    await app.send(.diceTapped)
    await app.advance(by: .seconds(1))
    #expect(app.state.shownPath == [.detail(TestCatalog.tart)])
  }

  @Test("A failed dice request shows a notice and navigates nowhere")
  func diceFailure() async {
    network.setFault(.offline, for: "random.php")
    await app.launch()
    await app.send(.diceTapped) {
      $0.list?.notice = .offline
    }
  }

  @Test("A dice answer without a meal shows the general message and navigates nowhere")
  func diceWithoutMeal() async {
    let (app, _) = TestApp.overCatalog(TestCatalog.empty)
    await app.launch()
    await app.send(.diceTapped) {
      $0.list?.notice = .other
    }
  }
}
