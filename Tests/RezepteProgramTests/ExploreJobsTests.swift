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
      "SIGINT or SIGTERM to explore stops its workers, and it ends with 128 + the signal",
      arguments: [SIGINT, SIGTERM])
    func signalStopsWorkers(signal: Int32) async throws {
      let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
      let program = try BuiltProgram(
        rezepte, ["explore", "--sessions", "1000000", "--steps", "200", "--jobs", "3"])
      // Its workers, started from its main thread, once both run.
      let workers = await program.children(count: 2, within: .seconds(60))
      try #require(workers.count == 2, "explore started no two workers")
      program.send(signal)
      #expect(await program.exitStatus(within: .seconds(60)) == 128 + signal)
      // Stopped and reaped before explore ended.
      for worker in workers { #expect(kill(worker, 0) == -1 && errno == ESRCH) }
      #expect(program.outputText.isEmpty)
    }
  #endif
}
