import Dispatch
import Testing
import VirtualTime

/// Tracked tasks stay on the main queue, so that resuming them wakes no other thread.
@MainActor
@Suite struct MainQueueExecutorTests {
  /// Marks the main queue, so that code can ask whether it runs there.
  nonisolated static let mainQueue = DispatchSpecificKey<Bool>()

  /// Whether code that belongs to no actor (`@concurrent`: not on its caller's executor) runs on
  /// the main queue.
  @concurrent nonisolated static func nonisolatedWorkIsOnMainQueue() async -> Bool {
    DispatchQueue.getSpecific(key: mainQueue) == true
  }

  /// Spawns a tracked task that calls a nonisolated function, and tells where that ran.
  func whereNonisolatedWorkRuns(_ tracker: TaskTracker) async -> Bool? {
    DispatchQueue.main.setSpecific(key: Self.mainQueue, value: true)
    let onMainQueue = Locked<Bool?>(nil)
    tracker.spawn {
      let answer = await Self.nonisolatedWorkIsOnMainQueue()
      onMainQueue.withLock { $0 = answer }
    }
    await tracker.settle()
    return onMainQueue.withLock { $0 }
  }

  @Test("A tracked task's work that belongs to no actor runs on the main queue")
  func keepsWorkOnMainQueue() async {
    // Below macOS 15 / iOS 18 there are no task executors: the work runs where it always did.
    guard #available(macOS 15, iOS 18, *) else { return }
    #expect(await whereNonisolatedWorkRuns(TaskTracker()) == true)
  }

  @Test("A live app's tracker leaves work that belongs to no actor off the main queue")
  func liveTrackerLeavesWorkOffMainQueue() async {
    #expect(await whereNonisolatedWorkRuns(TaskTracker(keepsWorkOnMainQueue: false)) == false)
  }
}
