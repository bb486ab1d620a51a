import Fixtures
import RezepteTesting
import Testing

/// The one request log: every request in order, when it went out, the fault in force, and how
/// it ended.
@MainActor
@Suite struct RequestLedgerTests {
  private func ledger(
    clock: VirtualClock = VirtualClock(), faults: CatalogTransport? = nil
  ) -> (RequestLedger, CatalogTransport) {
    let transport = faults ?? CatalogTransport(catalog: TestCatalog.catalog, clock: clock)
    let ledger = RequestLedger(
      transport, clock: clock, faultInForce: { transport.fault(for: $0.path)?.rawValue })
    return (ledger, transport)
  }

  @Test("The log holds every request in order, faulty ones included")
  func order() async throws {
    let (ledger, transport) = ledger()
    let api = MealAPI(transport: ledger)
    _ = try await api.meals(in: "Dessert")
    transport.setFault(.offline, for: "search.php")
    _ = try? await api.search("1+1 & Käse")
    _ = try await api.detail(id: "52772")
    #expect(
      ledger.entries.map(\.request.description) == [
        "GET filter.php?c=Dessert", "GET search.php?s=1+1 & Käse", "GET lookup.php?i=52772",
      ])
    #expect(ledger.entries.map(\.outcome) == [.answered, .failed, .answered])
    #expect(ledger.entries.map(\.fault) == [nil, "offline", nil])
    #expect(ledger.failures == 1)
  }

  @Test("takeNew gives the requests since its last call, once; entries marks nothing read")
  func takeNew() async throws {
    let (ledger, _) = ledger()
    let api = MealAPI(transport: ledger)
    #expect(ledger.takeNew().isEmpty)
    _ = try await api.categories()
    _ = try await api.random()
    #expect(ledger.takeNew().map(\.description) == ["GET categories.php", "GET random.php"])
    #expect(ledger.takeNew().isEmpty)
    _ = try await api.search("Tart")
    #expect(ledger.entries.map(\.request.description).last == "GET search.php?s=Tart")
    #expect(ledger.takeNew().map(\.description) == ["GET search.php?s=Tart"])
    #expect(ledger.count == 3)
  }

  @Test("Broken data counts as a failure although it answers 200; a 500 fails too")
  func simulatedFaults() async throws {
    let (ledger, transport) = ledger()
    let api = MealAPI(transport: ledger)
    transport.setFault(.brokenData)
    _ = try? await api.categories()
    transport.setFault(.serverError)
    _ = try? await api.categories()
    #expect(ledger.entries.map(\.outcome) == [.failed, .failed])
    #expect(ledger.entries.map(\.fault) == ["broken-data", "server-error"])
  }

  @Test("A request is stamped with its virtual time and ends cancelled when its task is")
  func timeAndCancellation() async throws {
    let (app, network) = TestApp.overCatalog()
    await app.launch()
    await app.advance(by: .seconds(2))
    network.setDelay(.seconds(1), for: "search.php")
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(400))
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(1400))
    let searches = app.ledger.entries.filter { $0.request.path == "search.php" }
    #expect(
      searches.map(\.request.description) == ["GET search.php?s=Las", "GET search.php?s=Lasagne"])
    #expect(searches.map(\.sentAt) == [.milliseconds(2400), .milliseconds(2800)])
    #expect(searches.map(\.outcome) == [.cancelled, .answered])
  }
}
