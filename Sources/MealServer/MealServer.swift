// A TheMealDB-compatible HTTP server over a catalog.
import Dispatch
import Foundation
import MealCatalog
import MealDB
import VirtualTime

/// An HTTP/1.1 server on 127.0.0.1 that answers TheMealDB's paths from a `Catalog`.
///
/// Connections are served concurrently, each on its own serial queue driven by Dispatch sources,
/// so a slow or silent client only ever holds up itself. Broken requests get a 4xx answer and
/// never stop the server.
public final class MealServer: Sendable {
  /// Timeouts, limits, the log and the generator behind `random.php`.
  public struct Configuration: Sendable {
    /// How long a client may take to send a complete request head, and how long an idle
    /// keep-alive connection stays open.
    public var readTimeout: Duration
    /// The longest request line read; a longer one gets 414.
    public var maxRequestLineBytes: Int
    /// The largest request head (request line and header fields) read; a larger one gets 431.
    public var maxHeadBytes: Int
    /// Seeds `random.php`; `nil` picks a different seed each time the server is created.
    public var seed: UInt64?
    /// Receives one entry per answered request; `nil` logs nothing.
    public var log: (@Sendable (RequestLog) -> Void)?
    /// The most connections served at once (`serve --max-connections`).
    public var maxConnections = 256

    public init(
      readTimeout: Duration = .seconds(5), maxRequestLineBytes: Int = 8192,
      maxHeadBytes: Int = 16_384, seed: UInt64? = nil,
      log: (@Sendable (RequestLog) -> Void)? = RequestLog.standardError
    ) {
      self.readTimeout = readTimeout
      self.maxRequestLineBytes = maxRequestLineBytes
      self.maxHeadBytes = maxHeadBytes
      self.seed = seed
      self.log = log
    }
  }

  /// A server that cannot start.
  public enum StartError: Error, Equatable, CustomStringConvertible {
    case alreadyRunning
    /// Binding or listening failed, with the system's reason.
    case cannotListen(port: UInt16, reason: String)

    public var description: String {
      switch self {
      case .alreadyRunning: "the server is already running"
      case .cannotListen(let port, let reason):
        "cannot listen on 127.0.0.1:\(port) (\(reason))"
      }
    }
  }

  private struct State {
    var listener: Int32?
    var port: UInt16?
    var acceptSource: DispatchSourceRead?
    var connections: [Int: Connection] = [:]
    var nextID = 0
  }

  /// The path under which the endpoints live: `/api/json/v1/1/`.
  public static let apiPath = Responder.prefix

  public let catalog: Catalog
  public let configuration: Configuration
  private let faultState: Locked<Faults>
  private let state = Locked(State())
  private let responder: Responder
  private let acceptQueue = DispatchQueue(label: "MealServer.accept")
  private let connectionQueue = DispatchQueue(
    label: "MealServer.connections", attributes: .concurrent)

  public init(catalog: Catalog, faults: Faults = .none, configuration: Configuration = .init()) {
    self.catalog = catalog
    self.configuration = configuration
    faultState = Locked(faults)
    responder = Responder(
      catalog: catalog, faults: faultState,
      generator: Locked(SeededGenerator(seed: configuration.seed ?? .random(in: .min ... .max))))
  }

  /// The faults in effect; changing them affects the next requests.
  public var faults: Faults {
    get { faultState.withLock { $0 } }
    set { faultState.withLock { $0 = newValue } }
  }

  /// The port the server listens on, while it runs.
  public var port: UInt16? { state.withLock { $0.port } }

  /// `http://127.0.0.1:<port>/api/json/v1/1/`, while the server runs.
  public var baseURL: URL? {
    port.flatMap { URL(string: "http://127.0.0.1:\($0)\(Self.apiPath)") }
  }

  /// The number of open client connections.
  public var connectionCount: Int { state.withLock { $0.connections.count } }

  /// Starts listening on 127.0.0.1.
  ///
  /// - Parameter port: the port to listen on; 0 lets the system pick a free one.
  /// - Returns: the port the server listens on.
  @discardableResult
  public func start(port: UInt16 = 0) throws -> UInt16 {
    try state.withLock { state in
      guard state.listener == nil else { throw StartError.alreadyRunning }
      let listener: (descriptor: Int32, port: UInt16)
      do {
        listener = try Socket.listen(port: port, backlog: 1024)
      } catch let error as SocketError {
        throw StartError.cannotListen(port: port, reason: String(cString: strerror(error.code)))
      }
      let source = DispatchSource.makeReadSource(
        fileDescriptor: listener.descriptor, queue: acceptQueue)
      source.setEventHandler { [weak self] in self?.acceptAll(listener.descriptor) }
      source.setCancelHandler { Socket.close(listener.descriptor) }
      state.listener = listener.descriptor
      state.port = listener.port
      state.acceptSource = source
      source.activate()
      return listener.port
    }
  }

  /// Stops listening and closes every connection; answers in progress are dropped.
  ///
  /// Returns once the listening socket is closed, so that the port refuses connections.
  public func stop() {
    let source = state.withLock { state in
      defer {
        state.listener = nil
        state.port = nil
        state.acceptSource = nil
      }
      return state.acceptSource
    }
    guard let source else { return }
    let closed = DispatchSemaphore(value: 0)
    source.setCancelHandler { [descriptor = source.handle] in
      Socket.close(Int32(descriptor))
      closed.signal()
    }
    source.cancel()
    closed.wait()
    // Taken only now: no connection can be accepted any more.
    for connection in state.withLock({ Array($0.connections.values) }) { connection.close() }
  }

  private func acceptAll(_ listener: Int32) {
    while let descriptor = Socket.accept(listener) {
      let settings = Connection.Settings(
        limits: HTTPLimits(
          requestLine: configuration.maxRequestLineBytes, head: configuration.maxHeadBytes),
        readTimeout: configuration.readTimeout, responder: responder, log: configuration.log)
      let connection = state.withLock { state in
        defer { state.nextID += 1 }
        let connection = Connection(
          id: state.nextID, descriptor: descriptor, target: connectionQueue, settings: settings,
          onClose: { [weak self] id in
            self?.state.withLock { _ = $0.connections.removeValue(forKey: id) }
          })
        state.connections[state.nextID] = connection
        return connection
      }
      connection.start()
    }
  }
}
