extension Clock where Duration == Swift.Duration {
  /// Sleeps for `duration` on this clock, staying on the caller's executor when the clock is a
  /// `VirtualClock`.
  ///
  /// The standard library's `sleep(for:)` through `any Clock` runs on the global executor, a
  /// hop to a worker thread and back for every search pause; other clocks sleep as before.
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
