import MealServer

/// The request-head parser as the fuzz targets reach it; nothing else of the server is exposed.
package enum HTTPFuzzing {
  /// Reads `bytes` as the start of a request, as a connection does, and its target as an endpoint
  /// and query: the status an answer would have, 200 for a request that reads, 0 for one that
  /// needs more bytes.
  package static func status(ofRequest bytes: [UInt8]) -> Int {
    switch HTTPParser.parse(bytes) {
    case .incomplete:
      return 0
    case .failure(let failure):
      return failure.status
    case .complete(let head, let consumed):
      precondition(consumed > 0 && consumed <= bytes.count, "consumed \(consumed) bytes")
      _ = head.keepAlive
      _ = head.hasBody
      switch Responder.parse(target: head.target) {
      case .success:
        return 200
      case .failure(let failure):
        return failure.status
      }
    }
  }
}
