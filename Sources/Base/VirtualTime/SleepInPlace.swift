extension Clock where Duration == Swift.Duration {
  /// Sleeps for `duration` on this clock, staying on the caller's executor when the clock is a
  /// `VirtualClock`.
  ///
  /// The standard library's `sleep(for:)`, and `sleep(until:)` called through `any Clock`, run on
  /// the global executor: a view model on the main actor hopped to a worker thread and back for
  /// every search pause and every simulated network delay, a thread wake-up each way. The
  /// `VirtualClock` is called directly here, so its sleep runs where the caller does; other
  /// clocks sleep as before.
  public func sleepInPlace(
    for duration: Duration, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    if let virtual = self as? VirtualClock {
      try await virtual.sleep(until: virtual.now.advanced(by: duration), isolation: isolation)
    } else {
      try await sleep(until: now.advanced(by: duration), tolerance: nil)
    }
  }
}
