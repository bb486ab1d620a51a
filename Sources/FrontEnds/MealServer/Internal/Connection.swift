import Dispatch
import Foundation

/// One client connection: reads request heads, answers them one after the other, and closes on
/// request, on a broken request, on the peer leaving, or after a read timeout.
///
/// Safe as `@unchecked Sendable`: every mutable property is only touched on `queue`, a serial
/// queue. The read, write and timer sources deliver their events on `queue`, delayed answers are
/// scheduled on it, and the two entry points from outside, `start()` and `close()`, hop onto it
/// before touching anything.
final class Connection: @unchecked Sendable {
  /// Where a connection stands between requests.
  private enum Phase {
    /// Waiting for (the rest of) a request head; the read timeout runs.
    case reading
    /// A request is being answered. While the answer waits out a delay, reading goes on, so
    /// that a client that hangs up is let go at once (and more requests are kept, up to one
    /// head's worth); while it is written, reading is paused.
    case answering
    /// The last answer was sent and the write side shut; reading on until the peer closes, so
    /// that unread input does not turn the close into a reset that destroys the answer.
    case draining
    case closed
  }

  /// Fixed settings shared by all connections.
  struct Settings: Sendable {
    let limits: HTTPLimits
    let readTimeout: Duration
    let responder: Responder
    let log: (@Sendable (RequestLog) -> Void)?
  }

  private let descriptor: Int32
  private let settings: Settings
  private let onClose: @Sendable (Connection) -> Void
  /// A queue of its own, not one that targets Dispatch's shared pool: in a process whose other
  /// work keeps that pool's few threads busy (a test run, the app's tasks), a connection there
  /// waited for it, and an answer on loopback took longer than the client's deadline.
  private let queue = DispatchQueue(label: "MealServer.connection")

  private var phase = Phase.reading
  private var input: [UInt8] = []
  /// What is still to be written of the answer.
  private var output: ArraySlice<UInt8> = []
  private var closeAfterWriting = false
  private var readSource: DispatchSourceRead?
  private var writeSource: DispatchSourceWrite?
  private var timer: DispatchSourceTimer?
  /// Whether the read and the write source deliver events (Dispatch cannot be asked).
  private var reading = false
  private var writing = false
  /// Sources on `descriptor` not yet fully cancelled; the descriptor is closed when none is left.
  private var openSources = 0
  /// When the current request began: its head complete, or the first byte of a broken one.
  private var requestStart: ContinuousClock.Instant?

  init(descriptor: Int32, settings: Settings, onClose: @escaping @Sendable (Connection) -> Void) {
    self.descriptor = descriptor
    self.settings = settings
    self.onClose = onClose
  }

  func start() {
    queue.async { [self] in
      guard phase != .closed else { return }
      let timer = DispatchSource.makeTimerSource(queue: queue)
      timer.setEventHandler { [weak self] in self?.timedOut() }
      timer.activate()
      self.timer = timer
      restartTimer(after: settings.readTimeout)
      let read = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      read.setEventHandler { [weak self] in self?.readable() }
      // Made now and turned on only when an answer does not fit into the socket at once.
      let write = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
      write.setEventHandler { [weak self] in self?.flush() }
      for source in [read, write] as [any DispatchSourceProtocol] {
        source.setCancelHandler { [self] in sourceCancelled() }
      }
      (readSource, writeSource, openSources) = (read, write, 2)
      switchReading(on: true)
    }
  }

  /// Closes the connection from outside (the server stops); a pending answer is dropped.
  func close() {
    queue.async { [self] in shutDown() }
  }

  // MARK: - Reading

  private func readable() {
    var buffer = [UInt8](repeating: 0, count: 16_384)
    // Paused: an answer is being written (it may have begun in `process()` below).
    while phase != .closed, reading {
      if phase == .answering, input.count > settings.limits.head {
        // Enough pipelined requests kept while the answer waits: the rest stays in the socket.
        return switchReading(on: false)
      }
      switch buffer.withUnsafeMutableBytes({ Socket.receive(descriptor, into: $0) }) {
      case .bytes where phase == .draining:
        continue
      case .bytes(let count):
        if input.isEmpty, requestStart == nil { requestStart = .now }
        input += buffer[..<count]
        process()
      case .wouldBlock:
        return
      case .end, .failed:
        // Also while an answer waits out its delay: a client that has hung up reads no answer,
        // and its slot is free for the next one now rather than when the delay ends.
        return shutDown()
      }
    }
  }

  /// Answers the request whose head is complete in `input`, if there is one.
  private func process() {
    guard phase == .reading, !input.isEmpty else { return }
    switch HTTPParser.parse(input, limits: settings.limits) {
    case .incomplete:
      return
    case .failure(let failure):
      answer(Reply.text(failure.status, close: true), method: "-", target: "-")
    case .complete(let head, let consumed):
      input.removeFirst(consumed)
      requestStart = .now
      var reply = settings.responder.reply(to: head)
      if !head.keepAlive { reply.close = true }
      answer(reply, method: head.method, target: head.target, minorVersion: head.minorVersion)
    }
  }

  // MARK: - Answering

  private func answer(_ reply: Reply, method: String, target: String, minorVersion: Int = 1) {
    phase = .answering
    timer?.schedule(deadline: .distantFuture)
    guard let delay = reply.delay, delay > .zero else {
      return send(reply, method: method, target: target, minorVersion: minorVersion)
    }
    // Reading goes on during the delay (see `Phase.answering`).
    queue.asyncAfter(deadline: .now() + delay.dispatchInterval) { [weak self] in
      guard let self, phase == .answering else { return }
      send(reply, method: method, target: target, minorVersion: minorVersion)
    }
  }

  private func send(_ reply: Reply, method: String, target: String, minorVersion: Int) {
    // Not while the answer is written: a client that half-closes after its request (and not
    // during a delay) still gets it.
    switchReading(on: false)
    settings.log?(
      RequestLog(
        method: method, target: target, request: reply.request, status: reply.status,
        duration: .now - (requestStart ?? .now)))
    requestStart = nil
    var head = "HTTP/1.\(minorVersion) \(reply.status) \(HTTPStatus.reason(reply.status))\r\n"
    if let contentType = reply.contentType { head += "Content-Type: \(contentType)\r\n" }
    head += "Content-Length: \(reply.body.count)\r\n"
    if let allow = reply.allow { head += "Allow: \(allow)\r\n" }
    if reply.close {
      head += "Connection: close\r\n"
    } else if minorVersion == 0 {
      head += "Connection: keep-alive\r\n"
    }
    output = ArraySlice((head + "\r\n").utf8)
    if method != "HEAD" { output += reply.body }
    closeAfterWriting = reply.close
    flush()
  }

  /// Writes as much of `output` as the socket takes; waits for the write source for the rest.
  private func flush() {
    guard phase == .answering else { return }
    while !output.isEmpty {
      switch output.withUnsafeBytes({ Socket.send(descriptor, $0) }) {
      case .bytes(let count): output.removeFirst(count)
      case .wouldBlock: return switchWriting(on: true)
      case .end, .failed: return shutDown()
      }
    }
    switchWriting(on: false)
    if closeAfterWriting {
      Socket.shutdownWrite(descriptor)
      phase = .draining
      input = []
      // A peer that never closes its side is dropped after a short grace period.
      restartTimer(after: min(settings.readTimeout, .seconds(1)))
    } else {
      phase = .reading
      if !input.isEmpty { requestStart = .now }
      restartTimer(after: settings.readTimeout)
    }
    switchReading(on: true)
    process()  // A pipelined request may already be waiting.
  }

  // MARK: - Timeout and closing

  private func timedOut() {
    switch phase {
    case .reading where input.isEmpty:
      // A request may have come as the idle time ran out, its event not yet delivered: it is
      // answered, not dropped with the connection.
      readable()
      if phase == .reading, input.isEmpty { shutDown() }
    case .reading:
      // Half a request and then silence: tell the client before hanging up.
      answer(Reply.text(408, close: true), method: "-", target: "-")
    case .draining:
      shutDown()
    case .answering, .closed:
      break
    }
  }

  private func shutDown() {
    guard phase != .closed else { return }
    phase = .closed
    input = []
    output = []
    timer?.cancel()
    timer = nil
    guard let readSource, let writeSource else {
      // Not started: no source watches the descriptor.
      Socket.close(descriptor)
      return onClose(self)
    }
    // A suspended source must be resumed before it is cancelled, or it never finishes cancelling.
    switchReading(on: true)
    switchWriting(on: true)
    readSource.cancel()
    writeSource.cancel()
  }

  private func sourceCancelled() {
    openSources -= 1
    guard openSources == 0 else { return }
    // Only now: libdispatch may watch a descriptor until its sources' cancel handlers have run.
    Socket.close(descriptor)
    (readSource, writeSource) = (nil, nil)
    onClose(self)
  }

  private func restartTimer(after duration: Duration) {
    timer?.schedule(deadline: .now() + duration.dispatchInterval)
  }

  private func switchReading(on: Bool) {
    guard let readSource, reading != on else { return }
    if on { readSource.resume() } else { readSource.suspend() }
    reading = on
  }

  private func switchWriting(on: Bool) {
    guard let writeSource, writing != on else { return }
    if on { writeSource.resume() } else { writeSource.suspend() }
    writing = on
  }
}

extension Duration {
  /// The same span for Dispatch, to the nanosecond.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return .never }
    return .nanoseconds(Int(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}
