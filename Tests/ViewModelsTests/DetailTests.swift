import MealCatalog
import MealDB
import Testing
import ViewModels

/// The detail screen: `lookup.php?i=`, not found, retry and the heart.
@MainActor
@Suite struct DetailTests {
  @Test("Appearing loads the recipe with lookup.php, showing loading first")
  func appearLoads() async throws {
    let harness = Harness()
    let model = harness.detailModel(TestCatalog.lasagne)
    let recorder = model.record()
    model.appeared()
    #expect(model.state.recipe == .loading)
    await harness.settle()
    #expect(harness.newRequests() == ["GET lookup.php?i=52844"])
    let detail = try #require(model.state.recipe.value)
    #expect(detail.name == "Lasagne")
    #expect(detail.ingredients.map(\.name) == ["Flour"])
    #expect(recorder.values.map(\.recipe).first == .loading)
    #expect(model.state.title == "Lasagne")
  }

  @Test("Appearing again after the recipe loaded loads nothing")
  func appearTwice() async {
    let harness = Harness()
    let model = harness.detailModel(TestCatalog.lasagne)
    model.appeared()
    await harness.settle()
    model.appeared()
    await harness.settle()
    #expect(harness.newRequests() == ["GET lookup.php?i=52844"])
  }

  @Test("Appearing again after leaving mid-load loads again instead of spinning forever")
  func appearAfterCancelledLoad() async throws {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1), for: "lookup.php")
    let model = harness.detailModel(TestCatalog.lasagne)
    model.appeared()
    await harness.settle()
    model.disappeared()
    await harness.settle()
    #expect(model.state.recipe == .loading)
    model.appeared()
    await harness.advance(1000)
    #expect(harness.newRequests() == ["GET lookup.php?i=52844", "GET lookup.php?i=52844"])
    #expect(try #require(model.state.recipe.value).name == "Lasagne")
  }

  @Test(
    "An id the server does not know is its own not-found state",
    arguments: ["99999", "abc"])  // `null` for an unknown number, "Invalid ID" for the rest
  func notFound(id: String) async {
    let harness = Harness()
    let model = harness.detailModel(Meal(id: id, name: "Verschwunden"))
    model.appeared()
    await harness.settle()
    #expect(model.state.recipe == .failed(.notFound))
    #expect(model.state.title == "Verschwunden")
  }

  @Test("A failed load shows why", arguments: ListLoadTests.messages)
  func failedLoad(fault: CatalogTransport.Fault, message: LoadFailure) async {
    let harness = Harness()
    harness.transport.setFault(fault, for: "lookup.php")
    let model = harness.detailModel(TestCatalog.lasagne)
    model.appeared()
    await harness.settle()
    #expect(model.state.recipe == .failed(message))
  }

  @Test("Retry after a failure loads again, showing loading")
  func retry() async {
    let harness = Harness()
    harness.transport.setFault(.offline)
    let model = harness.detailModel(TestCatalog.lasagne)
    model.appeared()
    await harness.settle()
    harness.transport.setFault(nil)
    model.retryTapped()
    #expect(model.state.recipe == .loading)
    await harness.settle()
    #expect(model.state.recipe.value?.id == "52844")
  }

  @Test("Leaving the screen cancels its load without an error")
  func disappearCancels() async {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1))
    let model = harness.detailModel(TestCatalog.lasagne)
    model.appeared()
    await harness.settle()
    model.disappeared()
    await harness.settle()
    #expect(harness.clock.sleeperCount == 0)
    #expect(model.state.recipe == .loading)
  }

  @Test("The heart stores the meal's id, name and thumbnail and marks the meal a favourite")
  func heartToggles() async {
    let harness = Harness()
    let model = harness.detailModel(TestCatalog.lasagne)
    #expect(!model.state.isFavorite)
    model.heartTapped()
    #expect(model.state.isFavorite)
    #expect(
      harness.favorites.favorites == [
        Meal(id: "52844", name: "Lasagne", thumbnail: TestCatalog.thumb("lasagne"))
      ])
    model.heartTapped()
    #expect(!model.state.isFavorite)
    #expect(harness.favorites.favorites.isEmpty)
  }

  @Test("The heart follows the store when someone else changes it")
  func heartFollowsStore() {
    let harness = Harness()
    let first = harness.detailModel(TestCatalog.lasagne)
    let second = harness.detailModel(TestCatalog.lasagne)
    first.heartTapped()
    #expect(second.state.isFavorite)
    harness.favorites.toggle(TestCatalog.lasagne)
    #expect(!first.state.isFavorite)
    #expect(!second.state.isFavorite)
  }

  @Test("A detail opened for a favourite starts with the heart filled")
  func startsAsFavorite() {
    let harness = Harness(storage: .inMemory([TestCatalog.tart]))
    #expect(harness.detailModel(TestCatalog.tart).state.isFavorite)
  }
}
