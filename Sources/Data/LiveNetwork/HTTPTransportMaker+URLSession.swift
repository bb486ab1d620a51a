import Foundation
import MealDB

extension HTTPTransportMaker {
  /// Real HTTP through `URLSession`: a `URLSessionTransport` with its size limit.
  public static let urlSession = HTTPTransportMaker { baseURL, timeout in
    URLSessionTransport(baseURL: baseURL, timeout: timeout)
  }
}
