import MealCatalog
import MealDB
import VirtualTime

/// One request the app sent, when, and how it ended.
public struct LoggedRequest: Hashable, Sendable {
  /// How a request ended.
  public enum Outcome: Hashable, Sendable {
    /// Still waiting for its answer.
    case pending
    case answered
    /// A simulated fault answered it (or it threw); the app should show an error.
    case failed
    /// Its task was cancelled.
    case cancelled
  }

  public let request: APIRequest
  /// The virtual time it was sent at.
  public let sentAt: Duration
  /// The simulated fault in force when it was sent.
  public let fault: CatalogTransport.Fault?
  public var outcome: Outcome
}

/// Logs every request the app sends with its virtual time and outcome, then passes it on.
///
/// The fault in force when a request is sent decides whether it fails (the catalog transport
/// reads it at the same moment, and `faultInForce` asks it), so the log knows a failure even when
/// the answer is a 500 or broken data rather than a thrown error.
final class RecordingTransport: Transport {
  private struct State {
    var log: [LoggedRequest] = []
    var failures = 0
  }

  private let base: any Transport
  private let clock: VirtualClock
  private let faultInForce: @Sendable (String) -> CatalogTransport.Fault?
  private let state = Locked(State())

  /// - Parameter faultInForce: the simulated fault that answers a request to an endpoint now
  ///   (`CatalogTransport.fault(for:)` of the transport behind `base`).
  init(
    _ base: any Transport, clock: VirtualClock,
    faultInForce: @escaping @Sendable (String) -> CatalogTransport.Fault?
  ) {
    self.base = base
    self.clock = clock
    self.faultInForce = faultInForce
  }

  var log: [LoggedRequest] { state.withLock { $0.log } }

  var count: Int { state.withLock { $0.log.count } }

  /// How many requests have ended in a failure so far.
  var failures: Int { state.withLock { $0.failures } }

  func send(_ request: APIRequest) async throws -> APIResponse {
    let now = clock.now.offset
    let fault = faultInForce(request.path)
    let index = state.withLock { state in
      state.log.append(
        LoggedRequest(request: request, sentAt: now, fault: fault, outcome: .pending))
      return state.log.count - 1
    }
    do {
      let response = try await base.send(request)
      let outcome: LoggedRequest.Outcome =
        fault != nil || response.status != 200 ? .failed : .answered
      finish(index, outcome)
      return response
    } catch {
      let outcome: LoggedRequest.Outcome =
        LoadFailure.isCancellation(error) ? .cancelled : .failed
      finish(index, outcome)
      throw error
    }
  }

  private func finish(_ index: Int, _ outcome: LoggedRequest.Outcome) {
    state.withLock { state in
      state.log[index].outcome = outcome
      if outcome == .failed { state.failures += 1 }
    }
  }
}
