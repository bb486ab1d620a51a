import Foundation

extension MealAPI {
  /// TheMealDB's public API with the free test key `1`.
  public static let theMealDB = URL(string: "https://www.themealdb.com/api/json/v1/1/")!
}

/// Makes the transport for real HTTP to a server, injected into the code that offers it
/// (`run --base-url`, `capture`, `play --live`, …).
///
/// Real HTTP lives in `LiveNetwork`, the only target that links FoundationNetworking (and with it
/// libcurl); `HTTPTransportMaker.urlSession` there makes a `URLSessionTransport`. A program that
/// must start fast (`rezepte`) passes no maker, and a command reached with a network option then
/// says so instead of sending anything.
public struct HTTPTransportMaker: Sendable {
  /// Seconds a request may take in all when the caller has no deadline of its own.
  public static let defaultTimeout: TimeInterval = 15

  /// A transport to the API folder `baseURL` whose requests take at most `timeout` seconds each.
  public var make: @Sendable (_ baseURL: URL, _ timeout: TimeInterval) -> any Transport

  public init(make: @escaping @Sendable (_ baseURL: URL, _ timeout: TimeInterval) -> any Transport)
  {
    self.make = make
  }

  /// A transport to `baseURL`, with `timeout` seconds per request.
  public func callAsFunction(
    _ baseURL: URL, timeout: TimeInterval = defaultTimeout
  ) -> any Transport {
    make(baseURL, timeout)
  }
}

/// What a command says when it is asked for real HTTP in a program built without it.
public struct NetworkUnavailable: Error, Equatable, CustomStringConvertible {
  /// The option or command that asked for HTTP: `--base-url`, `--live`, `capture`.
  public let option: String

  public init(option: String) {
    self.option = option
  }

  public var description: String {
    "\(option) needs real HTTP, which this program is built without; use rezepte-net, the "
      + "networking half of rezepte (swift build builds it)"
  }
}
