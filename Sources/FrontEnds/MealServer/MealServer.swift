import Foundation
import MealCatalog
import VirtualTime

/// An HTTP/1.1 server on 127.0.0.1 that answers TheMealDB's paths from a `Catalog`.
///
/// One thread serves every connection, waiting on all of their sockets at once and never on one
/// alone, so a slow, silent or never-reading client only ever holds up itself. Broken requests
/// get a 4xx answer and never stop the server.
public final class MealServer: Sendable {
  /// Timeouts, limits, the log and the generator behind `random.php`.
  public struct Configuration: Sendable {
    /// How long a client may take to send a request head, stay idle, or leave its answer
    /// untaken before its connection is closed.
    public var timeout = Duration.seconds(5)
    /// Seeds `random.php`; `nil` picks a different seed each time the server is created.
    public var seed: UInt64?
    /// Receives one entry per answered request; `nil` logs nothing.
    public var log: (@Sendable (RequestLog) -> Void)? = RequestLog.standardError
    /// The most client connections open at once (see `connectionLimit`); more get a 503.
    public var maxConnections = 256

    public init() {}
  }

  /// A server that cannot start.
  public enum StartError: Error, Equatable, CustomStringConvertible {
    case alreadyRunning
    /// Binding or listening failed, with the system's reason.
    case cannotListen(port: UInt16, reason: String)
    /// The process may open fewer files than a server needs (`minimumDescriptorLimit`).
    case tooFewDescriptors(limit: Int, needed: Int)

    public var description: String {
      switch self {
      case .alreadyRunning: "the server is already running"
      case .cannotListen(let port, let reason):
        "cannot listen on 127.0.0.1:\(port) (\(reason))"
      case .tooFewDescriptors(let limit, let needed):
        "the server needs a file-descriptor limit of at least \(needed) (ulimit -n), but this "
          + "process may open only \(limit) files"
      }
    }
  }

  private struct State {
    var port: UInt16?
    /// The pipe's writing end that tells the serving thread to stop, while the server runs.
    var stop: Int32?
    var connections = 0
    /// What `beginStopping` asked to run once the listener is closed.
    var whenClosed: [@Sendable () -> Void] = []
  }

  /// The path under which the endpoints live: `/api/json/v1/1/`.
  public static let apiPath = Responder.prefix

  public let configuration: Configuration
  /// The most connections served at once: `maxConnections`, or fewer when the process may not
  /// open that many files. Every connection takes one descriptor; the rest is kept for the
  /// listener, the catalog, standard streams and libdispatch's own, which it cannot do without.
  public let connectionLimit: Int
  private let faultState: Locked<Faults>
  private let state = Locked(State())
  private let responder: Responder

  public init(catalog: Catalog, faults: Faults = .none, configuration: Configuration = .init()) {
    self.configuration = configuration
    faultState = Locked(faults)
    responder = Responder(
      catalog: catalog, faults: faultState,
      generator: Locked(SeededGenerator(seed: configuration.seed ?? .random(in: .min ... .max))))
    connectionLimit = max(1, min(configuration.maxConnections, Self.descriptorRoom()))
  }

  /// How many client connections a file-descriptor limit (the process's) leaves room for.
  static func descriptorRoom(underLimit limit: Int? = descriptorLimit()) -> Int {
    guard let limit else { return .max }
    return limit - Swift.min(64, limit / 4) - 16
  }

  /// The process's file-descriptor limit (`ulimit -n`), `nil` when there is none.
  static func descriptorLimit() -> Int? {
    var limit = rlimit()
    #if canImport(Darwin)
      let read = getrlimit(RLIMIT_NOFILE, &limit)
    #else
      let read = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    #endif
    // RLIM_INFINITY is all ones, which Swift cannot import as an unsigned constant.
    guard read == 0, limit.rlim_cur != rlim_t.max else { return nil }
    return Int(clamping: limit.rlim_cur)
  }

  /// The lowest file-descriptor limit that leaves room for one connection besides the
  /// descriptors kept in reserve (see `connectionLimit`). Far below it libdispatch cannot make
  /// the descriptors of its own queues, timers and signal sources, and does not say so: a
  /// server started anyway crashes, or serves nothing and never sees SIGTERM.
  public static let minimumDescriptorLimit = (1...).first { descriptorRoom(underLimit: $0) >= 1 }!

  /// Throws when the process's file-descriptor limit is below `minimumDescriptorLimit`.
  ///
  /// Check it before anything else in the process makes Dispatch sources: they take
  /// descriptors too.
  public static func checkDescriptorLimit() throws(StartError) {
    guard let limit = descriptorLimit(), limit < minimumDescriptorLimit else { return }
    throw StartError.tooFewDescriptors(limit: limit, needed: minimumDescriptorLimit)
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
  public var connectionCount: Int { state.withLock { $0.connections } }

  /// Starts listening on 127.0.0.1.
  ///
  /// - Parameter port: the port to listen on; 0 lets the system pick a free one.
  /// - Returns: the port the server listens on.
  @discardableResult
  public func start(port: UInt16 = 0) throws -> UInt16 {
    try Self.checkDescriptorLimit()
    return try state.withLock { state in
      guard state.stop == nil else { throw StartError.alreadyRunning }
      let listener = try Socket.listen(port: port)
      var stop: [Int32] = [-1, -1]
      guard pipe(&stop) == 0, Socket.closeOnExec(stop[0]), Socket.closeOnExec(stop[1]) else {
        let reason = String(cString: strerror(errno))
        Socket.close(listener.descriptor)
        throw StartError.cannotListen(port: port, reason: reason)
      }
      // A thread of its own, not Dispatch's shared pool: other work in the process (a test run,
      // the app's tasks) can keep that pool's few threads busy for longer than a client waits.
      Thread.detachNewThread { [self, stopped = stop[0]] in
        serve(listener.descriptor, until: stopped)
      }
      (state.port, state.stop) = (listener.port, stop[1])
      return listener.port
    }
  }

  /// Stops listening and closes every connection; answers in progress are dropped.
  ///
  /// Returns once the listening socket is closed, so that the port refuses connections. It
  /// suspends meanwhile, and blocks no thread.
  public func stop() async {
    await withCheckedContinuation { continuation in
      beginStopping { continuation.resume() }
    }
  }

  /// `stop()` for `defer` blocks and other synchronous callers: `closed` runs once it is done.
  public func beginStopping(closed: @escaping @Sendable () -> Void = {}) {
    let stop = state.withLock { state in
      defer { (state.port, state.stop) = (nil, nil) }
      if state.stop != nil { state.whenClosed.append(closed) }
      return state.stop
    }
    guard let stop else { return closed() }
    Socket.close(stop)
  }

  /// Serves on this thread until the stop pipe closes, then closes every socket and tells whoever
  /// waits for the stop.
  private func serve(_ listener: Int32, until stop: Int32) {
    var connections: [Connection] = []
    /// Until when accepting rests after the descriptors ran out.
    var resting = ContinuousClock.now
    while true {
      let accepting = ContinuousClock.now >= resting
      var watched =
        [stop, accepting ? listener : -1].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        + connections.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
      let wake = (connections.map(\.deadline) + (accepting ? [] : [resting])).min()
      // Rounded up, so that the deadline has passed on waking; -1 waits for the sockets alone.
      let wait =
        wake.map { Int32(max(0, min(($0 - .now) / .milliseconds(1), 1e9)).rounded(.up)) } ?? -1
      guard
        poll(&watched, nfds_t(watched.count), wait) >= 0
          || errno == EINTR,
        watched[0].revents == 0
      else { break }
      let now = ContinuousClock.now
      connections = zip(connections, watched.dropFirst(2)).compactMap { connection, watched in
        guard watched.revents != 0 || now >= connection.deadline else { return connection }
        if connection.resume(watched.revents, at: now) { return connection }
        Socket.close(connection.descriptor)
        return nil
      }
      while watched[1].revents != 0, let descriptor = Socket.accept(listener) {
        guard connections.count < connectionLimit else {
          Self.refuse(descriptor)
          continue
        }
        connections.append(
          Connection(descriptor: descriptor, responder: responder, configuration: configuration))
      }
      // No descriptor left for a new connection: a pause instead of waking up for the same
      // waiting connection again and again; waiting connections stay in the backlog.
      if watched[1].revents != 0, Socket.isOutOfDescriptors { resting = now + .milliseconds(100) }
      state.withLock { $0.connections = connections.count }
    }
    Socket.close(listener)
    Socket.close(stop)
    for connection in connections { Socket.close(connection.descriptor) }
    let callbacks = state.withLock { state in
      state.connections = 0
      defer { state.whenClosed = [] }
      return state.whenClosed
    }
    for callback in callbacks { callback() }
  }

  /// Tells a connection over the limit that the server is busy, and closes it at once.
  private static func refuse(_ descriptor: Int32) {
    var reply = Reply.text(503, close: true)
    reply.fields = [("Retry-After", "1")]
    // Best effort: the socket is fresh, so its buffer takes the whole answer.
    _ = Socket.send(descriptor, reply.bytes(minorVersion: 1, body: true)[...])
    Socket.shutdownWrite(descriptor)
    Socket.close(descriptor)
  }
}
