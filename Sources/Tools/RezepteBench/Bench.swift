import CommandLineKit
import Explore
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import MealServer
import ReplayCommands
import Scenarios

/// The jobs people run with `rezepte`, each timed as a whole process (start-up included) from
/// the package's root, and the typing that is timed inside one.
@MainActor
struct Bench {
  let runs: Int
  /// The `rezepte` built beside the bench.
  let rezepte: String
  let temporary = FileManager.default.temporaryDirectory

  init(runs: Int) throws {
    self.runs = runs
    rezepte = Self.sibling("rezepte")
    guard FileManager.default.fileExists(atPath: "Scenarios"),
      FileManager.default.isExecutableFile(atPath: rezepte)
    else {
      throw BenchmarkFailure(
        "run the bench from the package's root after `swift build -c release`, so that "
          + "Scenarios/ and rezepte are there")
    }
  }

  /// A program built beside this one.
  static func sibling(_ name: String) -> String {
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    return URL(fileURLWithPath: own ?? CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }

  func rows() async throws -> [Row] {
    try await replays() + explore() + serve() + catalogs() + typing()
  }

  // MARK: - Replays

  /// The start of a program that links what `rezepte` links, `--help`, the suite, one lesson
  /// file, `show` of one, and the storyboard of all of them; the suite against the start, and
  /// the storyboard against the suite.
  func replays() throws -> [Row] {
    let storyboard = temporary.appendingPathComponent("rezepte-bench-storyboard").path
    let jobs: [(String, [String], goal: (String, Duration)?)] = [
      ("`startup-baseline`: a hello that links FoundationNetworking", [], nil),
      ("`rezepte \(Program.helpFlag.name)`", [Program.helpFlag.name], nil),
      ("`rezepte`: the lesson files", [], ("< 0.5 s", .milliseconds(500))),
      ("`rezepte run` of one lesson file", ["run", "Scenarios/01-kategorien.scenario"], nil),
      ("`rezepte show` of one lesson file", ["show", "Scenarios/02-suche.scenario"], nil),
      (
        "`rezepte storyboard`: a page per lesson file and the index",
        ["storyboard"] + ScenarioCommands.StoryboardOptions().$out.words(storyboard),
        ("< 1 s", .seconds(1))
      ),
    ]
    let commands = [[Self.sibling("startup-baseline")]] + jobs.dropFirst().map { [rezepte] + $0.1 }
    let usages = try Processes.time(commands, runs: runs)
    var rows = zip(jobs, usages).map { job, usage in
      Row(
        benchmark: job.0, wall: Format.duration(usage.wall), cpu: Format.duration(usage.cpu),
        goal: job.goal.map { Row.verdict($0.0, usage.wall < $0.1) } ?? "")
    }
    let (hello, suite, pages) = (usages[0].wall, usages[2].wall, usages[5].wall)
    rows[1].derived = "\(Format.ratio(usages[1].wall.seconds / hello.seconds)) the hello"
    rows[2].derived = "\(Format.ratio(suite.seconds / hello.seconds)) the hello"
    rows[2].goal += "; " + Row.verdict("≤ 1.6× the hello", suite.seconds / hello.seconds <= 1.6)
    rows[5].derived = "\(Format.ratio(pages.seconds / suite.seconds)) the suite"
    rows[5].goal += "; " + Row.verdict("≤ 2× the suite", pages.seconds / suite.seconds <= 2)
    return rows
  }

  // MARK: - Explore

  /// 300 sessions in one process and in as many as `explore` picks.
  func explore() throws -> [Row] {
    let sessions = 300
    let words = ExploreCommand.Options.words(
      ExploreOptions(seed: 3, sessions: sessions, steps: 40), catalog: nil)
    let oneJob = ExploreCommand.Options().$jobs.words(1)
    let usages = try Processes.time([[rezepte] + words + oneJob, [rezepte] + words], runs: runs)
    let jobs = ExploreCommand.Options.defaultJobs(sessions: sessions)
    let names = [
      "`rezepte \((words + oneJob).joined(separator: " "))`",
      "the same in \(jobs) processes (`explore`'s default here)",
    ]
    return zip(names, usages).map { name, usage in
      let rate = Double(sessions * 40) / usage.wall.seconds
      return Row(
        benchmark: name, wall: Format.duration(usage.wall), cpu: Format.duration(usage.cpu),
        derived: "\(Format.grouped(Int(rate))) steps/s",
        goal: name == names[0] ? Row.verdict("≥ 50,000 steps/s", rate >= 50_000) : "")
    }
  }

  // MARK: - Serve

  /// `rezepte serve` against nginx serving the same answers as files, one worker each, under
  /// `wrk -t1 -d5s` at 1, 16 and 64 connections, for a lookup and a search: requests a second,
  /// and each server's context switches and processor time a request. Skipped without nginx
  /// and wrk.
  func serve() async throws -> [Row] {
    guard let nginx = Processes.find("nginx"), let wrk = Processes.find("wrk") else {
      return [
        Row(
          benchmark: "`rezepte serve` against nginx", wall: "n/a",
          derived: "`nginx` or `wrk` is not installed")
      ]
    }
    let (server, banner) = try Processes.start(
      [rezepte, "serve"] + ServeCommand.Options().$port.words(0)
        + [ServeCommand.Options().$quiet.name])
    defer { server.terminate() }
    // "Serving the embedded catalog (…) on http://127.0.0.1:PORT/api/json/v1/1/".
    guard let address = banner.split(separator: " ").last, let url = URL(string: String(address))
    else { throw BenchmarkFailure("`rezepte serve` printed no address: \(banner)") }
    // nginx on a free port (one the system gave a server that stopped at once), serving each
    // answer as a file at its request's path, whatever the query.
    let probe = MealServer(catalog: try Catalog.embedded())
    let port = try probe.start()
    await probe.stop()
    let folder = temporary.appendingPathComponent("rezepte-bench-nginx")
    let files = folder.appendingPathComponent("root" + MealServer.apiPath)
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    let requests = [
      ("lookup", APIRequest(path: "lookup.php", query: [.init(name: "i", value: "52772")])),
      ("search", APIRequest(path: "search.php", query: [.init(name: "s", value: "Lasagne")])),
    ]
    for (_, request) in requests {
      try await URLSessionTransport(baseURL: url).send(request).body
        .write(to: files.appendingPathComponent(request.path))
    }
    try Data(
      """
      daemon off; master_process off; worker_processes 1; pid nginx.pid; error_log error.log;
      events {}
      http { access_log off; default_type "application/json; charset=utf-8";
        server { listen 127.0.0.1:\(port); root root; } }
      """.utf8
    ).write(to: folder.appendingPathComponent("nginx.conf"))
    let web = try Processes.launch([nginx, "-p", folder.path + "/", "-c", "nginx.conf"])
    defer { web.terminate() }
    let nginxURL = URL(string: "http://127.0.0.1:\(port)\(MealServer.apiPath)")!
    for (_, request) in requests {
      let file = files.appendingPathComponent(request.path)
      guard try await firstAnswer(nginxURL, request).body == (try Data(contentsOf: file)) else {
        throw BenchmarkFailure("nginx does not serve the answer written for it: \(file.path)")
      }
    }
    var rows: [Row] = []
    for (name, request) in requests {
      for connections in [1, 16, 64] {
        let measure = { (base: URL, process: Process) in
          try Processes.wrk(
            wrk, connections: connections, url: base.absoluteString + request.encodedPathAndQuery,
            server: process)
        }
        let (ours, nginx) = (try measure(url, server), try measure(nginxURL, web))
        let ratio = ours.rate / nginx.rate
        let switches = (ours.waits + ours.preemptions, nginx.waits + nginx.preemptions)
        var goals = connections > 1 ? [Row.verdict("≥ 0.8× nginx", ratio >= 0.8)] : []
        if connections == 64 {
          goals.append(Row.verdict("≤ 0.1 context switches a request", switches.0 <= 0.1))
        }
        rows.append(
          Row(
            benchmark: "`rezepte serve` / nginx: \(name), `wrk -t1 -c\(connections) -d5s`",
            wall: "",
            derived: "\(Format.grouped(Int(ours.rate))) / \(Format.grouped(Int(nginx.rate))) "
              + "requests/s = \(Format.ratio(ratio)); a request: "
              + "\(Format.duration(ours.cpu)) / \(Format.duration(nginx.cpu)) processor, "
              + String(
                format: "%.2f / %.2f context switches (waiting %.2f / %.2f)", switches.0,
                switches.1, ours.waits, nginx.waits),
            goal: goals.joined(separator: "; ")))
      }
    }
    return rows
  }

  /// The answer of a server that is starting, once it takes connections (within 10 s).
  func firstAnswer(_ url: URL, _ request: APIRequest) async throws -> APIResponse {
    for _ in 0..<100 {
      if let answer = try? await URLSessionTransport(baseURL: url, timeout: 1).send(request) {
        return answer
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw BenchmarkFailure("\(url) gave no answer")
  }

  // MARK: - Catalogs

  /// `rezepte run --list --catalog DIR` over generated catalogs of TheMealDB's size and of
  /// 100,000 meals, each as the catalog writes it and as Python's `json.dump` does, against
  /// CPython's `json.load` of the same `meals.json`.
  func catalogs() throws -> [Row] {
    guard let python = Processes.find("python3") else {
      return [Row(benchmark: "Catalogs", wall: "n/a", derived: "`python3` is not installed")]
    }
    var rows: [Row] = []
    var large: [Duration] = []
    for size in [300, 100_000] {
      for byPython in [false, true] {
        let folder = try GeneratedCatalog.folder(size: size, byPython: byPython, python: python)
        let meals = folder.appendingPathComponent(Catalog.mealsFile).path
        let usages = try Processes.time(
          [
            [rezepte, "run", ScenarioCommands.RunOptions().$list.name]
              + ScenarioCommands.RunOptions().$catalog.words(folder.path)
              + ["Scenarios/01-kategorien.scenario"],
            [python, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", meals],
          ], runs: min(runs, 5))
        let bytes = (try? FileManager.default.attributesOfItem(atPath: meals)[.size] as? Int) ?? 1
        let ratio = usages[0].cpu.seconds / usages[1].cpu.seconds
        let memory = Double(usages[0].peakKiB * 1024) / Double(bytes)
        if size == 100_000 { large.append(usages[0].cpu) }
        rows.append(
          Row(
            benchmark: "`rezepte run --list --catalog` over \(Format.grouped(size)) meals "
              + (byPython ? "written by `json.dump`" : "written by the catalog")
              + String(format: " (%.1f MB)", Double(bytes) / 1_000_000),
            wall: Format.duration(usages[0].wall), cpu: Format.duration(usages[0].cpu),
            derived: "CPython \(Format.duration(usages[1].cpu)) = \(Format.ratio(ratio)); peak "
              + String(format: "%.1f MiB", Double(usages[0].peakKiB) / 1024)
              + " = \(Format.ratio(memory)) the file",
            goal: Row.verdict("≤ 1× CPython", ratio <= 1)
              + (size == 100_000 ? "; " + Row.verdict("≤ 3× the file", memory <= 3) : "")))
      }
    }
    let spacing = large[1].seconds / large[0].seconds
    rows.append(
      Row(
        benchmark: "100,000 meals: `json.dump`'s spacing / the catalog's, processor time",
        wall: "", derived: Format.ratio(spacing),
        goal: Row.verdict("within 1.1× of each other", max(spacing, 1 / spacing) <= 1.1)))
    return rows
  }

  // MARK: - Typing

  /// 4,000 and 64,000 keys typed into the search field of the real app in this process, one
  /// `type` a key as a user's keys arrive, in ASCII and in umlauts and emoji: each key sends the
  /// field's whole text, so what it costs must not grow with the text.
  func typing() async throws -> [Row] {
    let catalog = try Catalog.embedded()
    var rows: [Row] = []
    for (name, pattern) in [("ASCII", "Lasagne al"), ("umlauts and emoji", "Grüße 🍝 äö")] {
      var perKey: [Double] = []
      for length in [4_000, 64_000] {
        let keys = String(repeating: pattern, count: length / 10).map(String.init)
        let time = try await median(runs: 3) {
          let driver = AppDriver(catalog: catalog)
          await driver.app.launch()
          let start = ContinuousClock.now
          for key in keys { try await driver.type(key) }
          return .now - start
        }
        perKey.append(time.seconds / Double(length))
        rows.append(
          Row(
            benchmark: "`type` a key at a time: \(Format.grouped(length)) keys of \(name)",
            wall: Format.duration(time), derived: Format.duration(time / length) + " per key"))
      }
      rows[rows.count - 1].goal = Row.verdict(
        "per key ≤ 1.2× the 4,000 keys'", perKey[1] / perKey[0] <= 1.2)
    }
    return rows
  }

  /// The median of `runs` times that `measure` takes in this process, after an untimed one.
  func median(runs: Int, _ measure: () async throws -> Duration) async throws -> Duration {
    var times: [Duration] = []
    for round in 0...runs {
      let time = try await measure()
      if round > 0 { times.append(time) }
    }
    return times.median
  }
}
