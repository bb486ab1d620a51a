import Foundation
import MealCatalog
import MealDB
import Testing
import VirtualTime

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The offline transport's faults, delays on the injected clock, request log and random queue.
@Suite struct CatalogTransportTests {
  // MARK: - Faults

  @Test("Without a fault every path answers normally")
  func noFault() async throws {
    let api = MealAPI(transport: try Fixtures.transport())
    #expect(try await api.categories().count == 4)
    #expect(try await api.meals(in: "Dessert").count == 3)
  }

  @Test("Offline fails with URLError.notConnectedToInternet and its message")
  func offline() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.offline)
    let error = try #require(
      await #expect(throws: URLError.self) {
        try await MealAPI(transport: transport).categories()
      })
    #expect(error.code == .notConnectedToInternet)
    #expect(
      LoadFailure(error) == .offline)
  }

  @Test("Timeout fails with URLError.timedOut and its message")
  func timeout() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.timeout)
    let error = try #require(
      await #expect(throws: URLError.self) {
        try await MealAPI(transport: transport).meals(in: "Dessert")
      })
    #expect(error.code == .timedOut)
    #expect(
      LoadFailure(error)
        == .timeout)
  }

  @Test("Server error answers HTTP 500, which the client throws as badStatus(500)")
  func serverError() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.serverError)
    #expect(try await transport.send(request("categories.php")).status == 500)
    await #expect(throws: LoadFailure.badStatus(500)) {
      try await MealAPI(transport: transport).search("Apple")
    }
  }

  @Test("Broken data answers 200 with a body the client throws a DecodingError for")
  func brokenData() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.brokenData)
    #expect(try await transport.send(request("lookup.php", "i", "52770")).status == 200)
    let error = try #require(
      await #expect(throws: DecodingError.self) {
        try await MealAPI(transport: transport).detail(id: "52770")
      })
    #expect(LoadFailure(error) == .unreadable)
  }

  @Test("A fault for all paths hits every endpoint", arguments: Catalog.endpoints)
  func faultForAllPaths(endpoint: String) async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.offline)
    await #expect(throws: URLError(.notConnectedToInternet)) {
      try await transport.send(request(endpoint))
    }
  }

  @Test("A fault for one path leaves the other paths working")
  func faultForOnePath() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.serverError, for: "filter.php")
    let api = MealAPI(transport: transport)
    await #expect(throws: LoadFailure.badStatus(500)) { try await api.meals(in: "Dessert") }
    #expect(try await api.categories().count == 4)
    #expect(try await api.detail(id: "52770")?.name == "Spaghetti Bolognese")
  }

  @Test("A path's own fault wins over the fault for all paths")
  func pathFaultWins() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.offline)
    transport.setFault(.timeout, for: "search.php")
    await #expect(throws: URLError(.timedOut)) { try await transport.send(request("search.php")) }
    await #expect(throws: URLError(.notConnectedToInternet)) {
      try await transport.send(request("categories.php"))
    }
  }

  @Test("Healing one path leaves the fault for all paths in place")
  func healOnePath() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.offline)
    transport.setFault(.timeout, for: "search.php")
    transport.setFault(nil, for: "search.php")
    await #expect(throws: URLError(.notConnectedToInternet)) {
      try await transport.send(request("search.php", "s", "a"))
    }
  }

  @Test("setFault(nil) heals every path, single-path faults included")
  func healAll() async throws {
    let transport = try Fixtures.transport()
    transport.setFault(.offline)
    transport.setFault(.brokenData, for: "lookup.php")
    transport.setFault(.serverError, for: "categories.php")
    transport.setFault(nil)
    let api = MealAPI(transport: transport)
    #expect(try await api.categories().count == 4)
    #expect(try await api.detail(id: "52771")?.name == "Spicy Arrabiata Penne")
    #expect(try await api.search("pen").count == 1)
  }

  @Test("Fault names are the ones scenario files use")
  func faultNames() {
    #expect(
      CatalogTransport.Fault.allCases.map(\.rawValue)
        == ["offline", "timeout", "server-error", "broken-data"])
  }

  // MARK: - Delays on the injected clock

  /// Starts one `categories()` call as a tracked task; the box says when and how it ended.
  @MainActor
  private func startLoading(
    _ transport: CatalogTransport, tracker: TaskTracker, path: String = "categories.php"
  ) -> (Task<Void, Never>, Locked<Result<Int, any Error>?>) {
    let outcome = Locked<Result<Int, any Error>?>(nil)
    let task = tracker.spawn {
      do {
        let response = try await transport.send(request(path))
        outcome.withLock { $0 = .success(response.status) }
      } catch {
        outcome.withLock { $0 = .failure(error) }
      }
    }
    return (task, outcome)
  }

  @Test("A delayed answer arrives only once the virtual clock reaches it")
  @MainActor
  func delay() async throws {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let transport = try Fixtures.transport(clock: clock)
    transport.setDelay(.seconds(2))
    let (_, outcome) = startLoading(transport, tracker: tracker)
    await tracker.settle()
    #expect(outcome.withLock { $0 } == nil)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1999))
    #expect(outcome.withLock { $0 } == nil)
    await clock.advance(by: .milliseconds(1))
    #expect(try outcome.withLock { try $0?.get() } == 200)
  }

  @Test("An hour's delay passes in virtual time, not wall time")
  @MainActor
  func longDelay() async throws {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let transport = try Fixtures.transport(clock: clock)
    transport.setDelay(.seconds(3600))
    let (task, outcome) = startLoading(transport, tracker: tracker)
    await tracker.settle()
    #expect(outcome.withLock { $0 } == nil)
    await clock.advance(by: .seconds(3600))
    await task.value
    #expect(try outcome.withLock { try $0?.get() } == 200)
    #expect(clock.now.offset == .seconds(3600))
  }

  @Test("A delay for one path leaves the other paths immediate")
  @MainActor
  func delayForOnePath() async throws {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let transport = try Fixtures.transport(clock: clock)
    transport.setDelay(.seconds(1), for: "search.php")
    let (_, slow) = startLoading(transport, tracker: tracker, path: "search.php")
    let (_, fast) = startLoading(transport, tracker: tracker, path: "categories.php")
    await tracker.settle()
    #expect(try fast.withLock { try $0?.get() } == 200)
    #expect(slow.withLock { $0 } == nil)
    await clock.advance(by: .seconds(1))
    #expect(try slow.withLock { try $0?.get() } == 200)
  }

  @Test("A fault arrives after the delay, like a real slow failure")
  @MainActor
  func faultAfterDelay() async throws {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let transport = try Fixtures.transport(clock: clock)
    transport.setDelay(.seconds(5))
    transport.setFault(.timeout)
    let (_, outcome) = startLoading(transport, tracker: tracker)
    await tracker.settle()
    #expect(outcome.withLock { $0 } == nil)
    await clock.advance(by: .seconds(5))
    #expect(throws: URLError(.timedOut)) { try outcome.withLock { try $0?.get() } }
  }

  @Test("Cancelling during the delay throws CancellationError")
  @MainActor
  func cancelDuringDelay() async throws {
    let tracker = TaskTracker()
    let clock = VirtualClock(tracker: tracker)
    let transport = try Fixtures.transport(clock: clock)
    transport.setDelay(.seconds(2))
    let (task, outcome) = startLoading(transport, tracker: tracker)
    await tracker.settle()
    task.cancel()
    await task.value
    #expect(throws: CancellationError.self) { try outcome.withLock { try $0?.get() } }
    #expect(clock.sleeperCount == 0)
  }

  // MARK: - Random queue

  @Test("enqueueRandom makes random.php answer those meals in order, then the generator")
  func enqueueRandom() async throws {
    let transport = try Fixtures.transport(seed: 9)
    let reference = MealAPI(transport: try Fixtures.transport(seed: 9))
    let api = MealAPI(transport: transport)
    transport.enqueueRandom(ids: ["52771", "53049", "52771"])
    var ids: [String?] = []
    for _ in 0..<4 { ids.append(try await api.random()?.id) }
    #expect(ids.prefix(3) == ["52771", "53049", "52771"])
    #expect(ids[3] == (try await reference.random()?.id))
  }

  @Test("An enqueued meal answers random.php as a full record")
  func enqueuedFullRecord() async throws {
    let transport = try Fixtures.transport()
    transport.enqueueRandom(ids: ["52770"])
    let response = try await transport.send(request("random.php"))
    let detail = try JSONDecoder().decode(MealsResponse<MealDetail>.self, from: response.body)
    #expect(detail.items.map(\.name) == ["Spaghetti Bolognese"])
    #expect(detail.items.first?.ingredients.isEmpty == false)
  }

  @Test("A fault does not use up an enqueued random meal")
  func faultKeepsQueue() async throws {
    let transport = try Fixtures.transport()
    let api = MealAPI(transport: transport)
    transport.enqueueRandom(ids: ["53000"])
    transport.setFault(.offline)
    _ = try? await api.random()
    transport.setFault(nil)
    #expect(try await api.random()?.id == "53000")
  }
}
