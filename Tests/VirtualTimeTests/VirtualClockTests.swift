import Testing
import VirtualTime

/// The virtual clock and the task tracker that lets tests wait for ready work.
@MainActor
@Suite struct VirtualClockTests {
  /// A clock and tracker, and a log the tracked tasks write to.
  @MainActor
  final class Fixture {
    let tracker = TaskTracker()
    let clock: VirtualClock
    let log = Locked<[String]>([])

    init() {
      clock = VirtualClock(tracker: tracker)
    }

    var entries: [String] { log.withLock { $0 } }

    func write(_ entry: String) {
      log.withLock { $0.append(entry) }
    }

    /// Starts a tracked task that sleeps `milliseconds` and then writes `name` with the time.
    @discardableResult
    func sleeper(_ name: String, _ milliseconds: Int) -> Task<Void, Never> {
      tracker.spawn { [clock] in
        do {
          try await clock.sleep(for: .milliseconds(milliseconds))
          self.write("\(name)@\(clock.now.milliseconds)ms")
        } catch {
          self.write("\(name) \(type(of: error))")
        }
      }
    }
  }

  @Test("Advance resumes sleepers in deadline order, ties in the order they went to sleep")
  func deadlineOrder() async {
    let fixture = Fixture()
    for (name, milliseconds) in [("a", 300), ("b", 100), ("c", 300), ("d", 100)] {
      fixture.sleeper(name, milliseconds)
      await fixture.tracker.settle()
    }
    #expect(fixture.clock.sleeperCount == 4)
    await fixture.clock.advance(by: .seconds(1))
    #expect(fixture.entries == ["b@100ms", "d@100ms", "a@300ms", "c@300ms"])
  }

  @Test("Advance wakes only the sleepers whose deadline it reaches")
  func onlyDueSleepers() async {
    let fixture = Fixture()
    fixture.sleeper("early", 100)
    fixture.sleeper("late", 500)
    await fixture.tracker.settle()
    await fixture.clock.advance(by: .milliseconds(499))
    #expect(fixture.entries == ["early@100ms"])
    #expect(fixture.clock.sleeperCount == 1)
  }

  @Test("A cancelled sleeper is removed at once and throws CancellationError")
  func cancelledSleeper() async {
    let fixture = Fixture()
    let task = fixture.sleeper("a", 1000)
    await fixture.tracker.settle()
    #expect(fixture.clock.sleeperCount == 1)
    task.cancel()
    await task.value
    #expect(fixture.clock.sleeperCount == 0)
    #expect(fixture.entries == ["a CancellationError"])
    #expect(fixture.clock.now.offset == .zero)
  }

  @Test("Sleeping until a deadline that has passed returns at once")
  func pastDeadline() async throws {
    let fixture = Fixture()
    await fixture.clock.advance(by: .seconds(1))
    try await fixture.clock.sleep(until: VirtualClock.Instant(offset: .milliseconds(500)))
    try await fixture.clock.sleep(until: fixture.clock.now)
    #expect(fixture.clock.sleeperCount == 0)
    #expect(fixture.clock.now.offset == .seconds(1))
  }

  @Test("Settle waits for busy tracked tasks but not for sleeping ones")
  func settleWaitsForBusyWork() async {
    let fixture = Fixture()
    fixture.tracker.spawn {
      // Busy for many turns of the main actor without touching the clock.
      for _ in 0..<100 { await Task.yield() }
      fixture.write("busy done")
    }
    fixture.sleeper("sleeper", 100)
    await fixture.tracker.settle()
    #expect(fixture.entries == ["busy done"])
    #expect(fixture.clock.sleeperCount == 1)
  }

  @Test("Advance runs a sleep that work started inside the window at its own deadline")
  func sleepStartedInsideWindow() async {
    let fixture = Fixture()
    fixture.tracker.spawn { [clock = fixture.clock] in
      try? await clock.sleep(for: .milliseconds(100))
      fixture.write("first@\(clock.now.milliseconds)ms")
      try? await clock.sleep(for: .milliseconds(150))
      fixture.write("second@\(clock.now.milliseconds)ms")
    }
    await fixture.clock.advance(by: .seconds(1))
    #expect(fixture.entries == ["first@100ms", "second@250ms"])
  }

  @Test(
    "After advancing, the time is the target, whatever slept in between",
    arguments: [[], [100], [100, 250, 250]])
  func timeIsTarget(sleeps: [Int]) async {
    let fixture = Fixture()
    for (index, milliseconds) in sleeps.enumerated() {
      fixture.sleeper("\(index)", milliseconds)
    }
    await fixture.tracker.settle()
    await fixture.clock.advance(by: .milliseconds(250))
    #expect(fixture.clock.now.offset == .milliseconds(250))
    await fixture.clock.advance(by: .milliseconds(250))
    #expect(fixture.clock.now.offset == .milliseconds(500))
  }

  @Test("Advancing by a negative duration does not turn time back")
  func noTimeTravel() async {
    let clock = VirtualClock()
    await clock.advance(by: .seconds(2))
    await clock.advance(by: .seconds(-1))
    #expect(clock.now.offset == .seconds(2))
  }
}

extension VirtualClock.Instant {
  /// The time since the clock started, in whole milliseconds.
  var milliseconds: Int64 {
    offset.components.seconds * 1000 + offset.components.attoseconds / 1_000_000_000_000_000
  }
}
