import Foundation
import MealDB
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every error becomes the failure whose sentence the user reads (Schritt 6); cancellation
/// becomes none.
@Suite struct LoadFailureTests {
  /// One row of the table: an error, how the test is named, and the failure it stands for.
  struct Case: Sendable, CustomTestStringConvertible {
    let label: String
    let error: any Error
    let message: LoadFailure?

    var testDescription: String { label }
  }

  static let offline = LoadFailure.offline
  static let timedOut = LoadFailure.timeout
  static let unreadable = LoadFailure.unreadable
  static let general = LoadFailure.other
  static let unreachable = LoadFailure.connection

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
    Case(label: "badStatus 500", error: LoadFailure.badStatus(500), message: .badStatus(500)),
    Case(label: "badStatus 404", error: LoadFailure.badStatus(404), message: .badStatus(404)),
    Case(label: "a deadline that passed", error: LoadFailure.timeout, message: timedOut),
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

  @Test("Each error becomes its failure", arguments: cases)
  func message(for row: Case) {
    #expect(LoadFailure(row.error) == row.message)
  }

  @Test("Only cancellation counts as cancellation", arguments: cases)
  func cancellation(row: Case) {
    #expect(LoadFailure.isCancellation(row.error) == (row.message == nil))
  }

  private enum MealsKey: String, CodingKey { case meals }
}
