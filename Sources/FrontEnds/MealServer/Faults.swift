import Spelling

/// Failures the server simulates for client testing: a delay, an error status, a body that is
/// not JSON; each for every endpoint or for one only.
public struct Faults: Equatable, Sendable {
  /// A fault, for every endpoint or for one only.
  public struct Scoped<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The delay, the status, or `true` for broken data.
    public var value: Value
    /// The endpoint (`search.php`) the fault applies to; `nil` for every endpoint.
    public var endpoint: String?

    public init(_ value: Value, for endpoint: String? = nil) {
      self.value = value
      self.endpoint = endpoint
    }

    /// The value for a request to `endpoint`; `nil` when the fault applies to another one.
    public func value(for endpoint: String) -> Value? {
      (self.endpoint ?? endpoint) == endpoint ? value : nil
    }

    /// `on search.php`, or `on every endpoint`.
    var scope: String { endpoint.map { "on \($0)" } ?? "on every endpoint" }
  }

  /// How long to wait before answering.
  public var delay: Scoped<Duration>?
  /// The HTTP status to answer with instead of the catalog's answer (400–599).
  public var status: Scoped<Int>?
  /// Answers `200 OK` with a body that is not JSON.
  public var brokenData: Scoped<Bool>?

  public init(
    delay: Scoped<Duration>? = nil, status: Scoped<Int>? = nil, brokenData: Scoped<Bool>? = nil
  ) {
    self.delay = delay
    self.status = status
    self.brokenData = brokenData
  }

  /// No faults: every request is answered at once from the catalog.
  public static let none = Faults()

  /// The faults in words, one per line, for the `serve` banner; empty when there are none.
  public var summary: [String] {
    [
      delay.map { "delay \(DurationText.format($0.value)) \($0.scope)" },
      status.map { "status \($0.value) \($0.scope)" },
      brokenData.map { "broken data \($0.scope)" },
    ].compactMap { $0 }
  }
}
