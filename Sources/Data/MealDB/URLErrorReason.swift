import Foundation

extension URLError.Code {
  /// What went wrong, in a few English words, for a command's message: `the connection was
  /// refused`; the number for codes a command does not expect.
  public var reason: String {
    switch self {
    case .notConnectedToInternet: "there is no network connection"
    case .cannotFindHost, .dnsLookupFailed: "the host name does not resolve"
    case .cannotConnectToHost: "the connection was refused"
    case .timedOut: "no answer came in time"
    case .networkConnectionLost: "the connection was lost before the answer was complete"
    case .httpTooManyRedirects: "the server redirects again and again (a redirect loop)"
    case .dataLengthExceedsMaximum: "the answer is larger than the transport's size limit"
    default: "network error \(rawValue)"
    }
  }
}
