import Foundation
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every error becomes the lesson's sentence (Schritt 6); cancellation becomes none.
@Suite struct ErrorMessageTests {
  /// One row of the table: an error, how the test is named, and the message the user reads.
  struct Case: Sendable, CustomTestStringConvertible {
    let label: String
    let error: any Error
    let message: String?

    var testDescription: String { label }
  }

  static let offline = "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."
  static let timedOut = "Der Server antwortet gerade nicht. Versuch es gleich noch einmal."
  static let server = "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später erneut."
  static let unreadable = "Die Rezepte konnten nicht gelesen werden."
  static let general = "Die Rezepte konnten nicht geladen werden."
  static let unreachable = "Es gab ein Problem mit der Verbindung."

  /// A real DecodingError, as `JSONDecoder` throws it for a body that is not JSON.
  static let decodingError: any Error = {
    do {
      _ = try JSONDecoder().decode([String].self, from: Data("<html>".utf8))
      return CancellationError()
    } catch {
      return error
    }
  }()

  private struct SomethingElse: Error {}

  static let cases: [Case] = [
    Case(
      label: "notConnectedToInternet", error: URLError(.notConnectedToInternet), message: offline),
    Case(label: "timedOut", error: URLError(.timedOut), message: timedOut),
    Case(label: "badStatus 500", error: APIError.badStatus(500), message: server),
    Case(label: "badStatus 404", error: APIError.badStatus(404), message: server),
    Case(label: "DecodingError from JSONDecoder", error: decodingError, message: unreadable),
    Case(
      label: "DecodingError.keyNotFound",
      error: DecodingError.keyNotFound(
        MealsKey.meals, .init(codingPath: [], debugDescription: "missing")),
      message: unreadable),
    Case(label: "URLError.badURL", error: URLError(.badURL), message: general),
    Case(
      label: "URLError.badServerResponse", error: URLError(.badServerResponse), message: general),
    Case(label: "an error of its own", error: SomethingElse(), message: general),
    Case(label: "CancellationError", error: CancellationError(), message: nil),
    Case(label: "URLError.cancelled", error: URLError(.cancelled), message: nil),
    Case(label: "cannotConnectToHost", error: URLError(.cannotConnectToHost), message: unreachable),
    Case(label: "cannotFindHost", error: URLError(.cannotFindHost), message: unreachable),
    Case(
      label: "networkConnectionLost", error: URLError(.networkConnectionLost), message: unreachable),
    Case(label: "dnsLookupFailed", error: URLError(.dnsLookupFailed), message: unreachable),
  ]

  @Test("Each error gets the lesson's message", arguments: cases)
  func message(for row: Case) {
    #expect(ErrorMessage.text(for: row.error) == row.message)
  }

  @Test("Only cancellation counts as cancellation", arguments: cases)
  func cancellation(row: Case) {
    #expect(ErrorMessage.isCancellation(row.error) == (row.message == nil))
  }

  @Test("The not-found text is the detail screen's sentence")
  func notFound() {
    #expect(ErrorMessage.notFound == "Dieses Rezept gibt es nicht (mehr).")
  }

  private enum MealsKey: String, CodingKey { case meals }
}
