import Foundation

/// One client connection, moved on by the server's loop whenever its socket is ready or its
/// deadline passes, without ever blocking: reads request heads and answers them one after the
/// other until the connection ends, which the server learns from `resume`.
final class Connection {
  /// What the connection waits for.
  private enum Phase {
    /// A request head; `since` is when its first byte came.
    case reading(since: ContinuousClock.Instant?)
    /// The end of the answer's delay, reading on meanwhile.
    case delaying(Request)
    /// The peer taking the answer; then the next request, or the end.
    case sending(close: Bool)
    /// The peer closing after the last answer.
    case closing
  }

  /// A request read, with the answer it gets.
  private struct Request {
    var reply: Reply
    /// `nil` for a broken or unfinished request.
    var head: HTTPRequestHead?
    /// Its head complete, or the first byte of a broken one.
    var start: ContinuousClock.Instant
  }

  let descriptor: Int32
  private let responder: Responder
  private let configuration: MealServer.Configuration
  /// Bytes received and not yet answered: the rest of a request head, or pipelined requests.
  private var input: [UInt8] = []
  /// What the peer has not yet taken of the answer.
  private var output: ArraySlice<UInt8> = []
  private var phase = Phase.reading(since: nil)
  /// When the current wait ends: a read timeout, a delay's end, a send that stalls too long.
  private(set) var deadline: ContinuousClock.Instant

  init(descriptor: Int32, responder: Responder, configuration: MealServer.Configuration) {
    self.descriptor = descriptor
    self.responder = responder
    self.configuration = configuration
    deadline = .now + configuration.timeout
  }

  /// What to wait for on the socket: `poll`'s events.
  var events: Int16 {
    switch phase {
    case .reading, .closing: Int16(POLLIN)
    // Requests sent meanwhile are kept up to one head's worth; the rest stays in the socket.
    // A peer that hangs up is seen either way.
    case .delaying: input.count <= HTTPParser.headLimit ? Int16(POLLIN) : 0
    case .sending: Int16(POLLOUT)
    }
  }

  /// Moves on as far as the socket's `revents` and the time allow; `false` once the
  /// connection is over.
  func resume(_ revents: Int16, at now: ContinuousClock.Instant) -> Bool {
    if revents != 0 {
      switch phase {
      case .reading(let since):
        guard receive() else { return false }
        phase = .reading(since: since ?? now)
      // A client that hangs up while its answer is delayed is let go at once.
      case .delaying: guard events != 0, receive() else { return false }
      case .sending: break
      case .closing:
        // Reading on until the peer closes, so that unread input does not turn the close into
        // a reset that destroys the answer.
        guard receive() else { return false }
        input = []
      }
    } else if case .sending = phase {
      // The socket has taken nothing for the whole timeout: the peer stopped reading. (A send
      // now could still slip a few bytes into the socket's buffer and look like progress.)
      return false
    }
    while true {
      switch phase {
      case .reading(let since):
        let request: Request
        switch HTTPParser.parse(input) {
        case .complete(let head, let consumed):
          input.removeFirst(consumed)
          var reply = responder.reply(to: head)
          if !head.keepAlive { reply.close = true }
          request = Request(reply: reply, head: head, start: now)
        case .failure(let failure):
          request = Request(reply: .text(failure.status, close: true), start: since ?? now)
        case .incomplete:
          guard now >= deadline else { return true }
          // Half a request and then silence: tell the client before hanging up.
          guard !input.isEmpty else { return false }
          request = Request(reply: .text(408, close: true), start: since ?? now)
        }
        phase = .delaying(request)
        deadline = now + (request.reply.delay ?? .zero)
      case .delaying(let request):
        guard now >= deadline else { return true }
        let (reply, head) = (request.reply, request.head)
        configuration.log?(
          RequestLog(
            method: head?.method ?? "-", target: head?.target ?? "-", request: reply.request,
            status: reply.status, duration: .now - request.start))
        output =
          reply.bytes(minorVersion: head?.minorVersion ?? 1, body: head?.method != "HEAD")[...]
        phase = .sending(close: reply.close)
        deadline = now + configuration.timeout
      case .sending(let close):
        guard let count = Socket.send(descriptor, output) else { return false }
        if count > 0 {
          output = output.dropFirst(count)
          deadline = now + configuration.timeout
        }
        guard output.isEmpty else { return true }
        if close {
          Socket.shutdownWrite(descriptor)
          phase = .closing
          deadline = now + min(configuration.timeout, .seconds(1))
        } else {
          phase = .reading(since: input.isEmpty ? nil : now)
          deadline = now + configuration.timeout
        }
      case .closing:
        return now < deadline
      }
    }
  }

  /// Adds what the peer sent to `input`; `false` when it closed its side or the connection
  /// broke.
  private func receive() -> Bool {
    withUnsafeTemporaryAllocation(byteCount: 16_384, alignment: 1) { buffer in
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { input += buffer[..<count] }
      return count > 0 || count < 0 && [EAGAIN, EWOULDBLOCK, EINTR].contains(errno)
    }
  }
}
