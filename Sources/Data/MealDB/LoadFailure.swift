import Foundation

/// Why a load failed, as a value: the presentation layer turns it into the sentence the user
/// reads (Schritt 6 of the lesson), so that state stays Equatable and this layer holds no texts.
public enum LoadFailure: Error, Hashable, Sendable {
  /// No internet connection.
  case offline
  /// The server did not answer in time (`URLError.timedOut`, or a deadline that passed).
  case timeout
  /// The server could not be reached for another reason (refused, host unknown, lost).
  case connection
  /// The server answered with a status outside 200–299.
  case badStatus(Int)
  /// The answer could not be read.
  case unreadable
  /// The recipe does not exist (`null` or `"Invalid ID"`).
  case notFound
  /// Anything else, such as the dice's `random.php` answering no meal.
  case other

  /// The failure an error stands for; `nil` for cancellation, which is not an error: the user
  /// only typed on or left the screen.
  ///
  /// A layer that enforces a deadline of its own throws `LoadFailure.timeout`, which maps to
  /// itself, as every `LoadFailure` does.
  public init?(_ error: any Error) {
    if Self.isCancellation(error) { return nil }
    switch error {
    case let failure as LoadFailure:
      self = failure
    case let urlError as URLError where urlError.code == .notConnectedToInternet:
      self = .offline
    case let urlError as URLError where urlError.code == .timedOut:
      self = .timeout
    case let urlError as URLError where Self.connectionCodes.contains(urlError.code):
      self = .connection
    case is DecodingError:
      self = .unreadable
    default:
      self = .other
    }
  }

  /// Whether the error only says that the work was cancelled.
  public static func isCancellation(_ error: any Error) -> Bool {
    error is CancellationError || (error as? URLError)?.code == .cancelled
  }

  /// Failures to reach the server at all, other than being offline or timing out.
  static let connectionCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .dnsLookupFailed,
    .secureConnectionFailed,
  ]
}
