import Foundation
import MealDB

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: real HTTP through `URLSession`.
///
/// Every request has a total deadline, however slowly the server trickles its answer, and an
/// answer has a size limit; past either the request fails and its connection is dropped.
public struct URLSessionTransport: Transport {
  /// The folder that holds `categories.php` and the other endpoints.
  public let baseURL: URL
  /// Seconds a request may take in all, from sending it to the answer's last byte, before it
  /// fails with `URLError.timedOut`: 15 s is long enough for a slow mobile network and short
  /// enough that nobody gives up first.
  public let timeout: TimeInterval
  private let owner: SessionOwner
  private let transfers: Transfers

  /// A transport to `baseURL`; an answer longer than `maxBytes` (32 MB by default, several times
  /// a whole real catalog) fails with `URLError.dataLengthExceedsMaximum`.
  public init(
    baseURL: URL = MealAPI.theMealDB, timeout: TimeInterval = 15, maxBytes: Int = 32 << 20
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own timeouts only notice silence (a trickle resets them) and round a fraction
    // of a second down to nothing; the deadline in `send` is the one that counts.
    let idle = timeout.rounded(.up) + 1
    configuration.timeoutIntervalForRequest = idle
    configuration.timeoutIntervalForResource = idle
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    transfers = Transfers(maxBytes: maxBytes)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.underlyingQueue = Self.delegateQueue
    owner = SessionOwner(
      URLSession(configuration: configuration, delegate: transfers, delegateQueue: queue))
  }

  /// Where the sessions' delegates and the deadlines run: a queue of its own, not Dispatch's
  /// shared pool, whose few threads other work (Swift's tasks) can keep busy past a deadline.
  private static let delegateQueue = DispatchQueue(label: "URLSessionTransport")

  /// The full URL for a request, with its query values percent-encoded.
  public func url(for request: APIRequest) -> URL {
    var base = baseURL.absoluteString
    if !base.hasSuffix("/") { base += "/" }
    // The encoded query only holds characters that are valid in a URL, so this cannot fail.
    return URL(string: base + request.encodedPathAndQuery)!
  }

  public func send(_ request: APIRequest) async throws -> APIResponse {
    var urlRequest = URLRequest(url: url(for: request), timeoutInterval: timeout.rounded(.up) + 1)
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    let task = owner.session.dataTask(with: urlRequest)
    let id = task.taskIdentifier
    let transfers = transfers
    let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: Int64(timeout * 1e9)))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfers.begin(id, continuation: continuation)
        Self.delegateQueue.asyncAfter(deadline: deadline) {
          // The same error URLSession gives for a timeout, so the same message shows.
          if transfers.finish(id, with: .failure(URLError(.timedOut))) { task.cancel() }
        }
        task.resume()
        if Task.isCancelled, transfers.finish(id, with: .failure(CancellationError())) {
          task.cancel()
        }
      }
    } onCancel: {
      if transfers.finish(id, with: .failure(CancellationError())) { task.cancel() }
    }
  }
}

/// Owns a transport's session: once the last copy of the transport is gone, the session is
/// invalidated, which lets go of its delegate and queue (a session keeps them until then, so
/// every transport made for a scenario would otherwise stay in memory).
private final class SessionOwner: Sendable {
  let session: URLSession

  init(_ session: URLSession) {
    self.session = session
  }

  deinit {
    session.finishTasksAndInvalidate()
  }
}

/// The transfers in flight on one session, by task, and the session's delegate that fills them.
///
/// Safe as `@unchecked Sendable`: its only mutable state, `running`, is read and written only
/// while holding `lock`.
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Transfer {
    var continuation: CheckedContinuation<APIResponse, any Error>
    var status: Int?
    var body = Data()
  }

  private let maxBytes: Int
  private let lock = NSLock()
  private var running: [Int: Transfer] = [:]

  init(maxBytes: Int) {
    self.maxBytes = maxBytes
  }

  func begin(_ id: Int, continuation: CheckedContinuation<APIResponse, any Error>) {
    lock.withLock { running[id] = Transfer(continuation: continuation) }
  }

  /// Ends the transfer with `result` unless it has ended already.
  ///
  /// - Returns: whether this call ended it (then the caller cancels the task).
  @discardableResult
  func finish(_ id: Int, with result: Result<APIResponse, any Error>) -> Bool {
    guard let transfer = lock.withLock({ running.removeValue(forKey: id) }) else { return false }
    transfer.continuation.resume(with: result)
    return true
  }

  private var tooLarge: URLError {
    URLError(
      .dataLengthExceedsMaximum,
      userInfo: [
        NSLocalizedDescriptionKey: "The answer is larger than \(maxBytes / 1_048_576) MB."
      ])
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let isRunning = lock.withLock {
      running[id]?.status = (response as? HTTPURLResponse)?.statusCode
      return running[id] != nil
    }
    if isRunning, response.expectedContentLength > Int64(maxBytes) {
      finish(id, with: .failure(tooLarge))
      // `.cancel` alone does not stop the transfer everywhere (not in swift-corelibs-foundation).
      completionHandler(.cancel)
      dataTask.cancel()
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    // The announced length is checked here too: not every URLSession asks the delegate about
    // the response before the body arrives.
    let announced = dataTask.response?.expectedContentLength ?? -1
    let overflows = lock.withLock {
      guard let count = running[id]?.body.count else { return false }
      guard count + data.count <= maxBytes, announced <= Int64(maxBytes) else { return true }
      // In place: a copy taken out and put back would copy the whole body each time.
      running[id]?.body.append(data)
      return false
    }
    if overflows {
      finish(id, with: .failure(tooLarge))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let id = task.taskIdentifier
    if let error {
      // A body cut short is an unknown error here (curl's), which says nothing: it is a lost
      // connection, as elsewhere.
      let announced = task.response?.expectedContentLength ?? -1
      let received = lock.withLock { running[id]?.body.count } ?? 0
      finish(id, with: .failure(announced > received ? URLError(.networkConnectionLost) : error))
      return
    }
    guard let transfer = lock.withLock({ running[id] }), let status = transfer.status else {
      finish(id, with: .failure(URLError(.badServerResponse)))
      return
    }
    finish(id, with: .success(APIResponse(status: status, body: transfer.body)))
  }
}
