import Foundation
import MealCatalog
import MealDB
import MealServer
import Testing
import ViewDescription

@testable import CommandLineKit
@testable import ReplayCommands
@testable import Scenarios

/// The `rezepte` program as a user types it: commands, errors, exit codes, shards, jobs, show.
@MainActor
@Suite struct CommandLineTests {
  /// Everything a `Console` wrote, safe to collect from `@Sendable` closures on the main actor.
  final class Capture: Sendable {
    private let lock = NSLock()
    // Only read or written while `lock` is held.
    nonisolated(unsafe) private var outputLines: [String] = []
    nonisolated(unsafe) private var errorLines: [String] = []

    var console: Console {
      Console(
        output: { line in self.lock.withLock { self.outputLines.append(line) } },
        errorOutput: { line in self.lock.withLock { self.errorLines.append(line) } })
    }
    var output: [String] { lock.withLock { outputLines } }
    var errors: String { lock.withLock { errorLines.joined(separator: "\n") } }
  }

  static let program = ScenarioCommands.program(adding: [
    ServeCommand.command, CaptureCommand.command,
  ])

  func rezepte(_ arguments: [String]) async -> (ExitCode, Capture) {
    let capture = Capture()
    return (await Self.program.run(arguments, console: capture.console), capture)
  }

  // MARK: - One command line

  @Test("An unknown command is exit 2 with the list of every command")
  func unknownCommand() async {
    let (code, capture) = await rezepte(["frobnicate"])
    #expect(code == .badInput)
    let lines = capture.errors.split(separator: "\n").map(String.init)
    #expect(lines.first == "error: unknown command 'frobnicate'")
    #expect(lines.dropFirst().first == "Commands:")
    for name in ["run", "show", "serve", "capture", "help"] {
      #expect(lines.contains { $0.hasPrefix("  \(name) ") })
    }
  }

  @Test("A bare path still means run, and one that does not exist says so")
  func barePath() async {
    let (code, capture) = await rezepte(["Nowhere/a.scenario"])
    #expect(code == .badInput)
    #expect(capture.errors == "Nowhere/a.scenario: error: no such file or folder")
  }

  @Test("A catalog that cannot be read is exit 2 before anything runs")
  func missingCatalog() async {
    let (code, capture) = await rezepte(["run", "--catalog", "/nonexistent-catalog"])
    #expect(code == .badInput)
    #expect(capture.errors.hasPrefix("error: /nonexistent-catalog"))
    #expect(capture.output.isEmpty)
  }

  @Test(
    "A catalog whose meals.json is broken is exit 2 with its error alone, before the files' own"
  )
  func brokenMeals() async throws {
    let folder = try makeBrokenMealsCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("a.scenario")
    try Data("launch\npick category \"Pizza\"\ngiven random 1\n".utf8).write(to: scenario)
    let (code, capture) = await rezepte(["run", "--catalog", folder.path, scenario.path])
    #expect(code == .badInput)
    #expect(
      capture.errors
        == "error: \(folder.path)/meals.json: record 1 lacks the required field \"idMeal\"")
    #expect(capture.output.isEmpty)
  }

  @Test(
    "A broken meals.json under files that parse is exit 2 with its error alone, though the replay began",
    arguments: [[], ["--jobs", "2"]])
  func brokenMealsUnderGoodFiles(extra: [String]) async throws {
    let folder = try makeBrokenMealsCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a", "b"] {
      try Data("launch\nexpect title \"Beef\"\n".utf8).write(
        to: folder.appendingPathComponent("\(name).scenario"))
    }
    let (code, capture) = await rezepte(["run", "--catalog", folder.path, folder.path] + extra)
    #expect(code == .badInput)
    #expect(
      capture.errors
        == "error: \(folder.path)/meals.json: record 1 lacks the required field \"idMeal\"")
    #expect(capture.output.isEmpty)
  }

  @Test("given random with an unknown id is found while the catalog loads beside the parser")
  func unknownMealID() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("r.scenario")
    try Data("given random 99999\nlaunch\n".utf8).write(to: scenario)
    let (code, capture) = await rezepte(["run", scenario.path])
    #expect(code == .badInput)
    #expect(capture.errors == "\(scenario.path):1: error: no meal with id 99999 in the catalog")
  }

  @Test(
    "An unusable --base-url is exit 2 with a sentence and the usage, never the offline catalog",
    arguments: ["http://a b/", "http://[::1/", "http://%zz/", "ftp://x/", "http:///api/"])
  func badBaseURL(url: String) async {
    let (code, capture) = await rezepte(["run", "--base-url", url])
    #expect(code == .badInput)
    #expect(capture.errors.hasPrefix("error: --base-url needs "))
    #expect(capture.errors.contains("\nusage: rezepte [run] [PATH…]"))
    #expect(capture.output.isEmpty)
  }

  @Test("Bad shards are exit 2", arguments: ["0/3", "4/3", "x", "1/", "/3", "-1/3"])
  func badShard(shard: String) async {
    let (code, capture) = await rezepte(["run", "--shard", shard])
    #expect(code == .badInput)
    #expect(capture.errors.hasPrefix("error: --shard "))
  }

  @Test("serve refuses a delay past one hour with exit 2")
  func serveDelay() async {
    let (code, capture) = await rezepte(["serve", "--delay", "9999999999999999s"])
    #expect(code == .badInput)
    #expect(
      capture.errors.hasPrefix(
        "error: --delay '9999999999999999s' is outside the allowed range of 0s to 1 hour\n"))
  }

  @Test("The help of every command comes from its declaration")
  func help() async {
    for name in ["run", "show", "serve", "capture"] {
      let (code, capture) = await rezepte(["help", name])
      #expect(code == .success)
      #expect(capture.output.first?.hasPrefix("usage: rezepte ") == true)
      let (again, other) = await rezepte([name, "--help"])
      #expect(again == .success)
      #expect(other.output == capture.output)
    }
  }

  // MARK: - Durations in scenario files

  @Test("A scenario's durations go through the same reader and range as the command line")
  func scenarioDurations() throws {
    #expect(try parse("wait 3600s\n").steps[0].action == .wait(.seconds(3600)))
    #expect(
      errors("wait 1e18s\n") == [
        "test.scenario:1: error: '1e18s' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
      ])
    #expect(errors("wait 0x10s\n").count == 1)
    #expect(
      errors("wait 7200s\n") == [
        "test.scenario:1: error: '7200s' is outside the allowed range of 0s to 1 hour"
      ])
  }

  // MARK: - Shards, --list, --jobs

  @Test("The shard hash is FNV-1a, the same on every machine")
  func fnv() {
    #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
  }

  @Test("The shards of N split the files: each file in exactly one, by its name in the folder")
  func shardsPartition() throws {
    let (entries, _) = ScenarioFiles.collectEntries([lessonFolder.path])
    #expect(entries.count >= 11)
    for count in 1...4 {
      let shards = (1...count).map { Shard(index: $0, count: count)! }
      for entry in entries {
        #expect(shards.filter { $0.contains(key: entry.key) }.count == 1)
      }
    }
    #expect(entries.first?.key == "01-kategorien.scenario")
  }

  func command(_ output: Output, catalog: Catalog) -> ScenarioCommand {
    ScenarioCommand(
      context: ScenarioContext(catalog: catalog), makeDriver: { AppDriver(catalog: catalog) },
      useColor: false, output: { output.lines.append($0) },
      errorOutput: { output.errors.append($0) }, now: { .zero })
  }

  @Test("--list prints the files of a shard; the shards together list every file once")
  func list() async throws {
    let catalog = try Catalog.embedded()
    var listed: [String] = []
    for index in 1...3 {
      let options = runOptions([lessonFolder.path], ["--list", "--shard", "\(index)/3"])
      let output = Output()
      #expect(await command(output, catalog: catalog).run(options) == .success)
      listed += output.lines
    }
    let all = ScenarioFiles.collectEntries([lessonFolder.path]).entries.map(\.file)
    #expect(listed.sorted() == all.sorted())
  }

  @Test("--jobs 4 prints the same report, byte for byte, as a serial run")
  func jobs() async throws {
    let catalog = try Catalog.embedded()
    let serial = Output()
    #expect(
      await command(serial, catalog: catalog).run(runOptions([lessonFolder.path])) == .success)
    let options = runOptions([lessonFolder.path], ["--jobs", "4"])
    let parallel = Output()
    #expect(await command(parallel, catalog: catalog).run(options) == .success)
    #expect(parallel.lines == serial.lines)
    #expect(
      serial.lines.count == ScenarioFiles.collectEntries([lessonFolder.path]).entries.count + 1)
  }

  // MARK: - show

  @Test("show prints each step's requests and marks the lines of the screen that changed")
  func showChanges() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "a.scenario", "launch\nnetwork offline\ntap dice\nexpect requests 3\nwait 1s\n")
    let output = Output()
    #expect(await makeCommand(output).show(file) == .success)
    let tap = Array(output.lines.drop { $0 != "tap dice" })
    #expect(
      tap.prefix(4) == [
        "tap dice", "  t = 0s, 1 Anfrage gesendet:", "    GET random.php",
        "  Bildschirm geändert (+ neue oder geänderte Zeilen):",
      ])
    #expect(
      tap.suffix(5) == [
        "    +    └─ Alert \"Keine Internetverbindung. Prüfe WLAN oder mobile Daten.\"",
        "    +       └─ Button \"OK\"",
        "expect requests 3  ✓",
        "wait 1s",
        "  t = 1s, keine Anfrage gesendet; Bildschirm unverändert",
      ])
  }

  @Test("show --full prints the time, the requests and the whole screen after every step")
  func showFull() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.scenario", "launch\nwait 1s\n")
    let output = Output()
    #expect(await makeCommand(output).show(file, full: true) == .success)
    let screen = try await launchedScreen().split(separator: "\n").map { "    " + $0 }
    #expect(
      output.lines
        == [
          "launch", "  t = 0s, 2 Anfragen gesendet:", "    GET categories.php",
          "    GET filter.php?c=Dessert", "  Bildschirm:",
        ] + screen + ["wait 1s", "  t = 1s, keine Anfrage gesendet", "  Bildschirm:"] + screen)
  }

  // MARK: - What people type

  @Test(
    "A wording people type is exit 2 with the step it means",
    arguments: [
      ("wait 1 second", "a duration is written without a space; did you mean `wait 1s`?"),
      ("tap back", "unknown step `tap back`; did you mean `back`?"),
      ("tap heart", "unknown step `tap heart`; did you mean `toggle heart`?"),
      (
        "expect requests 1 GET categories.php",
        "`expect requests` lists its requests below it, indented, one per line: "
          + "`expect requests 1`, then `  GET categories.php`"
      ),
      (
        "given favorites Apam balik",
        "`given favorites` names meals by id; did you mean `given favorites 53049`?"
      ),
      (
        "scroll down",
        "unknown step `scroll down`; screens are checked whole, there is nothing to scroll"
      ),
      ("heart", "unknown step `heart`; did you mean `toggle heart`?"),
      ("go back", "unknown step `go back`; did you mean `back`?"),
      ("restart", "unknown step `restart`; did you mean `relaunch`?"),
      (#"tap tile "Pasta""#, #"unknown step `tap tile "Pasta"`; did you mean `open "Pasta"`?"#),
      (
        #"expect title is "Suche""#,
        #"`expect title` takes its quoted text alone, without `is`; did you mean `expect title "Suche"`?"#
      ),
      ("swipe back", "unknown step `swipe back`; did you mean `back`?"),
      (
        #"pick "Chicken""#,
        #"unknown step `pick "Chicken"`; did you mean `pick category "Chicken"`?"#
      ),
      (
        "expect heart filled",
        #"unknown step `expect heart filled`; did you mean `expect favorite "NAME"`?"#
      ),
      (
        "open Apam balik",
        #"`open` needs its text in double quotes; did you mean `open "Apam balik"`?"#
      ),
    ])
  func wordings(line: String, message: String) async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("w.scenario")
    try Data("launch\n\(line)\n".utf8).write(to: scenario)
    let (code, capture) = await rezepte(["run", scenario.path])
    #expect(code == .badInput)
    #expect(capture.errors == "\(scenario.path):2: error: \(message)")
  }

  @Test("A `given` only the next launch reads, after `launch` and with no `relaunch`, is exit 2")
  func givenAfterLaunch() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("g.scenario")
    try Data("launch\ngiven start categories\nexpect title \"Kategorien\"\n".utf8).write(
      to: scenario)
    let (code, capture) = await rezepte(["run", scenario.path])
    #expect(code == .badInput)
    #expect(
      capture.errors
        == "\(scenario.path):2: error: `given start` after `launch` takes effect at the next "
        + "`relaunch`, and none follows; put it before `launch`, or `relaunch` after it")
    try Data("launch\ngiven start categories\nrelaunch\nexpect title \"Kategorien\"\n".utf8)
      .write(to: scenario)
    #expect(await rezepte(["run", scenario.path]).0 == .success)
  }
}
