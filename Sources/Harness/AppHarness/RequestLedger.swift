import MealDB
import VirtualTime

/// The one log of the requests an app sends: each request, the virtual time it went out, the
/// simulated fault in force, how it ended and its answer. `Harness` puts it in front of its
/// transport, and every front end reads it.
public final class RequestLedger: Transport {
  /// One request and what became of it.
  public struct Entry: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
      /// Still waiting for its answer.
      case pending
      /// Answered with HTTP 200 and no simulated fault.
      case answered
      /// A network error, an HTTP status other than 200, or a simulated fault: the app should
      /// show an error.
      case failed
      /// Its task was cancelled before the answer arrived.
      case cancelled
    }

    public let request: APIRequest
    /// The virtual time it was sent at, or `.zero` without a clock.
    public let sentAt: Duration
    /// The name of the simulated fault in force when it was sent (`offline`, `broken-data`, …).
    public let fault: String?
    public internal(set) var outcome: Outcome
    /// The answer, once it arrived (whatever its status).
    public internal(set) var response: APIResponse?
  }

  private struct Log {
    var entries: [Entry] = []
    var unread = 0
    var failures = 0
  }

  private let base: any Transport
  private let clock: VirtualClock?
  private let faultInForce: @Sendable (APIRequest) -> String?
  private let log = Locked(Log())

  /// A log in front of `base`, stamping requests with `clock`'s time; `faultInForce` names the
  /// fault `base` simulates for a request now, which counts as a failure even with a 200.
  public init(
    _ base: any Transport, clock: VirtualClock? = nil,
    faultInForce: @escaping @Sendable (APIRequest) -> String? = { _ in nil }
  ) {
    self.base = base
    self.clock = clock
    self.faultInForce = faultInForce
  }

  /// Every request sent so far, oldest first; reading them marks nothing as read.
  public var entries: [Entry] { log.withLock { $0.entries } }

  public var count: Int { log.withLock { $0.entries.count } }

  public var failures: Int { log.withLock { $0.failures } }

  /// The requests sent since the last call, oldest first.
  public func takeNew() -> [APIRequest] {
    log.withLock { log in
      defer { log.unread = log.entries.count }
      return log.entries[log.unread...].map(\.request)
    }
  }

  public func send(_ request: APIRequest) async throws -> APIResponse {
    let entry = Entry(
      request: request, sentAt: clock?.now.offset ?? .zero, fault: faultInForce(request),
      outcome: .pending)
    let index = log.withLock { log in
      log.entries.append(entry)
      return log.entries.count - 1
    }
    do {
      let response = try await base.send(request)
      finish(index, entry.fault != nil || response.status != 200 ? .failed : .answered, response)
      return response
    } catch {
      finish(index, LoadFailure.isCancellation(error) ? .cancelled : .failed)
      throw error
    }
  }

  private func finish(_ index: Int, _ outcome: Entry.Outcome, _ response: APIResponse? = nil) {
    log.withLock { log in
      log.entries[index].outcome = outcome
      log.entries[index].response = response
      if outcome == .failed { log.failures += 1 }
    }
  }
}
