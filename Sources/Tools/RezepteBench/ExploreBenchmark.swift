import Explore
import Foundation

// MARK: - 8. Explore

/// `rezepte explore` against the real app, as a user runs it: random sessions on the virtual
/// clock with the rules checked after every step (no finding, so no shrinking), in as many
/// processes as the command chooses (`--jobs`), and with `--jobs 1` in one; both in turn in the
/// same rounds.
@MainActor
enum ExploreBenchmark {
  static let sessions = 200
  static let arguments = ExploreCommand.Options.words(
    ExploreOptions(seed: 1, sessions: sessions, steps: 40), catalog: nil)
  static let oneJob = ExploreCommand.Options.jobs.words(1)

  static func rows(measure: Measure) async throws -> [Report.Row] {
    let rezepte = StartupBenchmark.sibling("rezepte")
    guard FileManager.default.isExecutableFile(atPath: rezepte) else {
      throw BenchmarkFailure("build rezepte beside the bench: swift build -c release")
    }
    // The report's last line: "8000 steps in 200 sessions; no rule broken".
    let report = try Child.output(of: [rezepte] + arguments)
    guard let last = report.split(separator: "\n").last,
      let steps = last.split(separator: " ").first.flatMap({ Int($0) })
    else { throw BenchmarkFailure("`rezepte explore` printed no report: \(report)") }
    let commands = [[rezepte] + arguments, [rezepte] + arguments + oneJob]
    var times = Array(repeating: [Duration](), count: commands.count)
    for round in 0...measure.runs {
      for (index, command) in commands.enumerated() {
        let start = ContinuousClock.now
        let status = try Child.spawn(command)
        guard status == 0 else {
          throw BenchmarkFailure("`\(command.joined(separator: " "))` exits with \(status)")
        }
        if round > 0 { times[index].append(.now - start) }
      }
    }
    let (workers, single) = (Measure.median(times[0]), Measure.median(times[1]))
    let rate = Double(steps) / workers.seconds
    let singleRate = Double(steps) / single.seconds
    let jobs = ExploreCommand.Options.defaultJobs(sessions: sessions)
    return [
      Report.Row(
        benchmark: "8 `rezepte \(arguments.joined(separator: " "))` as a process: "
          + "\(Format.grouped(steps)) steps against the real app, rules checked after each, "
          + (jobs == 1 ? "in one process" : "in \(jobs) processes"),
        median: workers.formatted,
        figure: "\(Format.grouped(Int(rate))) steps/s; "
          + (last.split(separator: "; ").last.map(String.init) ?? ""),
        goal: Report.verdict("≥ 20,000 steps/s", rate >= 20_000)),
      Report.Row(
        benchmark: "8 The same with `\(oneJob.joined(separator: " "))`: every session in the one "
          + "process",
        median: single.formatted,
        figure: "\(Format.grouped(Int(singleRate))) steps/s; the processes of "
          + "`\(ExploreCommand.Options.jobs)` "
          + String(format: "%.2f×", single.seconds / workers.seconds) + " as fast"),
    ]
  }
}
