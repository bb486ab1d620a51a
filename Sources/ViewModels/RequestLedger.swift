import MealDB
import VirtualTime

/// Passes requests on to another transport and keeps the ledger of them, for `expect requests`
/// and tests.
public final class RequestLedger: Transport {
  private let base: any Transport
  private let log = Locked<(all: [APIRequest], unread: Int)>(([], 0))

  public init(_ base: any Transport) {
    self.base = base
  }

  /// The requests sent since the last call, oldest first.
  public func takeNew() -> [APIRequest] {
    log.withLock { log in
      defer { log.unread = log.all.count }
      return Array(log.all[log.unread...])
    }
  }

  /// Every request sent so far, oldest first; reading them marks nothing as read.
  public func all() -> [APIRequest] {
    log.withLock { $0.all }
  }

  public func send(_ request: APIRequest) async throws -> APIResponse {
    log.withLock { $0.all.append(request) }
    return try await base.send(request)
  }
}
