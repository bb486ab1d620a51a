import Foundation

/// The few BSD socket calls the server needs, the same on Linux and macOS.
enum Socket {
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

  /// A non-blocking TCP socket listening on 127.0.0.1, and its port; `port` 0 lets the system
  /// pick one.
  ///
  /// - Throws: the reason the system gives for the call that failed; nothing is left open.
  static func listen(port: UInt16) throws(MealServer.StartError) -> (
    descriptor: Int32, port: UInt16
  ) {
    let descriptor = tcpSocket()
    func failure() -> MealServer.StartError {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      return .cannotListen(port: port, reason: reason)
    }
    guard descriptor >= 0 else { throw failure() }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard withLoopbackAddress(port: port, { bind(descriptor, $0, $1) }) == 0,
      Foundation.listen(descriptor, 1024) == 0
    else { throw failure() }
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0, setNonBlocking(descriptor), closeOnExec(descriptor) else { throw failure() }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// The next waiting connection, non-blocking; `nil` when none waits or accepting failed for a
  /// reason that waiting will not cure sooner than the next one (see `isOutOfDescriptors`).
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      let descriptor = Foundation.accept(listener, nil, nil)
      // A connection that was reset before it was accepted is not a reason to stop accepting.
      if descriptor < 0, errno == EINTR || errno == ECONNABORTED { continue }
      guard descriptor >= 0 else { return nil }
      _ = setNonBlocking(descriptor)
      _ = closeOnExec(descriptor)
      var yes: Int32 = 1
      let size = socklen_t(MemoryLayout.size(ofValue: yes))
      // Answers go out in one piece; waiting for more data (Nagle) only adds latency.
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, size)
      #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, size)
      #endif
      return descriptor
    }
  }

  /// Whether the last `accept` failed because the process or the system has no file descriptor
  /// left for a waiting connection.
  static var isOutOfDescriptors: Bool {
    [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno)
  }

  private static func setNonBlocking(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL, 0)
    return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
  }

  /// Keeps `descriptor` out of the programs the process starts, which would otherwise hold it
  /// open (a port that stays open, a pipe that never closes).
  static func closeOnExec(_ descriptor: Int32) -> Bool {
    fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
  }

  /// Writes as much of `bytes` as the socket takes without waiting: how much it took, or
  /// `nil` when the peer is gone.
  static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
    #if canImport(Darwin)
      let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead.
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    var sent = 0
    while sent < bytes.count {
      let count = bytes.dropFirst(sent).withUnsafeBytes {
        Foundation.send(descriptor, $0.baseAddress, $0.count, flags)
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
      guard count > 0 else { return nil }
      sent += count
    }
    return sent
  }

  /// Tells the peer that no more data follows, while still reading what it sends.
  static func shutdownWrite(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  static func close(_ descriptor: Int32) {
    _ = Foundation.close(descriptor)
  }
}
