import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals (SIGINT, SIGTERM, …) into awaitable events instead of ending the process, from
/// its making until `cancel()`, which gives them their default actions back.
///
/// `serve` waits for one to stop its server; `explore` for one to stop its workers with it.
public final class SignalWaiter {
  private let sources: [any DispatchSourceSignal]
  /// The signals as they come, until `cancel()`.
  public let received: AsyncStream<Int32>
  private let continuation: AsyncStream<Int32>.Continuation
  private let signals: [Int32]

  public init(signals: [Int32]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    let queue = DispatchQueue(label: "rezepte.signals")
    received = stream
    self.continuation = continuation
    self.signals = signals
    sources = signals.map { number in
      // The default action would end the process before the source sees the signal.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(number) }
      source.activate()
      return source
    }
  }

  /// The next signal received; `nil` once the waiter is cancelled.
  public func next() async -> Int32? {
    for await number in received { return number }
    return nil
  }

  /// Stops turning the signals into events: each has its default action again, and `next()`
  /// returns `nil`.
  public func cancel() {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
    continuation.finish()
  }
}
