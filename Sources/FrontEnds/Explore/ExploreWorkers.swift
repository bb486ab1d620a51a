import CommandLineKit
import Dispatch
import Foundation
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte explore --jobs N`: N processes at once, each running every Nth session: this one
/// runs shard 1, and N − 1 workers `rezepte explore --shard K/N` the others; their tallies add
/// up to the one of all sessions, which the report is made from as if one process had run them.
///
/// The app's work is bound to the main actor, so one process explores on one processor; for
/// bench row 8 (`rezepte explore`) the workers use them all.
@MainActor
struct ExploreWorkers {
  /// The program that runs a shard: `rezepte` itself.
  let executable: String
  let options: ExploreCommand.Options
  /// Whether SIGINT, SIGTERM and SIGHUP stop the workers and the run (`Failure.signal`), rather
  /// than end this process at once: right for the program, not for tests that share a process.
  var handlesSignals = false

  /// Why the workers gave no tally.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// A worker could not be started, failed, or printed no tally of its shard: the sentence.
    case worker(String)
    /// The process got this signal: the workers were stopped with it.
    case signal(Int32)

    var description: String {
      switch self {
      case .worker(let sentence): sentence
      case .signal(let number): "stopped by signal \(number)"
      }
    }
  }

  /// The tally of all sessions: shard 1 of `jobs` run by `explorer` in this process, the others
  /// by `jobs` − 1 workers.
  ///
  /// The first worker that fails stops the others and this process's shard. With
  /// `handlesSignals`, SIGINT, SIGTERM or SIGHUP to this process stop them too: a worker runs
  /// in a process group of its own, where Ctrl-C on a terminal does not reach it. Workers are
  /// stopped with SIGKILL: they keep nothing, and nothing of theirs is lost.
  ///
  /// - Throws: `Failure.worker` when a worker cannot be started, ends with another status than
  ///   0 or prints no tally of its shard (what it wrote to its standard error went to this
  ///   process's); `Failure.signal` when a signal came first.
  func tally(jobs: Int, here explorer: Explorer) async throws(Failure) -> Tally {
    precondition(jobs >= 2, "one job runs in this process alone")
    var workers: [Worker] = []
    for part in 2...jobs {
      let shard = Shard(index: part, count: jobs)!
      do {
        workers.append(try Worker(executable: executable, arguments: arguments(shard)))
      } catch {
        for worker in workers { worker.stop() }
        throw .worker("explore worker \(shard) cannot be started from \(executable): \(error)")
      }
    }
    // Only now: a worker started while they are ignored would ignore them too.
    let signals = handlesSignals ? SignalWaiter(signals: [SIGINT, SIGTERM, SIGHUP]) : nil
    defer { signals?.cancel() }
    // A named closure: a closure literal isolated to the main actor in `addTask` trips the
    // compiler's region-based isolation checker.
    let here: @MainActor @Sendable () async -> Outcome = { [options] in
      .worker(.success(await explorer.tally(options.explore, shard: Shard(index: 1, count: jobs))))
    }
    let outcome = await withTaskGroup(of: Outcome.self) { group -> Result<Tally, Failure> in
      for (index, worker) in workers.enumerated() {
        let shard = Shard(index: index + 2, count: jobs)!
        group.addTask { [sessions = options.explore.sessions] in
          .worker(await worker.tally(of: shard, sessions: sessions))
        }
      }
      group.addTask(operation: here)
      if let received = signals?.received {
        group.addTask {
          for await number in received { return .signal(number) }
          return .quiet
        }
      }
      var tally = Tally()
      var finished = 0
      var failure: Failure?
      for await outcome in group {
        switch outcome {
        case .worker(.success(let part)):
          tally.add(part)
          finished += 1
        case .worker(.failure(let error)) where failure == nil:
          failure = error
        case .signal(let number) where failure == nil:
          failure = .signal(number)
        case .worker, .signal, .quiet:
          break
        }
        if failure != nil || finished == jobs {
          // Nothing more is needed of the others; the signals have their default actions again.
          for worker in workers { worker.stop() }
          group.cancelAll()
          signals?.cancel()
        }
      }
      return failure.map { .failure($0) } ?? .success(tally)
    }
    return try outcome.get()
  }

  /// One child task's end.
  private enum Outcome: Sendable {
    case worker(Result<Tally, Failure>)
    case signal(Int32)
    /// The signals were given back before one came.
    case quiet
  }

  /// The command line of the worker for `shard`, which `ExploreCommand.Options` reads back to
  /// the same exploration (a test checks that).
  func arguments(_ shard: Shard) -> [String] {
    ExploreCommand.Options.words(options.explore, catalog: options.catalog, shard: shard)
  }
}

/// A running worker: its process, and its standard output read as it comes, so that it never
/// waits for that to be taken.
private final class Worker: Sendable {
  private let process: Process
  private let exits: AsyncStream<Int32>
  private let output: Task<Data, Never>

  /// Starts the worker (on the main actor, so that it inherits this process's priority).
  @MainActor
  init(executable: String, arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    let (exits, ended) = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { process in
      ended.yield(process.terminationStatus)
      ended.finish()
    }
    try process.run()
    self.process = process
    self.exits = exits
    let reading = pipe.fileHandleForReading
    output = Task.detached { await readAll(reading) }
  }

  /// Ends the worker if it still runs.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Waits for the worker's end and reads its tally of `shard`, in which every first session
  /// must be, among `sessions`.
  func tally(
    of shard: Shard, sessions: Int
  ) async -> Result<Tally, ExploreWorkers.Failure> {
    let name = "explore worker \(shard)"
    var status: Int32 = -1
    for await code in exits { status = code }
    let printed = await output.value
    // Taken from the process now that it ended: a `Process` left alone keeps its pipes.
    process.waitUntilExit()
    guard status == 0, process.terminationReason == .exit else {
      let how =
        process.terminationReason == .exit
        ? "exited with status \(status)"
        : "was ended by signal \(status) (\(String(cString: strsignal(status))))"
      return .failure(.worker("\(name) \(how)"))
    }
    let lines = String(decoding: printed, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let tally: Tally
    do {
      tally = try Tally(lines: lines)
    } catch {
      return .failure(.worker("\(name) printed no tally: \(error)"))
    }
    for (rule, number) in tally.firstSessions
    where !(1...sessions).contains(number) || !shard.contains(number: number) {
      return .failure(
        .worker("\(name) names session \(number) for \(rule.name), which is not its own"))
    }
    return .success(tally)
  }
}

/// Everything `handle` gives until its end, read on a Dispatch thread, which it blocks; the
/// handle is closed then.
private func readAll(_ handle: FileHandle) async -> Data {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      let data = handle.readDataToEndOfFile()
      try? handle.close()
      continuation.resume(returning: data)
    }
  }
}
