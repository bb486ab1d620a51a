import CommandLineKit
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte explore --jobs`, with the built program as its own workers.
@Suite struct ExploreJobsProcessTests {
  @Test("Any number of workers prints the report of one process, byte for byte")
  func sameReport() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let arguments = ["explore", "--seed", "9", "--sessions", "60", "--steps", "12"]
    var reports: [String] = []
    for jobs in ["1", "2", "5"] {
      let program = try BuiltProgram(rezepte, arguments + ["--jobs", jobs])
      #expect(await program.exitStatus(within: .seconds(120)) == 0, "\(program.errorText)")
      #expect(program.errorText.isEmpty)
      reports.append(program.outputText)
    }
    #expect(reports[0].hasSuffix("720 steps in 60 sessions; no rule broken\n"), "\(reports[0])")
    #expect(reports[1] == reports[0])
    #expect(reports[2] == reports[0])
  }

  #if os(Linux)
    @Test(
      "SIGINT, SIGTERM or SIGKILL to explore ends it with 128 + the signal, and its workers with it",
      arguments: [SIGINT, SIGTERM, SIGKILL])
    func signalEndsWorkers(signal: Int32) async throws {
      let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
      let program = try BuiltProgram(
        rezepte, ["explore", "--sessions", "1000000", "--steps", "200", "--jobs", "3"],
        niceness: 19)
      // Its workers, started from its main thread, once both run.
      let workers = await program.children(count: 2, within: .seconds(60))
      try #require(workers.count == 2, "explore started no two workers")
      program.send(signal)
      // Guards against a hang only: a busy machine takes seconds to end three processes.
      #expect(await program.exitStatus(within: .seconds(60)) == 128 + signal)
      #expect(await BuiltProgram.ended(workers, within: .seconds(60)))
      #expect(program.outputText.isEmpty)
    }
  #endif
}

/// A signal at any moment from the program's start: it ends the program with 128 + its number
/// (or, for a server that runs, stops it as `serve --help` says), and no worker outlives it.
@Suite struct StartUpSignalTests {
  #if os(Linux)
    @Test(
      "SIGINT or SIGTERM at any moment of the first 300 ms ends serve and explore",
      arguments: [["serve", "--port", "0"], ["explore", "--jobs", "3"]], [SIGINT, SIGTERM])
    func signalAtStart(command: [String], signal: Int32) async throws {
      let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
      // A debug build takes longer to start than a release build: the delays reach into
      // loading the catalog and starting the workers.
      for delay in stride(from: 0, through: 300, by: 30) {
        // A seed of its own names this run's workers.
        let seed = String(UInt64.random(in: 1_000_000_000...9_999_999_999))
        let arguments =
          command[0] == "explore"
          ? command + ["--seed", seed, "--sessions", "1000000", "--steps", "200"] : command
        let program = try BuiltProgram(rezepte, arguments, niceness: 19)
        try await Task.sleep(for: .milliseconds(delay))
        program.send(signal)
        // 3 s for a release build on a quiet machine; more here, where other tests run beside.
        let status = await program.exitStatus(within: .seconds(10))
        let stopped = program.errorText.hasSuffix("Stopped on \(Self.name(signal)).\n")
        #expect(
          status == 128 + signal || (command[0] == "serve" && status == 0 && stopped),
          "\(arguments) ended with \(status.map(String.init) ?? "nothing"): \(program.errorText)")
        let workers = BuiltProgram.processes(withArguments: ["--shard", seed])
        #expect(await BuiltProgram.ended(workers, within: .seconds(60)), "\(arguments)")
      }
    }

    static func name(_ signal: Int32) -> String {
      signal == SIGINT ? "SIGINT" : "SIGTERM"
    }
  #endif
}

/// A program whose parent gives it a pipe as standard input ends once that pipe closes, as it does
/// when the parent ends, however it ends.
@Suite struct EndsWithInputTests {
  @Test("serve with REZEPTE_ENDS_WITH_INPUT ends when its standard input closes")
  func endsWithInput() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let process = Process()
    let input = Pipe()
    // Programs other tests start meanwhile must not hold it open.
    _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    process.executableURL = rezepte
    process.arguments = ["serve", "--port", "0", "--quiet"]
    process.standardInput = input
    let output = Pipe()
    process.standardOutput = output
    process.environment = ProcessInfo.processInfo.environment.merging(
      [Program.endsWithInputVariable: "1"]
    ) { $1 }
    try process.run()
    // Serving: its banner is out.
    let banner = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(banner.hasPrefix("Serving the embedded catalog"))
    #expect(process.isRunning)
    try input.fileHandleForWriting.close()
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    if process.isRunning { process.terminate() }
    #expect(!process.isRunning)
  }
}

#if os(Linux)
  extension BuiltProgram {
    /// The running processes whose command line holds each of `words`.
    static func processes(withArguments words: [String]) -> [Int32] {
      let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return all.compactMap(Int32.init).filter { pid in
        guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
          return false
        }
        let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return words.allSatisfy(arguments.contains) && !hasEnded(pid)
      }
    }

    /// Whether every one of `processes` has ended within `limit`: it is gone, or a zombie that
    /// whoever adopted it has not reaped yet.
    static func ended(_ processes: [Int32], within limit: Duration) async -> Bool {
      let deadline = ContinuousClock.now + limit
      while !processes.allSatisfy(hasEnded), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(20))
      }
      return processes.allSatisfy(hasEnded)
    }

    private static func hasEnded(_ pid: Int32) -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return true }
      return stat[end...].dropFirst(2).first == "Z"
    }
  }
#endif
