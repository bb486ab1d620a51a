import Foundation
import MealDB
import VirtualTime

/// The offline transport: answers from a `Catalog`, with faults and delays that tests and
/// scenarios switch on and off. `RequestLedger` (ViewModels) logs what is sent.
///
/// Delays are measured on the injected clock, never in wall time.
public final class CatalogTransport: Transport {
  /// A network failure to simulate.
  public enum Fault: String, CaseIterable, Sendable {
    /// `URLError.notConnectedToInternet`.
    case offline
    /// `URLError.timedOut`.
    case timeout
    /// HTTP 500.
    case serverError = "server-error"
    /// HTTP 200 with a body that is not JSON.
    case brokenData = "broken-data"
  }

  private struct State {
    var faults: [String: Fault] = [:]
    var fault: Fault?
    var delays: [String: Duration] = [:]
    var delay: Duration = .zero
    var randomIDs: [String] = []
    var generator: SeededGenerator
  }

  public let catalog: Catalog
  private let clock: any Clock<Duration>
  private let state: Locked<State>

  /// A transport answering from `catalog` that times `setDelay(_:for:)`'s delays on `clock` (a
  /// `VirtualClock` in tests); `seed` picks `random.php`'s meals, the same ones every time.
  public init(catalog: Catalog, clock: any Clock<Duration> = ContinuousClock(), seed: UInt64 = 1) {
    self.catalog = catalog
    self.clock = clock
    state = Locked(State(generator: SeededGenerator(seed: seed)))
  }

  // MARK: - Switches

  /// Makes every answer (`endpoint == nil`) or one endpoint's fail; `nil` heals it again.
  /// Healing everything (`setFault(nil)`) also clears the faults of single endpoints.
  public func setFault(_ fault: Fault?, for endpoint: String? = nil) {
    state.withLock { state in
      if let endpoint {
        state.faults[endpoint] = fault
      } else {
        state.fault = fault
        if fault == nil { state.faults = [:] }
      }
    }
  }

  /// The fault that answers a request to `endpoint` now: the endpoint's own, else the one for
  /// every request.
  public func fault(for endpoint: String) -> Fault? {
    state.withLock { $0.faults[endpoint] ?? $0.fault }
  }

  /// Delays every answer (`endpoint == nil`) or one endpoint's by `delay` on the clock.
  public func setDelay(_ delay: Duration, for endpoint: String? = nil) {
    state.withLock { state in
      if let endpoint { state.delays[endpoint] = delay } else { state.delay = delay }
    }
  }

  /// The next `random.php` answers are these meals, in order, before the generator takes over.
  public func enqueueRandom(ids: [String]) {
    state.withLock { $0.randomIDs += ids }
  }

  public func send(_ request: APIRequest) async throws -> APIResponse {
    let delay = state.withLock { $0.delays[request.path] ?? $0.delay }
    let fault = fault(for: request.path)
    if delay > .zero {
      try await clock.sleepInPlace(for: delay)
    }
    try Task.checkCancellation()
    switch fault {
    case .offline: throw URLError(.notConnectedToInternet)
    case .timeout: throw URLError(.timedOut)
    case .serverError:
      return APIResponse(status: 500, body: Data("500 Internal Server Error".utf8))
    case .brokenData: return APIResponse(status: 200, body: Data("<html>Oops".utf8))
    case nil:
      return state.withLock { state in
        guard request.path == "random.php" else {
          return catalog.written.withLock { written in
            if let answer = written[request] { return answer }
            let answer = catalog.answer(request, random: &state.generator)
            written[request] = answer
            return answer
          }
        }
        if !state.randomIDs.isEmpty {
          let id = state.randomIDs.removeFirst()
          if let answer = catalog.randomAnswer(id: id) { return answer }
        }
        return catalog.answer(request, random: &state.generator)
      }
    }
  }
}
