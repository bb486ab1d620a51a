import CommandLineKit
import Foundation
import MealCatalog
import Scenarios
import Testing

@testable import Explore

/// Shards of an exploration (`rezepte explore --jobs` and `--shard`): they run every session
/// once, their tallies add up to the whole one, and a tally is read back from its lines.
@MainActor
@Suite struct ShardTests {
  let catalog = try! Catalog.embedded()

  @Test("The shards of a count run every session exactly once", arguments: [1, 2, 3, 7])
  func partition(count: Int) {
    let shards = (1...count).map { Shard(index: $0, count: count)! }
    for session in 1...50 {
      #expect(shards.filter { $0.contains(number: session) }.count == 1, "session \(session)")
    }
  }

  @Test("Sessions are dealt in turn: shard 2 of 3 runs sessions 2, 5, 8, …")
  func inTurn() throws {
    let shard = try #require(Shard(index: 2, count: 3))
    #expect((1...10).filter { shard.contains(number: $0) } == [2, 5, 8])
  }

  @Test("A tally's lines read back to the tally")
  func lines() throws {
    let tally = Tally(steps: 1234, firstSessions: [.everyIntentSettles: 9, .currentAnswer: 17])
    #expect(
      tally.lines == [
        "steps 1234", "first-session current-answer 17", "first-session every-intent-settles 9",
      ])
    #expect(try Tally(lines: tally.lines) == tally)
    #expect(try Tally(lines: tally.lines + [""]) == tally)
    #expect(try Tally(lines: ["steps 0"]) == Tally())
  }

  @Test(
    "Lines that are no tally name the first wrong line",
    arguments: [
      (["steps x"], "line 1 is no tally line: \"steps x\""),
      (["steps 3", "steps 3"], "line 2 is no tally line: \"steps 3\""),
      (["steps 3", "first-session no-such-rule 2"], "line 2 is no tally line: "),
      (["steps 3", "first-session current-answer 0"], "line 2 is no tally line: "),
      (
        ["steps 3", "first-session current-answer 2", "first-session current-answer 1"],
        "line 3 is no tally line: "
      ),
      (["first-session current-answer 2"], "no `steps` line"),
      (["explore  seed 1, 200 sessions"], "line 1 is no tally line: "),
      ([], "no `steps` line"),
    ])
  func badLines(lines: [String], message: String) {
    #expect(throws: TallyError.self) { try Tally(lines: lines) }
    do {
      _ = try Tally(lines: lines)
    } catch {
      #expect(error.description.hasPrefix(message), "\(error)")
    }
  }

  @Test("Adding tallies sums the steps and keeps each rule's first session")
  func add() {
    var tally = Tally(steps: 10, firstSessions: [.currentAnswer: 4, .onePerPause: 9])
    tally.add(Tally(steps: 5, firstSessions: [.currentAnswer: 2, .favoritesAgree: 7]))
    #expect(
      tally
        == Tally(
          steps: 15, firstSessions: [.currentAnswer: 2, .onePerPause: 9, .favoritesAgree: 7]))
  }

  @Test("Shards of a broken app add up to the whole tally, and report the same findings")
  func shardsAddUp() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: BentApp.noPause, makeStorage: forgetfulStorage)
    let explorer = Explorer(setup: setup)
    let options = ExploreOptions(seed: 3, sessions: 40, steps: 20)
    let whole = await explorer.tally(options)
    #expect(whole.firstSessions.count >= 2, "\(whole)")
    for count in [2, 3] {
      var sum = Tally()
      for part in 1...count {
        sum.add(await explorer.tally(options, shard: Shard(index: part, count: count)!))
      }
      #expect(sum == whole, "\(count) shards")
    }
    let direct = await explorer.explore(options)
    let reported = try await explorer.report(options, tally: whole)
    #expect(
      ExploreReport.lines(reported, files: [:]) == ExploreReport.lines(direct, files: [:]))
    #expect(reported.findings.map(\.script) == direct.findings.map(\.script))
  }
}

/// `rezepte explore --shard` and `--jobs` on the command line.
@MainActor
@Suite struct ShardCommandTests {
  @Test("--shard prints the tally of its sessions")
  func shard() async {
    let run = await ExploreRun(["--shard", "2/3", "--sessions", "7", "--steps", "5"])
    #expect(run.code == 0)
    // Sessions 2 and 5 of 7, of 5 steps each: the real app breaks no rule.
    #expect(run.lines == ["steps 10"])
  }

  @Test(
    "--jobs and --shard take what `rezepte run` takes, and only what they can use",
    arguments: [
      (["--jobs", "0"], "--jobs takes a number from 1 to 64, not '0'"),
      (["--jobs", "65"], "--jobs takes a number from 1 to 64, not '65'"),
      (["--shard", "3/2"], "--shard '3/2' names shard 3, but there are shards 1 to 2"),
      (["--shard", "x"], "--shard takes K/N, such as 1/3, not 'x'"),
      (["--shard", "1/2", "--out", "x"], "--shard prints a tally; it takes no --out"),
      (["--shard", "1/2", "--jobs", "2"], "--shard prints a tally; it takes no --out"),
      (["--shard", "1/2", "--timing"], "--shard prints a tally; it takes no --out"),
    ])
  func badOptions(arguments: [String], message: String) async {
    let run = await ExploreRun(arguments)
    #expect(run.code == 2)
    #expect(run.errors.first?.hasPrefix("error: " + message) == true, "\(run.errors)")
  }

  @Test(
    "A worker that fails, cannot start or prints no tally ends the run with 2, naming it",
    arguments: [
      ("/bin/false", "error: explore worker 2/3 exited with status 1"),
      ("/nonexistent/rezepte", "error: explore worker 2/3 cannot be started from "),
      ("/bin/echo", "error: explore worker 2/3 printed no tally: line 1 is no tally line: "),
    ])
  func failingWorker(executable: String, message: String) async {
    let run = await ExploreRun(
      ["--sessions", "4", "--steps", "3", "--jobs", "3"], workers: executable)
    #expect(run.code == 2)
    #expect(run.lines.isEmpty)
    #expect(run.errors.count == 1)
    // Whichever worker failed first is reported: both fail alike.
    let reported = run.errors.first?.replacingOccurrences(of: "worker 3/3", with: "worker 2/3")
    #expect(reported?.hasPrefix(message) == true, "\(run.errors)")
  }

  @Test("Without a worker program, or with one job, the sessions run in this process")
  func inProcess() async {
    for (workers, jobs) in [(nil, "2"), ("/bin/false", "1")] {
      let run = await ExploreRun(
        ["--sessions", "3", "--steps", "5", "--jobs", jobs], workers: workers)
      #expect(run.code == 0)
      #expect(run.lines.last == "15 steps in 3 sessions; no rule broken")
    }
  }

  @Test("A worker's command line reads back to the same exploration and its shard")
  func workerArguments() throws {
    var options = ExploreCommand.Options()
    (options.seed, options.sessions, options.steps) = (.max, 77, 13)
    options.catalog = "--help"
    options.timing = true
    options.out = "elsewhere"
    let shard = try #require(Shard(index: 2, count: 5))
    let arguments = ExploreCommand.Options.words(
      options.explore, catalog: options.catalog, shard: shard)
    #expect(arguments.first == "explore")
    let parsed = try ExploreRun.options(Array(arguments.dropFirst()))
    #expect(parsed.explore == options.explore)
    #expect(parsed.catalog == "--help")
    #expect(parsed.shard == shard)
    #expect(parsed.out == nil && parsed.jobs == nil && !parsed.timing)
  }

  @Test(
    "A worker's tally that names another shard's session, or one that breaks nothing here, ends the run with 2"
  )
  func foreignTally() async throws {
    for (printed, message) in [
      (
        "steps 4\nfirst-session current-answer 3\n",
        "error: explore worker 2/2 names session 3 for current-answer, which is not its own"
      ),
      (
        "steps 4\nfirst-session current-answer 4\n",
        "error: session 4 broke current-answer in its worker, but no rule when run again here"
      ),
    ] {
      let worker = try FakeWorker(
        "case \"$*\" in *'--shard 2/2'*) printf '\(printed)' ;; esac")
      defer { worker.remove() }
      let (code, errors) = await worker.explore(jobs: 2)
      #expect(code == 2)
      #expect(errors.count == 1)
      #expect(errors.first?.hasPrefix(message) == true, "\(errors)")
    }
  }

  // The limit guards against a hang (the sleeper sleeps 1000 s); it times nothing, and a busy
  // machine that keeps the main actor from this test for minutes must not trip it.
  @Test("The first worker that fails stops the others at once", .timeLimit(.minutes(10)))
  func failureStopsOthers() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explore-stop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pidFile = folder.appendingPathComponent("sleeper.pid").path
    let worker = try FakeWorker(
      "case \"$*\" in *'--shard 2/3'*) echo $$ > '\(pidFile)'; exec sleep 1000 ;; "
        + "*) echo 'not a tally' ;; esac")
    defer { worker.remove() }
    let (code, errors) = await worker.explore(jobs: 3)
    #expect(code == 2)
    #expect(
      errors == [
        "error: explore worker 3/3 printed no tally: line 1 is no tally line: \"not a tally\""
      ])
    // The sleeper was stopped and reaped before the run ended.
    if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
  }

  @Test("The default is a worker per processor and per 25 sessions, at most 8")
  func defaultJobs() {
    let processors = ProcessInfo.processInfo.activeProcessorCount
    #expect(ExploreCommand.Options.defaultJobs(sessions: 1) == 1)
    #expect(ExploreCommand.Options.defaultJobs(sessions: 49) == 1)
    #expect(ExploreCommand.Options.defaultJobs(sessions: 50) == min(processors, 2))
    #expect(ExploreCommand.Options.defaultJobs(sessions: 100_000) == min(processors, 8))
  }
}

/// A shell script that stands in for `rezepte` as a worker of `explore --jobs`.
struct FakeWorker {
  let path: String

  /// A script running `body` with the worker's arguments in `$@`.
  init(_ body: String) throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("fake-worker-\(UUID().uuidString)").path
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `rezepte explore` of 4 sessions of 2 steps in `jobs` processes, all but the first of them
  /// these workers: its exit status and error messages.
  @MainActor
  func explore(jobs: Int) async -> (code: Int32, errors: [String]) {
    let run = await ExploreRun(
      ["--sessions", "4", "--steps", "2", "--jobs", String(jobs)], workers: path)
    return (run.code, run.errors)
  }
}
