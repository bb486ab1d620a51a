import Foundation
import MealCatalog
import MealDB
import Testing
import ViewModels
import VirtualTime

/// Behaviours 4 (load and refresh), 5 (cancellation, stale answers), 7 (messages), 9 (retry)
/// and the notice.
@MainActor
@Suite struct ListLoadTests {
  nonisolated static let messages: [(CatalogTransport.Fault, LoadFailure)] = [
    (.offline, .offline),
    (.timeout, .timeout),
    (.serverError, .badStatus(500)),
    (.brokenData, .unreadable),
  ]

  // MARK: - 4. Load and refresh

  @Test("A load shows loading, then the list")
  func loadShowsLoadingThenLoaded() async {
    let harness = Harness()
    let model = harness.listModel()
    let recorder = model.record()
    model.appeared()
    await harness.settle()
    let states = recorder.values.map(\.meals).reduce(into: [LoadState<[Meal]>]()) {
      if $0.last != $1 { $0.append($1) }
    }
    #expect(states == [.loading, .loaded(TestCatalog.desserts)])
  }

  @Test("A load that fails shows loading, then the failure")
  func loadShowsLoadingThenFailed() async {
    let harness = Harness()
    harness.transport.setFault(.offline, for: "filter.php")
    let model = harness.listModel()
    let recorder = model.record()
    model.appeared()
    await harness.settle()
    #expect(recorder.values.first?.meals == .loading)
    #expect(model.state.meals == .failed(.offline))
    #expect(model.state.notice == nil)
  }

  @Test("A pull to refresh never shows loading: the list stays visible")
  func refreshKeepsListVisible() async {
    let harness = Harness()
    harness.transport.setDelay(.milliseconds(300), for: "filter.php")
    let model = harness.listModel()
    model.appeared()
    await harness.advance(300)
    let recorder = model.record()
    let refresh = model.pulledToRefresh()
    #expect(model.state.isRefreshing)
    await harness.advance(300)
    await refresh.value
    #expect(recorder.values.allSatisfy { $0.meals == .loaded(TestCatalog.desserts) })
    #expect(!model.state.isRefreshing)
    #expect(harness.newRequests().suffix(1) == ["GET filter.php?c=Dessert"])
  }

  @Test("A failed pull to refresh keeps the list and shows the error as a notice")
  func failedRefreshKeepsList() async {
    let harness = Harness()
    let model = await harness.startedList()
    harness.transport.setFault(.timeout)
    await model.pulledToRefresh().value
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    #expect(
      model.state.notice == .timeout)
    #expect(!model.state.isRefreshing)
  }

  @Test("With nothing loaded yet, a pull to refresh behaves like retry and shows loading")
  func refreshWithoutListIsRetry() async {
    let harness = Harness()
    harness.transport.setFault(.offline)
    let model = await harness.startedList()
    harness.transport.setFault(nil)
    let refresh = model.pulledToRefresh()
    #expect(model.state.meals == .loading)
    #expect(!model.state.isRefreshing)
    await refresh.value
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  @Test("A failed pull to refresh with nothing loaded shows the failure, not a notice")
  func failedRefreshWithoutList() async {
    let harness = Harness()
    harness.transport.setFault(.offline)
    let model = await harness.startedList()
    await model.pulledToRefresh().value
    #expect(model.state.meals == .failed(.offline))
    #expect(model.state.notice == nil)
  }

  @Test("A pull to refresh during the search pause loads the typed search at once")
  func refreshDuringPause() async {
    let harness = Harness()
    let model = await harness.startedList()
    model.searchTextChanged("Las")
    await model.pulledToRefresh().value
    await harness.advance(1000)
    #expect(harness.newRequests() == ["GET search.php?s=Las"])
    #expect(model.state.loadedQuery == Query(category: "Dessert", search: "Las"))
  }

  // MARK: - 5. Cancellation and stale answers

  @Test(
    "Cancellation never becomes an error or a notice",
    arguments: [CancellationError() as any Error & Sendable, URLError(.cancelled)])
  func cancellationIsNoError(error: any Error & Sendable) async {
    let harness = Harness(wrap: { _ in ThrowingTransport(error: error) })
    let model = harness.listModel()
    model.appeared()
    await harness.settle()
    #expect(model.state.meals == .loading)
    #expect(model.state.notice == nil)
  }

  @Test("A cancelled pull to refresh keeps the list and shows no notice")
  func cancelledRefreshIsNoNotice() async {
    let harness = Harness(wrap: { transport in
      CancelledAfterStart(base: transport)
    })
    let model = await harness.startedList()
    await model.pulledToRefresh().value
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
    #expect(model.state.notice == nil)
    #expect(!model.state.isRefreshing)
  }

  @Test("Typing on while a search is in flight cancels it without an error")
  func typingCancelsSearchInFlight() async {
    let harness = Harness()
    harness.transport.setDelay(.seconds(1), for: "search.php")
    let model = await harness.startedList()
    let recorder = model.record()
    model.searchTextChanged("Las")
    await harness.advance(400)
    model.searchTextChanged("Lasa")
    await harness.advance(1400)
    #expect(harness.newRequests() == ["GET search.php?s=Las", "GET search.php?s=Lasa"])
    #expect(!recorder.values.contains { if case .failed = $0.meals { true } else { false } })
    #expect(recorder.values.allSatisfy { $0.notice == nil })
    #expect(model.state.loadedQuery == Query(category: "Dessert", search: "Lasa"))
  }

  @Test("An older search that answers after a newer one never replaces it")
  func staleAnswerIsDropped() async {
    let harness = Harness()
    let model = await harness.startedList()
    let recorder = model.record()
    harness.transport.setDelay(.seconds(1), for: "search.php")
    model.searchTextChanged("Las")
    await harness.advance(400)  // "Las" goes out and takes 1 s.
    harness.transport.setDelay(.milliseconds(100), for: "search.php")
    model.searchTextChanged("Spag")
    await harness.advance(2000)  // "Spag" goes out 400 ms later and takes 100 ms.
    #expect(model.state.meals == .loaded([TestCatalog.carbonara]))
    #expect(!recorder.values.contains { $0.loadedQuery?.search == "Las" })
  }

  @Test("A stale answer is dropped even when the transport ignores cancellation")
  func staleAnswerDroppedWithoutCancellation() async {
    let harness = Harness(wrap: { CancellationIgnoringTransport(base: $0) })
    let model = await harness.startedList()
    let recorder = model.record()
    harness.transport.setDelay(.seconds(1), for: "search.php")
    model.searchTextChanged("Las")
    await harness.advance(400)
    harness.transport.setDelay(.milliseconds(100), for: "search.php")
    model.searchTextChanged("Spag")
    await harness.advance(2000)
    #expect(
      harness.app.sentRequests().suffix(2) == [
        "GET search.php?s=Las", "GET search.php?s=Spag",
      ])
    #expect(model.state.meals == .loaded([TestCatalog.carbonara]))
    #expect(!recorder.values.contains { $0.loadedQuery?.search == "Las" })
  }

  // MARK: - 7. Messages

  @Test("Each fault becomes its failure", arguments: messages)
  func faultMessages(fault: CatalogTransport.Fault, message: LoadFailure) async {
    let harness = Harness()
    harness.transport.setFault(fault)
    let model = harness.listModel()
    model.appeared()
    await harness.settle()
    #expect(model.state.meals == .failed(message))
  }

  @Test(
    "Other failures become a connection failure or the general one",
    arguments: [
      (URLError(.cannotConnectToHost) as any Error & Sendable, LoadFailure.connection),
      (URLError(.badURL), .other),
    ])
  func otherMessages(error: any Error & Sendable, message: LoadFailure) async {
    let harness = Harness(wrap: { _ in ThrowingTransport(error: error) })
    let model = harness.listModel()
    model.appeared()
    await harness.settle()
    #expect(model.state.meals == .failed(message))
  }

  // MARK: - 9. Retry

  @Test("Retry after a failure loads again, showing loading")
  func retryShowsLoading() async {
    let harness = Harness()
    harness.transport.setFault(.offline)
    let model = await harness.startedList()
    harness.transport.setFault(nil)
    model.retryTapped()
    #expect(model.state.meals == .loading)
    await harness.settle()
    #expect(harness.newRequests().last == "GET filter.php?c=Dessert")
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  // MARK: - Notice

  @Test("Dismissing the notice removes it and keeps the list")
  func dismissNotice() async {
    let harness = Harness()
    let model = await harness.startedList()
    harness.transport.setFault(.offline)
    await model.pulledToRefresh().value
    #expect(model.state.notice != nil)
    model.noticeDismissed()
    #expect(model.state.notice == nil)
    #expect(model.state.meals == .loaded(TestCatalog.desserts))
  }

  @Test("Starting something new removes the notice")
  func newLoadClearsNotice() async {
    let harness = Harness()
    let model = await harness.startedList()
    harness.transport.setFault(.offline)
    await model.pulledToRefresh().value
    harness.transport.setFault(nil)
    model.categoryPicked("Pasta")
    #expect(model.state.notice == nil)
  }

  @Test("The list's hearts and favourites section follow the store")
  func favoritesFollowStore() async {
    let harness = Harness()
    let model = await harness.startedList()
    harness.favorites.toggle(TestCatalog.tart)
    harness.favorites.toggle(TestCatalog.lasagne)
    harness.favorites.toggle(TestCatalog.bakewell)
    #expect(model.state.favoriteIDs == ["52768", "52844", "52767"])
    #expect(
      model.state.favorites.map(\.name) == ["Apple Frangipan Tart", "Bakewell tart", "Lasagne"])
    harness.favorites.toggle(TestCatalog.tart)
    #expect(model.state.favoriteIDs == ["52844", "52767"])
  }
}

/// Lets the start's two requests through, then reports every later one as cancelled by the network
/// stack (`URLError.cancelled`), as URLSession does when a request is torn down.
final class CancelledAfterStart: Transport {
  let base: any Transport
  private let sent = Locked(0)

  init(base: any Transport) {
    self.base = base
  }

  func send(_ request: APIRequest) async throws -> APIResponse {
    let count = sent.withLock { count -> Int in
      count += 1
      return count
    }
    if count > 2 { throw URLError(.cancelled) }
    return try await base.send(request)
  }
}
