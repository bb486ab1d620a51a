import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals (SIGINT, SIGTERM, …) into awaitable events instead of ending the process, from
/// its making until `cancel()`; `serve` waits for one to stop its server.
///
/// Until its source is registered (the initializer waits for that), a signal has its default
/// action, so none is lost. On Darwin a kqueue sees a signal whatever its action, and the default
/// action would end the process first, so there the signals are ignored from then on.
public final class SignalWaiter {
  private let sources: [any DispatchSourceSignal]
  /// The signals as they arrive; the stream ends when the waiter is cancelled.
  public let received: AsyncStream<Int32>
  private let continuation: AsyncStream<Int32>.Continuation

  public init(signals: [Int32]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    let queue = DispatchQueue(label: "rezepte.signals")
    let registered = DispatchGroup()
    received = stream
    self.continuation = continuation
    sources = signals.map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.activate()
      return source
    }
    registered.wait()
    #if canImport(Darwin)
      for number in signals { signal(number, SIG_IGN) }
    #endif
  }

  /// Unblocks SIGINT, SIGTERM and SIGHUP in the calling thread and the threads it starts, so
  /// that each ends the process or reaches its waiter. A process inherits its signal mask, and
  /// one started from a thread of libdispatch (as `Process` is from a Swift task) has them all
  /// blocked, where no signal would ever end it.
  public static func unblockTerminationSignals() {
    var mask = sigset_t()
    sigemptyset(&mask)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&mask, number) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  }

  /// Gives the signals their default actions back, and ends `received`.
  public func cancel() {
    for source in sources { source.cancel() }
    // A signal source's handle is its signal's number.
    for source in sources { signal(Int32(source.handle), SIG_DFL) }
    continuation.finish()
  }
}
