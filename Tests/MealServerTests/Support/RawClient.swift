import Foundation

@testable import MealServer

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A blocking loopback socket for sending requests that no HTTP client would send.
final class RawClient {
  private let descriptor: Int32

  /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
  init(port: UInt16, timeout: TimeInterval = 3) throws {
    descriptor = Socket.tcpSocket()
    let connected = Socket.withLoopbackAddress(port: port) { [descriptor] in
      connect(descriptor, $0, $1)
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
    }
    var interval = timeval(tv_sec: Int(timeout), tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit {
    close(descriptor)
  }

  func send(_ text: String) {
    send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Darwin)
        let flags: Int32 = 0
      #else
        let flags = Int32(MSG_NOSIGNAL)
      #endif
      let count = bytes[offset...].withUnsafeBytes {
        systemSend(descriptor, $0.baseAddress, $0.count, flags)
      }
      guard count > 0 else { return }
      offset += count
    }
  }

  /// Everything the server sends until it closes the connection (or the read times out).
  func readToEnd() -> String {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      data += buffer[0..<count]
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// One response: the head and as many body bytes as Content-Length says.
  func readResponse() -> (head: String, body: String)? {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let text = String(decoding: data, as: UTF8.self)
      if let end = text.range(of: "\r\n\r\n") {
        let head = String(text[..<end.lowerBound])
        let length =
          head.split(separator: "\r\n")
          .first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let bodyStart = text.utf8.distance(from: text.startIndex, to: end.upperBound)
        if data.count - bodyStart >= length {
          return (head, String(decoding: data[bodyStart..<(bodyStart + length)], as: UTF8.self))
        }
      }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      data += buffer[0..<count]
    }
  }
}

extension String {
  /// The status code of an HTTP response text.
  var httpStatus: Int? {
    let parts = split(separator: " ", maxSplits: 2)
    return parts.count >= 2 ? Int(parts[1]) : nil
  }
}

#if canImport(Darwin)
  private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32)
    -> Int
  {
    Darwin.send(fd, bytes, count, flags)
  }
#else
  private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32)
    -> Int
  {
    Glibc.send(fd, bytes, count, flags)
  }
#endif
