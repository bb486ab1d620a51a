import CommandLineKit
import Foundation
import MealCatalog
import MealDB
import ReplayCommands
import Scenarios
import ViewDescription
import ViewModels
import VirtualTime

/// Something a benchmark found wrong with what it measured (a failed scenario, a missing row).
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

// MARK: - 1. Replay

/// The whole `Scenarios/` suite through `ScenarioCommand.run`, the code behind `rezepte run`.
@MainActor
enum ReplayBenchmark {
  struct Result {
    let catalogLoad: Duration
    let wall: Duration
    let scenarios: Int
    let steps: Int
    /// The virtual time the suite advances: the sum of its `wait` steps (a network delay only
    /// passes while a `wait` runs, so this counts delays that were waited for too).
    let simulated: Duration
    /// Voluntary context switches during one replay of the suite (the median of the runs).
    let contextSwitches: Int
  }

  static func run(folder: String, measure: Measure) async throws -> Result {
    let catalogLoad = try measure.median(batch: 1) { _ = try Catalog.embedded() }
    let catalog = try Catalog.embedded()
    let (files, _) = ScenarioFiles.collect([folder])
    let (scenarios, diagnostics) = ScenarioFiles.load(
      files, context: ScenarioContext(catalog: catalog))
    guard diagnostics.isEmpty, !scenarios.isEmpty else {
      throw BenchmarkFailure("the scenarios in \(folder) do not load: \(diagnostics)")
    }
    let steps = scenarios.flatMap(\.steps)
    let simulated = steps.reduce(Duration.zero) { total, step in
      if case .wait(let duration) = step.action { total + duration } else { total }
    }
    var switches: [Int] = []
    let wall = try await measure.median {
      let before = Machine.voluntaryContextSwitches()
      try await replay(folder: folder, catalog: catalog)
      switches.append(Machine.voluntaryContextSwitches() - before)
    }
    return Result(
      catalogLoad: catalogLoad, wall: wall, scenarios: scenarios.count, steps: steps.count,
      simulated: simulated, contextSwitches: switches.sorted()[switches.count / 2])
  }

  /// One `rezepte run FOLDER`, with the report discarded; throws unless every scenario passes.
  static func replay(folder: String, catalog: Catalog) async throws {
    var options = CommandLineOptions.RunOptions()
    options.paths = [folder]
    var errors: [String] = []
    let command = ScenarioCommand(
      context: ScenarioContext(catalog: catalog),
      makeDriver: { AppDriver(catalog: catalog, backend: .catalog) },
      useColor: false, output: { _ in }, errorOutput: { errors.append($0) })
    let code = await command.run(options)
    guard code == .success else {
      throw BenchmarkFailure("the scenarios fail (\(code)): \(errors.joined(separator: "\n"))")
    }
  }
}

// MARK: - 2. Scaling

/// Launch, render and `expect visible` on a generated catalog of TheMealDB's size and of
/// 100,000 meals; each size runs in child processes of its own so that its peak memory is its
/// own.
@MainActor
enum ScalingBenchmark {
  static let sizes = [300, 100_000]

  /// Timed runs for a size: the largest take seconds each, so three runs there.
  nonisolated static func runs(for size: Int, default runs: Int) -> Int {
    size >= 100_000 ? min(runs, 3) : runs
  }
  /// The hidden argument that makes the bench measure one size and print one result line.
  nonisolated static let childArgument = "--scaling-child"

  struct Result {
    let size: Int
    let time: Duration
    /// `VmHWM` at the end of the child.
    let peakKiB: Int
    /// `VmHWM` when the child started, before it built the catalog.
    let baselineKiB: Int
    /// The median processor time (user + system, all threads) of one run.
    var cpu: Duration? = nil
  }

  /// Child processes per size; each figure is the median over them.
  nonisolated static let rounds = 3

  /// Measures every size in fresh child processes, the sizes in turn.
  static func run(runs: Int) throws -> [Result] {
    var children: [Int: [Result]] = [:]
    for _ in 0..<rounds {
      for size in sizes {
        let output = try Child.output(of: [
          Machine.executable, childArgument, String(size), "--runs",
          String(Self.runs(for: size, default: runs)),
        ])
        children[size, default: []].append(try result(size: size, from: output))
      }
    }
    return sizes.compactMap { size in children[size].map(Self.median) }
  }

  /// Each figure's median over the children of one size.
  nonisolated static func median(_ results: [Result]) -> Result {
    func middle<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
    let cpus = results.compactMap(\.cpu)
    return Result(
      size: results[0].size, time: Measure.median(results.map(\.time)),
      peakKiB: middle(results.map(\.peakKiB)), baselineKiB: middle(results.map(\.baselineKiB)),
      cpu: cpus.isEmpty ? nil : Measure.median(cpus))
  }

  /// Reads a child's `RESULT <median ns> <peak KiB> <baseline KiB> <cpu ns>` line.
  nonisolated static func result(size: Int, from output: String) throws -> Result {
    let fields = output.split(separator: "\n").last { $0.hasPrefix("RESULT ") }?
      .split(separator: " ").dropFirst().compactMap { Int($0) }
    guard let fields, fields.count == 4 else {
      throw BenchmarkFailure("the child for \(size) meals printed no result: \(output)")
    }
    return Result(
      size: size, time: .nanoseconds(fields[0]), peakKiB: fields[1], baselineKiB: fields[2],
      cpu: .nanoseconds(fields[3]))
  }

  /// The line `result(size:from:)` reads.
  nonisolated static func resultLine(
    time: Duration, peak: Int, baseline: Int, cpu: Duration
  ) -> String {
    func nanoseconds(_ duration: Duration) -> Int64 {
      duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
    return "RESULT \(nanoseconds(time)) \(peak) \(baseline) \(nanoseconds(cpu))"
  }

  /// The child's work: `RESULT <median ns> <peak KiB> <baseline KiB> <cpu ns>` on standard output.
  static func child(size: Int, measure: Measure) async throws -> String {
    let baseline = Machine.peakMemoryKiB() ?? 0
    let catalog = try GeneratedCatalog.make(mealCount: size)
    let target = lastName(in: catalog)
    var cpu: [Duration] = []
    let time = try await measure.median {
      let before = Machine.processorTime()
      try await once(catalog: catalog, expecting: target)
      cpu.append(Machine.processorTime() - before)
    }
    return resultLine(
      time: time, peak: Machine.peakMemoryKiB() ?? 0, baseline: baseline,
      cpu: Measure.median(cpu))
  }

  /// The name the list shows last, so `expect visible` looks through every row.
  static func lastName(in catalog: Catalog) -> String {
    catalog.records.map(\.name).max { $0.caseInsensitiveCompare($1) == .orderedAscending } ?? ""
  }

  /// `launch`, `expect screen`'s rendering and `expect visible "<target>"`, as a scenario does.
  static func once(catalog: Catalog, expecting target: String) async throws {
    let driver = AppDriver(catalog: catalog, backend: .catalog)
    try await driver.launch()
    let screen = driver.screenText()
    guard driver.visibleTexts().contains(target), screen.contains(target) else {
      throw BenchmarkFailure("the list of \(catalog.records.count) meals does not show \(target)")
    }
  }
}

extension ScalingBenchmark {
  /// What `once` makes the app do, called directly: the catalog answers `filter.php`, the answer
  /// is decoded as `MealAPI` does, and the list screen is built, rendered and searched.
  static func pieces(catalog: Catalog) throws {
    var random = SeededGenerator(seed: 1)
    let request = APIRequest(
      path: "filter.php", query: [URLQueryItem(name: "c", value: GeneratedCatalog.category)])
    let body = catalog.answer(request, random: &random).body
    // As `MealAPI` reads it: `AnswerReader`, and `JSONDecoder` for what it leaves.
    let response =
      try AnswerReader.meals(body) ?? JSONDecoder().decode(MealsResponse<Meal>.self, from: body)
    let meals = response.items
    let state = MealListState(
      categories: catalog.categories, meals: .loaded(meals),
      loadedQuery: Query(category: GeneratedCatalog.category, search: ""))
    let screen = AppScreen.body(AppState(list: state))
    guard TextRenderer().render(screen).count > meals.count, screen.visibleTexts.count > meals.count
    else { throw BenchmarkFailure("the list of \(meals.count) meals is not on the screen") }
  }
}

// MARK: - 2. Loading

/// `rezepte run --list --catalog DIR` over a generated catalog as a whole process (start, load,
/// parse one file, exit) against CPython's `json.load` of the same `meals.json`, in turn: each
/// catalog as the bench writes it (the catalog's own answer, `/` escaped and everything beyond
/// ASCII as `\uXXXX`) and as Python's `json.dump` writes the same data (`", "` and `": "`).
enum LoadingBenchmark {
  static let sizes = [300, 100_000]

  /// Who wrote a catalog's `meals.json`.
  enum Writer: String, CaseIterable {
    case catalog = "written by the catalog"
    case python = "written by Python's `json.dump`"
  }

  struct Result {
    let size: Int
    let writer: Writer
    let fileBytes: Int
    /// The median processor time (user and system) of each process.
    let rezepte: Duration
    let python: Duration
    /// The median peak memory (`ru_maxrss`) of `rezepte`, in KiB.
    let peakKiB: Int
  }

  /// The folder of `size` generated meals as `writer` writes them, written once per machine (in
  /// the temporary folder).
  static func folder(size: Int, writer: Writer = .catalog) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "rezepte-bench-catalog-\(size)" + (writer == .python ? "-python" : ""))
    let meals = folder.appendingPathComponent(Catalog.mealsFile)
    guard !FileManager.default.fileExists(atPath: meals.path) else { return folder }
    switch writer {
    case .catalog:
      try GeneratedCatalog.write(mealCount: size, to: folder)
    case .python:
      let source = try Self.folder(size: size)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(Catalog.categoriesFile),
        to: folder.appendingPathComponent(Catalog.categoriesFile))
      let status = try Child.run([
        "/usr/bin/env", "python3", "-c",
        "import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], 'w'))",
        source.appendingPathComponent(Catalog.mealsFile).path, meals.path,
      ])
      guard status == 0 else { throw BenchmarkFailure("python3 could not write \(meals.path)") }
    }
    return folder
  }

  /// Every size and writer, or nothing without `python3` or a `rezepte` built beside the bench.
  static func run(root: URL, runs: Int) throws -> [Result] {
    let rezepte = StartupBenchmark.sibling("rezepte")
    guard
      let python = try? Child.output(of: ["which", "python3"]).trimmingCharacters(
        in: .whitespacesAndNewlines),
      !python.isEmpty, FileManager.default.isExecutableFile(atPath: rezepte)
    else { return [] }
    let scenario = root.appendingPathComponent(StartupBenchmark.scenario).path
    var results: [Result] = []
    for size in sizes {
      for writer in Writer.allCases {
        let folder = try folder(size: size, writer: writer)
        let meals = folder.appendingPathComponent(Catalog.mealsFile).path
        let commands = [
          [rezepte, "run", CommandLineOptions.RunOptions.list.name]
            + CommandLineOptions.catalog.words(folder.path) + [scenario],
          [python, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", meals],
        ]
        var usages = Array(repeating: [rusage](), count: commands.count)
        for round in 0...runs {
          for (index, command) in commands.enumerated() {
            var usage = rusage()
            let status = try Child.spawn(command, usage: &usage)
            guard status == 0 else {
              throw BenchmarkFailure("`\(command.joined(separator: " "))` exits with \(status)")
            }
            if round > 0 { usages[index].append(usage) }
          }
        }
        let fileBytes =
          (try FileManager.default.attributesOfItem(atPath: meals)[.size] as? NSNumber)?.intValue
          ?? 0
        let peaks = usages[0].map(\.ru_maxrss).sorted()
        results.append(
          Result(
            size: size, writer: writer, fileBytes: fileBytes,
            rezepte: Measure.median(usages[0].map(Machine.processorTime)),
            python: Measure.median(usages[1].map(Machine.processorTime)),
            peakKiB: peaks[peaks.count / 2]))
      }
    }
    return results
  }
}

// MARK: - 3. Render vs dump

/// The list screen of 5,000 rows as the text tree, against `dump()` of the same snapshot.
enum RenderBenchmark {
  static let rowCount = 5_000

  /// A loaded list of `rowCount` generated meals with three favourites.
  static func state() throws -> MealListState {
    let catalog = try GeneratedCatalog.make(mealCount: rowCount)
    let meals = catalog.records.map {
      Meal(id: $0.id, name: $0.name, thumbnail: $0.fields["strMealThumb"]?.string)
    }
    let favorites = meals.prefix(3)
    return MealListState(
      categories: catalog.categories, meals: .loaded(meals),
      loadedQuery: Query(category: GeneratedCatalog.category, search: ""),
      favoriteIDs: Set(favorites.map(\.id)), favorites: Array(favorites))
  }

  /// What `expect screen` compares: the node tree built from the snapshot, rendered as text.
  static func render(_ state: MealListState) -> String {
    TextRenderer().render(AppScreen.body(AppState(list: state)))
  }

  /// What a generic snapshot library would print.
  static func dumped(_ state: MealListState) -> String {
    var text = ""
    dump(state, to: &text)
    return text
  }
}

// MARK: - 4. Decode vs parse

/// A `search.php` answer of 25 full records: the app's decoding against Foundation's raw parse.
enum DecodeBenchmark {
  static let recordCount = 25

  /// The bytes the offline catalog sends for `search.php?s=` over the first 25 embedded meals.
  static func answer() throws -> Data {
    let embedded = try Catalog.embedded()
    let catalog = try Catalog(
      categories: embedded.categories, records: Array(embedded.records.prefix(recordCount)))
    var random = SeededGenerator(seed: 1)
    let request = APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: "")])
    return catalog.answer(request, random: &random).body
  }

  /// Exactly what `MealAPI.searchDetails` does with the body.
  static func decode(_ body: Data) throws -> Int {
    let response =
      try AnswerReader.details(body)
      ?? JSONDecoder().decode(MealsResponse<MealDetail>.self, from: body)
    return response.items.count
  }

  static func parse(_ body: Data) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    return (object?["meals"] as? [Any])?.count ?? 0
  }
}

// MARK: - 5. Requests saved

/// "Spaghetti Bolognese" typed key by key at a steady pace: how many searches go out.
@MainActor
enum TypingBenchmark {
  static let text = "Spaghetti Bolognese"
  static let intervals: [Duration] = [
    .milliseconds(50), .milliseconds(150), .milliseconds(300), .milliseconds(450),
  ]

  /// The keys that change the trimmed query (the space does not): the fewest requests when
  /// every pause runs out, as at 450 ms per key.
  static var queryChangingKeys: Int {
    var previous = ""
    var count = 0
    for end in text.indices {
      let query = text[...end].trimmingCharacters(in: .whitespaces)
      if query != previous { count += 1 }
      previous = query
    }
    return count
  }

  /// The `search.php` requests sent while typing at `interval` per key, on a virtual clock.
  static func requests(interval: Duration, catalog: Catalog) async throws -> [String] {
    let driver = AppDriver(catalog: catalog, backend: .catalog)
    try await driver.launch()
    _ = driver.takeRequests()
    for character in text {
      try await driver.type(String(character))
      try await driver.wait(interval)
    }
    try await driver.wait(.seconds(1))
    return driver.takeRequests().filter { $0.contains("search.php") }
  }
}

// MARK: - 6. Start-up

/// `rezepte --help` and a one-scenario run as whole processes, against `startup-baseline`, a
/// program that only imports Foundation.
enum StartupBenchmark {
  struct Result {
    let baseline: Duration
    let help: Duration
    let scenario: Duration
    let method: String
  }

  static let scenario = "Scenarios/01-kategorien.scenario"

  /// A program built next to this one.
  static func sibling(_ name: String) -> String {
    URL(fileURLWithPath: Machine.executable).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }

  /// Rounds that run each command once, in turn: the machine's load moves all three alike.
  static let rounds = 300

  static func run(root: URL, measure: Measure) throws -> Result? {
    let rezepte = sibling("rezepte")
    let baselineProgram = sibling("startup-baseline")
    guard FileManager.default.isExecutableFile(atPath: rezepte),
      FileManager.default.isExecutableFile(atPath: baselineProgram)
    else { return nil }
    let scenarioPath = root.appendingPathComponent(scenario).path
    let commands = [
      [baselineProgram], [rezepte, Program.helpFlag.name], [rezepte, "run", scenarioPath],
    ]
    // Three rounds to warm the page cache, which are not counted.
    var times = Array(repeating: [Duration](), count: commands.count)
    let clock = ContinuousClock()
    for round in 0..<(rounds + 3) {
      for (index, command) in commands.enumerated() {
        let start = clock.now
        let status = try Child.spawn(command)
        let elapsed = clock.now - start
        guard status == 0 else {
          throw BenchmarkFailure("`\(command.joined(separator: " "))` exits with \(status)")
        }
        if round >= 3 { times[index].append(elapsed) }
      }
    }
    let medians = times.map(Measure.median)
    return Result(
      baseline: medians[0], help: medians[1], scenario: medians[2],
      method: "median of \(rounds) rounds that run each once in turn (posix_spawn and wait)")
  }
}
