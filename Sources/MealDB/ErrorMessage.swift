import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns an error into the German sentence the user reads (Schritt 6 of the lesson).
public enum ErrorMessage {
  /// `nil` for cancellation, which is not an error: the user only typed on or left the screen.
  public static func text(for error: any Error) -> String? {
    if isCancellation(error) { return nil }
    switch error {
    case let urlError as URLError where urlError.code == .notConnectedToInternet:
      return "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."
    case let urlError as URLError where urlError.code == .timedOut:
      return "Der Server antwortet gerade nicht. Versuch es gleich noch einmal."
    case let urlError as URLError where connectionCodes.contains(urlError.code):
      // Lesson 3.11's text for connection problems; Schritt 6 has none of its own.
      return "Es gab ein Problem mit der Verbindung."
    case APIError.badStatus:
      return "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später erneut."
    case is DecodingError:
      return "Die Rezepte konnten nicht gelesen werden."
    default:
      return "Die Rezepte konnten nicht geladen werden."
    }
  }

  /// The detail screen's message when the recipe does not exist (`null` or `"Invalid ID"`).
  public static let notFound = "Dieses Rezept gibt es nicht (mehr)."

  /// Whether the error only says that the work was cancelled.
  public static func isCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    if let urlError = error as? URLError, urlError.code == .cancelled { return true }
    return false
  }

  /// Failures to reach the server at all, other than being offline or timing out.
  static let connectionCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .dnsLookupFailed,
    .secureConnectionFailed,
  ]
}
