import CommandLineKit
import Foundation

/// `rezepte explore --jobs N`: this process runs shard 1 and N − 1 workers
/// `rezepte explore --shard K/N` the others (the app's work is bound to the main actor, so one
/// process explores on one processor); their tallies add up to the one of all sessions.
///
/// No worker outlives this process, however it ends: a worker's standard input is a pipe whose
/// writing end only this process holds, and a worker ends when that closes
/// (`Program.endsWithInputVariable`).
@MainActor
struct ExploreWorkers {
  /// The program that runs a shard: `rezepte` itself.
  let executable: String
  let options: ExploreCommand.Options

  /// A worker that could not be started, failed, or printed no tally of its shard: the sentence.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The tally of all sessions: shard 1 of `jobs` run by `explorer` in this process, the others
  /// by `jobs` − 1 workers. The first worker that fails (not started, a status other than 0, no
  /// tally of its shard) stops the others with SIGKILL and this process's shard.
  func tally(jobs: Int, here explorer: Explorer) async throws(Failure) -> Tally {
    var workers: [(Worker, Shard)] = []
    for part in 2...jobs {
      let shard = Shard(index: part, count: jobs)!
      // The command line that `ExploreCommand.Options` reads back to this exploration's shard.
      let arguments = ExploreCommand.Options.words(
        options.explore, catalog: options.catalog, shard: shard)
      do {
        workers.append((try Worker(executable: executable, arguments: arguments), shard))
      } catch {
        for (worker, _) in workers { worker.stop() }
        throw Failure(
          description: "explore worker \(shard) cannot be started from \(executable): \(error)")
      }
    }
    // Named: a main-actor closure literal in `addTask` trips the region-based isolation checker.
    let here: @MainActor @Sendable () async -> Result<Tally, Failure> = { [options] in
      .success(await explorer.tally(options.explore, shard: Shard(index: 1, count: jobs)))
    }
    let sessions = options.explore.sessions
    let outcome = await withTaskGroup(of: Result<Tally, Failure>.self) { group in
      for (worker, shard) in workers {
        group.addTask { await worker.tally(of: shard, sessions: sessions) }
      }
      group.addTask(operation: here)
      var tally = Tally()
      for await part in group {
        switch part {
        case .success(let part):
          tally.add(part)
        case .failure(let failure):
          // The group waits for the others' ends: the workers stopped, this shard cancelled.
          for (worker, _) in workers { worker.stop() }
          group.cancelAll()
          return Result<Tally, Failure>.failure(failure)
        }
      }
      return .success(tally)
    }
    return try outcome.get()
  }

  /// The reading end of the pipe every worker gets as its standard input; both ends are
  /// `FD_CLOEXEC`, so only this process holds the writing end. `nil` without a free descriptor.
  private static let lifeline: FileHandle? = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
  }()

  /// A running worker: its process and the pipe of its standard output.
  private final class Worker: Sendable {
    private let process: Process
    private let output: FileHandle

    /// Starts the worker (on the main actor, so that it inherits this process's priority).
    @MainActor
    init(executable: String, arguments: [String]) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      guard let lifeline = ExploreWorkers.lifeline else { throw POSIXError(.EMFILE) }
      process.standardInput = lifeline
      process.environment = ProcessInfo.processInfo.environment.merging(
        [Program.endsWithInputVariable: "1"]
      ) { $1 }
      let pipe = Pipe()
      process.standardOutput = pipe
      output = pipe.fileHandleForReading
      try process.run()
    }

    func stop() {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits for the worker's end and reads its tally, whose first sessions must be its own.
    func tally(of shard: Shard, sessions: Int) async -> Result<Tally, Failure> {
      let name = "explore worker \(shard)"
      let printed = await ended()
      let status = process.terminationStatus
      guard status == 0, process.terminationReason == .exit else {
        let how =
          process.terminationReason == .exit
          ? "exited with status \(status)"
          : "was ended by signal \(status) (\(String(cString: strsignal(status))))"
        return .failure(Failure(description: "\(name) \(how)"))
      }
      let lines = String(decoding: printed, as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let tally: Tally
      do {
        tally = try Tally(lines: lines)
      } catch {
        return .failure(Failure(description: "\(name) printed no tally: \(error)"))
      }
      for (rule, number) in tally.firstSessions
      where !(1...sessions).contains(number) || !shard.contains(number: number) {
        return .failure(
          Failure(
            description: "\(name) names session \(number) for \(rule.name), which is not its own"
          ))
      }
      return .success(tally)
    }

    /// Everything the worker printed, once it ended; read on a thread of its own (it blocks).
    private func ended() async -> Data {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { [process, output] in
          let data = output.readDataToEndOfFile()
          try? output.close()
          process.waitUntilExit()
          continuation.resume(returning: data)
        }
      }
    }
  }
}
