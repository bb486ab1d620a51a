#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A failed socket call, named with the reason the system gives.
struct SocketError: Error, CustomStringConvertible {
  let call: String
  let code: Int32

  var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// The few BSD socket calls the server needs, the same on Linux and macOS.
enum Socket {
  /// A TCP socket over IPv4, made the same way on Linux and macOS.
  static func tcpSocket() -> Int32 {
    #if canImport(Darwin)
      socket(AF_INET, SOCK_STREAM, 0)
    #else
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
  }

  /// Calls `body` with 127.0.0.1:`port` as the `sockaddr` that `bind` and `connect` take.
  static func withLoopbackAddress<Result>(
    port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// A non-blocking TCP socket listening on 127.0.0.1; `port` 0 lets the system pick one.
  static func listen(port: UInt16, backlog: Int32) throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = tcpSocket()
    guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
    do {
      var yes: Int32 = 1
      setsockopt(
        descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      let bound = withLoopbackAddress(port: port) { bind(descriptor, $0, $1) }
      guard bound == 0 else { throw SocketError(call: "bind", code: errno) }
      guard systemListen(descriptor, backlog) == 0 else {
        throw SocketError(call: "listen", code: errno)
      }
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      guard named == 0 else { throw SocketError(call: "getsockname", code: errno) }
      try setNonBlocking(descriptor)
      return (descriptor, UInt16(bigEndian: address.sin_port))
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// What one `accept` found.
  enum Accepted {
    /// A connection, made non-blocking.
    case accepted(Int32)
    /// No connection is waiting, or accepting failed for a reason that waiting will not cure
    /// sooner than the next readiness event.
    case noneWaiting
    /// A connection waits, but the process or the system has no file descriptor left for it.
    case outOfDescriptors
  }

  /// The next waiting connection.
  static func accept(_ listener: Int32) -> Accepted {
    while true {
      #if canImport(Darwin)
        let descriptor = Darwin.accept(listener, nil, nil)
      #else
        let descriptor = Glibc.accept(listener, nil, nil)
      #endif
      if descriptor >= 0 {
        guard (try? setNonBlocking(descriptor)) != nil else {
          close(descriptor)
          continue
        }
        var yes: Int32 = 1
        // Answers go out in one piece; waiting for more data (Nagle) only adds latency.
        setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
          setsockopt(
            descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return .accepted(descriptor)
      }
      // A connection that was reset before it was accepted is not a reason to stop accepting.
      if errno == EINTR || errno == ECONNABORTED { continue }
      if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
        return .outOfDescriptors
      }
      return .noneWaiting
    }
  }

  static func setNonBlocking(_ descriptor: Int32) throws {
    let flags = fcntl(descriptor, F_GETFL, 0)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw SocketError(call: "fcntl", code: errno)
    }
  }

  /// Result of one non-blocking read or write.
  enum Transfer {
    case bytes(Int)
    case wouldBlock
    /// The peer closed its side (reads only).
    case end
    case failed
  }

  static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .end }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
    }
  }

  static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Transfer {
    #if canImport(Darwin)
      let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead.
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    while true {
      let count = systemSend(descriptor, bytes.baseAddress, bytes.count, flags)
      if count >= 0 { return .bytes(count) }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
    }
  }

  /// Tells the peer that no more data follows, while still reading what it sends.
  static func shutdownWrite(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = shutdown(descriptor, SHUT_WR)
    #else
      _ = shutdown(descriptor, Int32(SHUT_WR))
    #endif
  }

  static func close(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(descriptor)
    #else
      _ = Glibc.close(descriptor)
    #endif
  }
}

#if canImport(Darwin)
  // `listen` and `send` are shadowed by the static methods above; these name the C functions.
  private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    Darwin.listen(descriptor, backlog)
  }
  private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32)
    -> Int
  {
    Darwin.send(fd, bytes, count, flags)
  }
#else
  private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    Glibc.listen(descriptor, backlog)
  }
  private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32)
    -> Int
  {
    Glibc.send(fd, bytes, count, flags)
  }
#endif
