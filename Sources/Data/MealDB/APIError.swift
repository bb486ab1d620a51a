import Foundation

/// A failure of the recipe server that is not a network or decoding error.
public enum APIError: Error, Equatable, Sendable {
  /// The server answered with a status outside 200–299.
  case badStatus(Int)
}
