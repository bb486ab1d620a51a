import Foundation
import LiveNetwork
import MealDB
import Testing
import VirtualTime

@testable import MealServer

/// The server's limits: connections at once.
@Suite struct ConnectionLimitTests {
  @Test("Connections over the limit get 503 and are closed; those it has are still served")
  func refusesOverLimit() throws {
    let server = try TestServer(timeout: .seconds(5), maxConnections: 2)
    let first = try RawClient(port: server.port)
    let second = try RawClient(port: server.port)
    // Both are accepted once the server has answered over one of them.
    first.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(first.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
    let third = try RawClient(port: server.port)
    #expect(third.readToEnd().httpStatus == 503)
    second.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(second.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
  }

  @Test("A client that hangs up while its answer is delayed frees its slot at once")
  func hangUpFreesSlot() async throws {
    let server = try TestServer(
      faults: Faults(delay: .init(.seconds(3600), for: "search.php")), maxConnections: 2)
    var waiting = [try RawClient(port: server.port), try RawClient(port: server.port)]
    for client in waiting {
      client.send("GET /api/json/v1/1/search.php?s=Lasagne HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    #expect(await server.waitForConnections(2))
    waiting.removeAll()
    #expect(await server.waitForConnections(0))
    let next = try RawClient(port: server.port)
    next.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(next.readToEnd().httpStatus == 200)
  }

  @Test("A client that sends requests and never reads the answers is closed once it stalls")
  func neverReadingClientIsClosed() async throws {
    let server = try TestServer(timeout: .milliseconds(500), maxConnections: 1)
    let hog = try RawClient(port: server.port)
    let request = "GET /api/json/v1/1/search.php?s= HTTP/1.1\r\nHost: x\r\n\r\n"
    hog.send(request)
    // Served: the server holds the one connection it may have.
    #expect(hog.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
    // Then far more answers than the sockets' buffers hold, none of them read.
    hog.send(String(repeating: request, count: 5000))
    #expect(await server.waitForConnections(0))
    let next = try RawClient(port: server.port)
    next.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(next.readToEnd().httpStatus == 200)
    withExtendedLifetime(hog) {}
  }

  @Test("The connection limit stays below the process's file-descriptor limit")
  func belowDescriptorLimit() throws {
    let server = try TestServer(maxConnections: .max)
    #expect(server.server.connectionLimit == MealServer.descriptorRoom())
    #expect(server.server.connectionLimit < Int.max)
  }
}

@Suite struct CaptureLimitTests {
  @Test("An answer over the size limit is named as such when capturing")
  func tooLargeReason() async {
    struct TooLarge: Transport {
      func send(_ request: APIRequest) async throws -> APIResponse {
        throw URLError(.dataLengthExceedsMaximum)
      }
    }
    let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "rezepte-too-large-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let failure = CatalogCapture.Failure(
      message: "cannot download categories.php: the answer is larger than the transport's size "
        + "limit.")
    await #expect(throws: failure) {
      try await CatalogCapture(transport: TooLarge(), directory: folder).run()
    }
  }
}

/// The server and the transport in a process whose other work keeps Dispatch's shared pool
/// busy, as a full test run beside another does.
@Suite struct BusyPoolTests {
  /// Runs its jobs on a queue of its own, so that the request starts and ends whatever the
  /// shared pool is doing.
  final class OwnQueue: TaskExecutor {
    let queue = DispatchQueue(label: "BusyPoolTests")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  /// `body` run on `OwnQueue` while more tasks than the pool has threads do synchronous work
  /// until `body` is done (or 60 s, so that a failure ends), and whether they were all still
  /// at it when `body` ended.
  func whilePoolIsBusy<Value: Sendable>(
    _ body: @Sendable () async -> Value
  ) async -> (Value, poolWasBusy: Bool) {
    let done = Locked(false)
    let gaveUp = Locked(false)
    for _ in 0...ProcessInfo.processInfo.activeProcessorCount {
      Task.detached {
        let end = ContinuousClock.now + .seconds(60)
        while !done.withLock({ $0 }) {
          if ContinuousClock.now >= end { return gaveUp.withLock { $0 = true } }
        }
      }
    }
    return await withTaskExecutorPreference(OwnQueue()) {
      // Here, on the own queue: back on the busy pool, the answer would wait for its threads.
      defer { done.withLock { $0 = true } }
      let value = await body()
      return (value, !gaveUp.withLock { $0 })
    }
  }

  @Test("A request over loopback is answered while other work holds every thread of the pool")
  func answeredWhilePoolIsBusy() async throws {
    guard #available(macOS 15, iOS 18, *) else { return }
    let server = try TestServer()
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 1)
    let (answer, _) = await whilePoolIsBusy {
      try? await transport.send(APIRequest(path: "categories.php"))
    }
    #expect(answer?.status == 200)
  }

  @Test("The transport's deadline comes while other work still holds every thread of the pool")
  func deadlineWhilePoolIsBusy() async throws {
    guard #available(macOS 15, iOS 18, *) else { return }
    // An answer that never comes in the test's time: only the transport's deadline ends it.
    let server = try TestServer(faults: Faults(delay: .init(.seconds(3600))))
    let transport = URLSessionTransport(baseURL: server.baseURL, timeout: 0.3)
    let (failure, poolWasBusy) = await whilePoolIsBusy { () -> (any Error)? in
      do {
        _ = try await transport.send(APIRequest(path: "categories.php"))
        return nil
      } catch {
        return error
      }
    }
    #expect((failure as? URLError)?.code == .timedOut)
    // Had the deadline waited for a thread of the pool, it would have come only once the busy
    // work gave up.
    #expect(poolWasBusy)
  }
}
