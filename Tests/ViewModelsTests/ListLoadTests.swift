import Fixtures
import Foundation
import RezepteTesting
import Testing

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

  /// The list's loaded states one after the other, each once.
  func loads(_ recorder: Recorder<AppState>) -> [LoadState<[Meal]>?] {
    recorder.values.map(\.list?.meals).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }

  // MARK: - 4. Load and refresh

  @Test("A load shows loading, then the list")
  func loadShowsLoadingThenLoaded() async {
    let (app, _) = TestApp.overCatalog()
    let recorder = app.model.record()
    await app.launch()
    #expect(loads(recorder) == [.loading, .loaded(TestCatalog.desserts)])
  }

  @Test("A load that fails shows loading, then the failure")
  func loadShowsLoadingThenFailed() async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.offline, for: "filter.php")
    let recorder = app.model.record()
    await app.launch()
    #expect(loads(recorder) == [.loading, .failed(.offline)])
    #expect(app.state.list?.notice == nil)
  }

  @Test("A pull to refresh never shows loading: the list stays visible")
  func refreshKeepsListVisible() async {
    let (app, network) = TestApp.overCatalog()
    network.setDelay(.milliseconds(300), for: "filter.php")
    await app.launch()
    await app.advance(by: .milliseconds(300))
    _ = app.takeRequests()
    let recorder = app.model.record()
    await app.send(.pulledToRefresh) {
      $0.list?.isRefreshing = true
    }
    await app.advance(by: .milliseconds(300)) {
      $0.list?.isRefreshing = false
    }
    #expect(loads(recorder) == [.loaded(TestCatalog.desserts)])
    #expect(app.takeRequests() == ["GET filter.php?c=Dessert"])
  }

  @Test("A failed pull to refresh keeps the list and shows the error as a notice")
  func failedRefreshKeepsList() async {
    let (app, network) = TestApp.overCatalog()
    await app.launch()
    network.setFault(.timeout)
    await app.send(.pulledToRefresh) {
      $0.list?.notice = .timeout
    }
  }

  @Test("With nothing loaded yet, a pull to refresh behaves like retry and shows loading")
  func refreshWithoutListIsRetry() async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.offline)
    await app.launch()
    network.setFault(nil)
    app.model.send(.pulledToRefresh)
    #expect(app.state.list?.meals == .loading)
    #expect(app.state.list?.isRefreshing == false)
    await app.settle()
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
  }

  @Test("A failed pull to refresh with nothing loaded shows the failure, not a notice")
  func failedRefreshWithoutList() async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.offline)
    await app.launch()
    await app.send(.pulledToRefresh) { _ in }
    #expect(app.state.list?.meals == .failed(.offline))
  }

  @Test("A pull to refresh during the search pause loads the typed search at once")
  func refreshDuringPause() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    _ = app.takeRequests()
    await app.send(.searchTextChanged("Las"))
    await app.send(.pulledToRefresh) {
      $0.list?.meals = .loaded([TestCatalog.lasagne, TestCatalog.sandwiches])
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Las")
    }
    await app.advance(by: .seconds(1)) { _ in }
    #expect(app.takeRequests() == ["GET search.php?s=Las"])
  }

  // MARK: - 5. Cancellation and stale answers

  @Test(
    "Cancellation never becomes an error or a notice",
    arguments: [CancellationError() as any Error & Sendable, URLError(.cancelled)])
  func cancellationIsNoError(error: any Error & Sendable) async {
    let (app, _) = TestApp.overCatalog(wrap: { _ in ThrowingTransport(error: error) })
    await app.launch()
    #expect(app.state.list?.meals == .loading)
    #expect(app.state.list?.notice == nil)
  }

  @Test("A cancelled pull to refresh keeps the list and shows no notice")
  func cancelledRefreshIsNoNotice() async {
    let (app, _) = TestApp.overCatalog(wrap: { CancelledAfterStart(base: $0) })
    await app.launch()
    await app.send(.pulledToRefresh) { _ in }
  }

  @Test("Typing on while a search is in flight cancels it without an error")
  func typingCancelsSearchInFlight() async {
    let (app, network) = TestApp.overCatalog()
    network.setDelay(.seconds(1), for: "search.php")
    await app.launch()
    _ = app.takeRequests()
    let recorder = app.model.record()
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(400))
    await app.send(.searchTextChanged("Lasa"))
    await app.advance(by: .milliseconds(1400))
    #expect(app.takeRequests() == ["GET search.php?s=Las", "GET search.php?s=Lasa"])
    #expect(!recorder.values.contains { if case .failed = $0.list?.meals { true } else { false } })
    #expect(recorder.values.allSatisfy { $0.list?.notice == nil })
    #expect(app.state.list?.loadedQuery == Query(category: "Dessert", search: "Lasa"))
  }

  @Test(
    "An older search answering after a newer one never replaces it, cancelled or not",
    arguments: [false, true])
  func staleAnswerIsDropped(ignoresCancellation: Bool) async {
    let (app, network) = TestApp.overCatalog(wrap: {
      ignoresCancellation ? CancellationIgnoringTransport(base: $0) : $0 as any Transport
    })
    await app.launch()
    let recorder = app.model.record()
    network.setDelay(.seconds(1), for: "search.php")
    await app.send(.searchTextChanged("Las"))
    await app.advance(by: .milliseconds(400))  // "Las" goes out and takes 1 s.
    network.setDelay(.milliseconds(100), for: "search.php")
    await app.send(.searchTextChanged("Spag"))
    await app.advance(by: .seconds(2))  // "Spag" goes out 400 ms later and takes 100 ms.
    #expect(app.sentRequests().suffix(2) == ["GET search.php?s=Las", "GET search.php?s=Spag"])
    #expect(app.state.list?.meals == .loaded([TestCatalog.carbonara]))
    #expect(!recorder.values.contains { $0.list?.loadedQuery?.search == "Las" })
  }

  // MARK: - 7. Messages

  @Test("Each fault becomes its failure", arguments: messages)
  func faultMessages(fault: CatalogTransport.Fault, message: LoadFailure) async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(fault)
    await app.launch()
    #expect(app.state.list?.meals == .failed(message))
  }

  @Test(
    "Other failures become a connection failure or the general one",
    arguments: [
      (URLError(.cannotConnectToHost) as any Error & Sendable, LoadFailure.connection),
      (URLError(.badURL), .other),
    ])
  func otherMessages(error: any Error & Sendable, message: LoadFailure) async {
    let (app, _) = TestApp.overCatalog(wrap: { _ in ThrowingTransport(error: error) })
    await app.launch()
    #expect(app.state.list?.meals == .failed(message))
  }

  // MARK: - 9. Retry

  @Test("Retry after a failure loads again, showing loading")
  func retryShowsLoading() async {
    let (app, network) = TestApp.overCatalog()
    network.setFault(.offline)
    await app.launch()
    network.setFault(nil)
    _ = app.takeRequests()
    app.model.send(.retryTapped)
    #expect(app.state.list?.meals == .loading)
    await app.settle()
    #expect(app.takeRequests() == ["GET categories.php", "GET filter.php?c=Dessert"])
    #expect(app.state.list?.meals == .loaded(TestCatalog.desserts))
  }

  // MARK: - Notice

  @Test("Dismissing the notice removes it and keeps the list")
  func dismissNotice() async {
    let (app, network) = TestApp.overCatalog()
    await app.launch()
    network.setFault(.offline)
    await app.send(.pulledToRefresh) {
      $0.list?.notice = .offline
    }
    await app.send(.noticeDismissed) {
      $0.list?.notice = nil
    }
  }

  @Test("Starting something new removes the notice")
  func newLoadClearsNotice() async {
    let (app, network) = TestApp.overCatalog()
    await app.launch()
    network.setFault(.offline)
    await app.send(.pulledToRefresh)
    network.setFault(nil)
    await app.send(.categoryPicked("Pasta"), exhaustivity: .off) {
      $0.list?.notice = nil
    }
  }

  @Test("The list's hearts and favourites section follow the store")
  func favoritesFollowStore() async {
    let (app, _) = TestApp.overCatalog()
    await app.launch()
    let favorites = app.model.favorites
    favorites.toggle(TestCatalog.tart)
    favorites.toggle(TestCatalog.lasagne)
    favorites.toggle(TestCatalog.bakewell)
    #expect(app.state.list?.favoriteIDs == ["52768", "52844", "52767"])
    #expect(
      app.state.list?.favorites.map(\.name) == [
        "Apple Frangipan Tart", "Bakewell tart", "Lasagne",
      ])
    favorites.toggle(TestCatalog.tart)
    #expect(app.state.list?.favoriteIDs == ["52844", "52767"])
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
