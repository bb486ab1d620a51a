import CommandLineKit
import Foundation
import MealDB

/// One answered request as the server logs it: what was asked, how it was read, and the outcome.
public struct RequestLog: Sendable {
  /// `GET`, `HEAD`, …; `-` when the request line could not be read.
  public let method: String
  /// The request target exactly as received (percent-encoded); `-` when there was none.
  public let target: String
  /// The endpoint and decoded query, when the target was a TheMealDB path.
  public let request: APIRequest?
  /// The status sent.
  public let status: Int
  /// From a complete request head (or the first byte of a broken one) to the answer being sent.
  public let duration: Duration

  /// `GET /api/json/v1/1/search.php?s=Mac%20%26%20Cheese 200 0.4 ms`
  public var line: String {
    let milliseconds = duration / .milliseconds(1)
    return "\(method) \(target) \(status) \(String(format: "%.1f", milliseconds)) ms"
  }

  /// Writes each entry's line to standard error.
  public static let standardError: @Sendable (RequestLog) -> Void = { entry in
    // One `write` per line, so lines from concurrent connections do not interleave.
    StandardStreams.write(entry.line + "\n", to: STDERR_FILENO)
  }
}
