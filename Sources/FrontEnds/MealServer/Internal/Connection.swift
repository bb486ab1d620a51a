import Foundation

/// One client connection, served on a thread of its own with blocking calls: reads request
/// heads, answers them one after the other, and ends on request, on a broken request, on the
/// peer leaving, or after a read timeout. The server closes the descriptor when `serve()`
/// returns; it shuts the socket down to end a connection from outside.
///
/// A thread of its own, not a queue on Dispatch's shared pool: in a process whose other work
/// keeps that pool's few threads busy (a test run, the app's tasks), a connection there waited
/// for it, and an answer on loopback took longer than the client's deadline.
struct Connection {
  /// What one wait for the peer brought.
  private enum Received {
    case bytes(ArraySlice<UInt8>)
    case timedOut
    /// The peer closed its side, the connection broke, or the server shut it down.
    case ended
  }

  /// A request read, with the answer it gets.
  private struct Request {
    var reply: Reply
    var method = "-"
    var target = "-"
    var minorVersion = 1
    /// Its head complete, or the first byte of a broken one.
    var start: ContinuousClock.Instant
  }

  let descriptor: Int32
  let readTimeout: Duration
  let responder: Responder
  let log: (@Sendable (RequestLog) -> Void)?

  func serve() {
    // Bytes received and not yet answered: the rest of a request head, or pipelined requests.
    var input: [UInt8] = []
    while let request = nextRequest(&input) {
      let reply = request.reply
      if let delay = reply.delay, !wait(delay, keeping: &input) { return }
      log?(
        RequestLog(
          method: request.method, target: request.target, request: reply.request,
          status: reply.status, duration: .now - request.start))
      let body = request.method != "HEAD"
      guard Self.send(reply, minorVersion: request.minorVersion, body: body, to: descriptor) else {
        return
      }
      if reply.close {
        // Reading on until the peer closes, so that unread input does not turn the close into
        // a reset that destroys the answer; a peer that never closes is dropped soon.
        Socket.shutdownWrite(descriptor)
        let end = ContinuousClock.now + min(readTimeout, .seconds(1))
        while case .bytes = receive(until: end) {}
        return
      }
    }
  }

  /// The next request with its answer once its head is complete, or a broken or unfinished
  /// one with its error; `nil` when the peer leaves or stays silent.
  private func nextRequest(_ input: inout [UInt8]) -> Request? {
    let deadline = ContinuousClock.now + readTimeout
    var start: ContinuousClock.Instant? = input.isEmpty ? nil : .now
    while true {
      switch HTTPParser.parse(input) {
      case .complete(let head, let consumed):
        input.removeFirst(consumed)
        var reply = responder.reply(to: head)
        if !head.keepAlive { reply.close = true }
        return Request(
          reply: reply, method: head.method, target: head.target,
          minorVersion: head.minorVersion, start: .now)
      case .failure(let failure):
        return Request(reply: .text(failure.status, close: true), start: start ?? .now)
      case .incomplete:
        switch receive(until: deadline) {
        case .bytes(let bytes):
          start = start ?? .now
          input += bytes
        case .timedOut where !input.isEmpty:
          // Half a request and then silence: tell the client before hanging up.
          return Request(reply: .text(408, close: true), start: start ?? .now)
        case .timedOut, .ended:
          return nil
        }
      }
    }
  }

  /// Waits out an answer's delay while reading on: a client that hangs up is let go at once,
  /// and the requests it sends meanwhile are kept, up to one head's worth (the rest stays in
  /// the socket). `false` when the connection ended.
  private func wait(_ delay: Duration, keeping input: inout [UInt8]) -> Bool {
    let end = ContinuousClock.now + delay
    while ContinuousClock.now < end {
      switch receive(until: end, reading: input.count <= HTTPParser.headLimit) {
      case .bytes(let bytes): input += bytes
      case .timedOut: return true
      case .ended: return false
      }
    }
    return true
  }

  /// The next bytes from the peer, once they come and before `deadline`. Without `reading`, it
  /// only waits for the connection to end.
  private func receive(
    until deadline: ContinuousClock.Instant, reading: Bool = true
  ) -> Received {
    while true {
      let (seconds, attoseconds) = (deadline - .now).components
      let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      var watched = pollfd(fd: descriptor, events: reading ? Int16(POLLIN) : 0, revents: 0)
      let ready = poll(&watched, 1, Int32(clamping: milliseconds))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return ready == 0 ? .timedOut : .ended }
      guard reading else { return .ended }
      var buffer = [UInt8](repeating: 0, count: 16_384)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      return count > 0 ? .bytes(buffer[..<count]) : .ended
    }
  }

  /// Writes the answer's head and, unless for `HEAD`, its body; `false` when the peer is gone.
  static func send(_ reply: Reply, minorVersion: Int, body: Bool, to descriptor: Int32) -> Bool {
    var head = "HTTP/1.\(minorVersion) \(reply.status) \(HTTPStatus.reason(reply.status))\r\n"
    if let contentType = reply.contentType { head += "Content-Type: \(contentType)\r\n" }
    head += "Content-Length: \(reply.body.count)\r\n"
    for field in reply.fields { head += "\(field.name): \(field.value)\r\n" }
    if reply.close {
      head += "Connection: close\r\n"
    } else if minorVersion == 0 {
      head += "Connection: keep-alive\r\n"
    }
    return Socket.send(descriptor, Array((head + "\r\n").utf8) + (body ? reply.body : Data()))
  }
}
