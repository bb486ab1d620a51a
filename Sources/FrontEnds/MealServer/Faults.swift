import Spelling

/// Failures the server simulates for client testing: a delay, an error status, a body that is
/// not JSON; each for every endpoint or for one only.
public struct Faults: Equatable, Sendable {
  /// How long to wait before answering.
  public var delay: Duration?
  /// The endpoint (`search.php`) the delay applies to; `nil` for every endpoint.
  public var delayEndpoint: String?
  /// The HTTP status to answer with instead of the catalog's answer (400–599).
  public var status: Int?
  /// The endpoint the status applies to; `nil` for every endpoint.
  public var statusEndpoint: String?
  /// Whether to answer `200 OK` with a body that is not JSON.
  public var brokenData: Bool
  /// The endpoint the broken data applies to; `nil` for every endpoint.
  public var brokenDataEndpoint: String?

  public init(
    delay: Duration? = nil, delayEndpoint: String? = nil,
    status: Int? = nil, statusEndpoint: String? = nil,
    brokenData: Bool = false, brokenDataEndpoint: String? = nil
  ) {
    self.delay = delay
    self.delayEndpoint = delayEndpoint
    self.status = status
    self.statusEndpoint = statusEndpoint
    self.brokenData = brokenData
    self.brokenDataEndpoint = brokenDataEndpoint
  }

  /// No faults: every request is answered at once from the catalog.
  public static let none = Faults()

  /// The delay for a request to this endpoint.
  public func delay(for endpoint: String) -> Duration? {
    (delayEndpoint ?? endpoint) == endpoint ? delay : nil
  }

  /// The error status for a request to this endpoint.
  public func status(for endpoint: String) -> Int? {
    (statusEndpoint ?? endpoint) == endpoint ? status : nil
  }

  /// Whether a request to this endpoint gets broken data.
  public func brokenData(for endpoint: String) -> Bool {
    brokenData && (brokenDataEndpoint ?? endpoint) == endpoint
  }

  /// The faults in words, one per line, for the `serve` banner; empty when there are none.
  public var summary: [String] {
    func scope(_ endpoint: String?) -> String { endpoint.map { "on \($0)" } ?? "on every endpoint" }
    return [
      delay.map { "delay \(DurationText.format($0)) \(scope(delayEndpoint))" },
      status.map { "status \($0) \(scope(statusEndpoint))" },
      brokenData ? "broken data \(scope(brokenDataEndpoint))" : nil,
    ].compactMap { $0 }
  }
}
