import Dispatch
import Foundation
import Scenarios

/// `rezepte explore --jobs N`: N processes of `rezepte explore --shard K/N`, each running every
/// Nth session, at once; their tallies add up to the one of all sessions, which the report is
/// made from as if one process had run them.
///
/// The app's work is bound to the main actor, so one process explores on one processor; for
/// bench row 8 (`rezepte explore`) the workers use them all.
struct ExploreWorkers {
  /// The program that runs a shard: `rezepte` itself.
  let executable: String
  let options: ExploreCommand.Options

  /// The tally of all sessions, from `jobs` workers.
  ///
  /// - Throws: `WorkerFailure` when a worker cannot be started, ends with another status than 0
  ///   or prints no tally; what it wrote to its standard error went to this process's.
  func tally(jobs: Int) async throws(WorkerFailure) -> Tally {
    let results = await withTaskGroup(of: (Int, Result<Tally, WorkerFailure>).self) { group in
      for part in 1...jobs {
        let shard = Shard(index: part, count: jobs)!
        let arguments = self.arguments(shard)
        group.addTask { [executable] in
          (part, await Self.run(executable, arguments, shard: shard))
        }
      }
      var results: [(Int, Result<Tally, WorkerFailure>)] = []
      for await result in group { results.append(result) }
      return results
    }
    // The first worker's failure, whichever ended first.
    var tally = Tally()
    for (_, result) in results.sorted(by: { $0.0 < $1.0 }) { tally.add(try result.get()) }
    return tally
  }

  /// The command line of the worker for `shard`.
  func arguments(_ shard: Shard) -> [String] {
    let explore = options.explore
    return [
      "explore", "--seed", String(explore.seed), "--sessions", String(explore.sessions),
      "--steps", String(explore.steps), "--shard", shard.description,
    ] + (options.catalog.map { ["--catalog", $0] } ?? [])
  }

  /// Runs one worker to its end and reads its tally.
  private static func run(
    _ executable: String, _ arguments: [String], shard: Shard
  ) async -> Result<Tally, WorkerFailure> {
    let name = "explore worker \(shard)"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    // Read as it comes, so that a worker never waits for its output to be taken.
    async let output = readAll(pipe.fileHandleForReading)
    let ended: Int32? = await withCheckedContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        try? pipe.fileHandleForWriting.close()
        continuation.resume(returning: nil)
      }
    }
    let printed = await output
    guard let status = ended else {
      return .failure(WorkerFailure("\(name) cannot be started from \(executable)"))
    }
    guard status == 0, process.terminationReason == .exit else {
      let how =
        process.terminationReason == .exit
        ? "exited with status \(status)" : "was stopped by signal \(status)"
      return .failure(WorkerFailure("\(name) \(how)"))
    }
    let lines = String(decoding: printed, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    do {
      return .success(try Tally(lines: lines))
    } catch {
      return .failure(WorkerFailure("\(name) printed no tally: \(error)"))
    }
  }
}

/// Everything `handle` gives until its end, read on a Dispatch thread, which it blocks.
private func readAll(_ handle: FileHandle) async -> Data {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(returning: handle.readDataToEndOfFile())
    }
  }
}

/// Why the workers of `rezepte explore --jobs` gave no tally.
struct WorkerFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
