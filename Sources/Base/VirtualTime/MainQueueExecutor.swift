import Dispatch

/// A task executor that runs a task's nonisolated jobs on the main queue, the queue the main
/// actor's jobs run on, so that a task living on the main actor never leaves it.
///
/// The runtime resumes every continuation on the *generic* executor, even one resumed from the
/// main actor, and the task then hops back: a worker thread woken for each resumption. A task
/// that prefers this executor resumes on the main queue, which the resuming thread is already
/// draining: no thread is woken.
@available(macOS 15, iOS 18, *)
final class MainQueueExecutor: TaskExecutor {
  /// The one instance: the executor has no state.
  static let shared = MainQueueExecutor()

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.main.async {
      // Runs the job as isolated to the main actor, so that its hop back to the main actor
      // (`swift_task_switch`) continues in place instead of queueing once more. That is true
      // isolation, not a claim: this block runs on the main queue, which is the main actor's
      // executor, serially with every other main-actor job.
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: self.asUnownedTaskExecutor())
    }
  }
}
