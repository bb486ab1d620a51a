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

/// Launch, render and `expect visible` on generated catalogs of growing size; each size runs in
/// a child process of its own so that its peak memory is its own.
@MainActor
enum ScalingBenchmark {
  static let sizes = [1_000, 20_000, 100_000, 500_000]
  /// The ratios the goals are about: 1k → 20k and 100k → 500k.
  static let ratios = [(1_000, 20_000), (100_000, 500_000)]

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
    /// The median processor time (user + system, all threads) of one run: on a shared machine
    /// it moves far less than wall time, so the ratios are taken from it.
    var cpu: Duration? = nil
    /// For a catalog load: the median time of one pass over the file's bytes, the floor no
    /// loader can go below.
    var floor: Duration? = nil
  }

  /// Children per size: the two sizes of a ratio take turns, so that a change in the machine's
  /// load falls on both; each size's figures are the medians over its children.
  nonisolated static func rounds(for size: Int) -> Int {
    size >= 100_000 ? 3 : 5
  }

  /// Measures every size in fresh child processes, the sizes of each ratio in turn.
  static func run(runs: Int) throws -> [Result] {
    var children: [Int: [Result]] = [:]
    for (small, large) in ratios {
      for _ in 0..<rounds(for: small) {
        for size in [small, large] {
          let output = try Child.output(of: [
            Machine.executable, childArgument, String(size), "--runs",
            String(Self.runs(for: size, default: runs)),
          ])
          children[size, default: []].append(try result(size: size, from: output))
        }
      }
    }
    return sizes.compactMap { size in children[size].map(Self.median) }
  }

  /// Each figure's median over the children of one size.
  nonisolated static func median(_ results: [Result]) -> Result {
    func middle<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
    let cpus = results.compactMap(\.cpu)
    let floors = results.compactMap(\.floor)
    return Result(
      size: results[0].size, time: Measure.median(results.map(\.time)),
      peakKiB: middle(results.map(\.peakKiB)), baselineKiB: middle(results.map(\.baselineKiB)),
      cpu: cpus.isEmpty ? nil : Measure.median(cpus),
      floor: floors.isEmpty ? nil : Measure.median(floors))
  }

  /// Reads a child's `RESULT <median ns> <peak KiB> <baseline KiB> [<cpu ns> [<floor ns>]]`
  /// line; a cpu of `-` stands for none, before a floor.
  nonisolated static func result(size: Int, from output: String) throws -> Result {
    let fields = output.split(separator: "\n").last { $0.hasPrefix("RESULT ") }?
      .split(separator: " ").dropFirst().map { Int($0) }
    guard let fields, fields.count >= 3, let time = fields[0], let peak = fields[1],
      let baseline = fields[2]
    else {
      throw BenchmarkFailure("the child for \(size) meals printed no result: \(output)")
    }
    return Result(
      size: size, time: .nanoseconds(time), peakKiB: peak, baselineKiB: baseline,
      cpu: fields.count > 3 ? fields[3].map { .nanoseconds($0) } : nil,
      floor: fields.count > 4 ? fields[4].map { .nanoseconds($0) } : nil)
  }

  /// The line `result(size:from:)` reads.
  nonisolated static func resultLine(
    time: Duration, peak: Int, baseline: Int, cpu: Duration? = nil, floor: Duration? = nil
  ) -> String {
    func nanoseconds(_ duration: Duration) -> Int64 {
      duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
    return "RESULT \(nanoseconds(time)) \(peak) \(baseline)"
      + (cpu.map { " \(nanoseconds($0))" } ?? (floor == nil ? "" : " -"))
      + (floor.map { " \(nanoseconds($0))" } ?? "")
  }

  /// The child's work: `RESULT <median ns> <peak KiB> <baseline KiB>` on standard output.
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

/// `Catalog.load(directory:)` on generated catalog folders against `JSONSerialization` (and, where
/// `python3` is installed, CPython's `json.load`) of the same `meals.json`; each side runs in a
/// child process of its own, so that its peak memory is its own.
enum LoadingBenchmark {
  static let sizes = [1_000, 10_000, 100_000]
  /// The hidden argument that makes the bench load one folder and print one result line.
  static let childArgument = "--loading-child"

  enum Side: String, CaseIterable {
    case catalog
    case jsonSerialization = "jsonserialization"
  }

  struct Result {
    let size: Int
    let fileBytes: Int
    let catalog: ScalingBenchmark.Result
    let jsonSerialization: ScalingBenchmark.Result
    /// `json.load`'s median time and `ru_maxrss` in KiB, when `python3` is installed.
    let python: (time: Duration, peakKiB: Int)?
  }

  /// The generated catalog folder for `size` meals, written once per run of the bench.
  static func folder(size: Int) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-bench-catalog-\(size)")
    let meals = folder.appendingPathComponent(Catalog.mealsFile)
    if !FileManager.default.fileExists(atPath: meals.path) {
      try GeneratedCatalog.write(mealCount: size, to: folder)
    }
    return folder
  }

  static func run(runs: Int) throws -> [Result] {
    try sizes.map { size in
      let folder = try folder(size: size)
      let runs = ScalingBenchmark.runs(for: size, default: runs)
      let meals = folder.appendingPathComponent(Catalog.mealsFile).path
      let fileBytes =
        (try FileManager.default.attributesOfItem(atPath: meals)[.size] as? NSNumber)?.intValue ?? 0
      var sides: [ScalingBenchmark.Result] = []
      for side in Side.allCases {
        let output = try Child.output(of: [
          Machine.executable, childArgument, folder.path, side.rawValue, "--runs", String(runs),
        ])
        sides.append(try ScalingBenchmark.result(size: size, from: output))
      }
      return Result(
        size: size, fileBytes: fileBytes, catalog: sides[0], jsonSerialization: sides[1],
        python: python(meals, runs: runs))
    }
  }

  /// The child's work: loads `folder` `runs` times after one warm-up, as `side` does it.
  static func child(folder: String, side: String, measure: Measure) async throws -> String {
    guard let side = Side(rawValue: side) else {
      throw BenchmarkFailure("\(childArgument) takes catalog or jsonserialization")
    }
    var random = SeededGenerator(seed: 1)
    // One-time set-up (Foundation's tables for folding and trimming, the allocator's first
    // arenas) is paid on the embedded catalog first, so that the peak above the baseline is
    // what the catalog itself takes.
    let embedded = try Catalog.embedded()
    let embeddedData = embedded.answer(
      APIRequest(path: "search.php", query: [URLQueryItem(name: "s", value: "")]),
      random: &random
    ).body
    _ = try JSONSerialization.jsonObject(with: embeddedData)
    // The embedded catalog's names all sort without Foundation, so its folding and decomposition
    // are set up here, as the generated names beyond Latin need them.
    _ =
      "Μουσακάс Ōsaka".folding(options: .caseInsensitive, locale: nil)
      .decomposedStringWithCanonicalMapping
    let baseline = Machine.peakMemoryKiB() ?? 0
    let url = URL(fileURLWithPath: folder)
    var count = 0
    let time: Duration
    var floor: Duration?
    switch side {
    case .catalog:
      // Only the load is timed: each catalog is let go after the clock stops.
      var times: [Duration] = []
      var kept: Catalog?
      for run in 0...measure.runs {
        kept = nil
        let start = ContinuousClock.now
        kept = try await Catalog.load(directory: folder)
        if run > 0 { times.append(.now - start) }
      }
      count = kept?.records.count ?? 0
      time = Measure.median(times)
      let meals = url.appendingPathComponent(Catalog.mealsFile).path
      floor = try measure.median { _ = try onePass(over: meals) }
    case .jsonSerialization:
      time = try measure.median(batch: 1) {
        let data = try Data(contentsOf: url.appendingPathComponent(Catalog.mealsFile))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        count = (object?["meals"] as? [Any])?.count ?? 0
      }
    }
    guard count > 0 else { throw BenchmarkFailure("\(folder) loaded no meals") }
    return ScalingBenchmark.resultLine(
      time: time, peak: Machine.peakMemoryKiB() ?? 0, baseline: baseline, floor: floor)
  }

  /// One pass over the file at `path`: its bytes read with `read(2)` into fresh memory, the
  /// least a loader does with them. Returns how many were read.
  static func onePass(over path: String) throws -> Int {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw BenchmarkFailure("cannot open \(path)") }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, let buffer = malloc(Int(info.st_size) + 1) else {
      throw BenchmarkFailure("cannot size \(path)")
    }
    defer { free(buffer) }
    var filled = 0
    while true {
      let count = read(file, buffer + filled, Int(info.st_size) + 1 - filled)
      guard count > 0 else { break }
      filled += count
    }
    return filled
  }

  /// A whole `rezepte run --list` over the largest catalog (start, load, parse one file, exit)
  /// against CPython loading the same `meals.json` with `json.load`, both as processes, in turn:
  /// their median processor times (user and system), or `nil` without `python3` or `rezepte`.
  static func wholeRun(root: URL, runs: Int) throws -> (rezepte: Duration, python: Duration)? {
    let rezepte = StartupBenchmark.sibling("rezepte")
    guard
      let python = try? Child.output(of: ["which", "python3"]).trimmingCharacters(
        in: .whitespacesAndNewlines),
      !python.isEmpty, FileManager.default.isExecutableFile(atPath: rezepte)
    else { return nil }
    let folder = try folder(size: sizes.last!)
    let scenario = root.appendingPathComponent(StartupBenchmark.scenario).path
    let commands = [
      [rezepte, "run", CommandLineOptions.RunOptions.list.name]
        + CommandLineOptions.catalog.words(folder.path) + [scenario],
      [
        python, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))",
        folder.appendingPathComponent(Catalog.mealsFile).path,
      ],
    ]
    var times = Array(repeating: [Duration](), count: commands.count)
    for round in 0...runs {
      for (index, command) in commands.enumerated() {
        let before = Machine.childrenProcessorTime()
        let status = try Child.spawn(command)
        guard status == 0 else {
          throw BenchmarkFailure("`\(command.joined(separator: " "))` exits with \(status)")
        }
        if round > 0 { times[index].append(Machine.childrenProcessorTime() - before) }
      }
    }
    return (Measure.median(times[0]), Measure.median(times[1]))
  }

  /// CPython's `json.load` of the same file: median seconds and peak memory.
  static func python(_ path: String, runs: Int) -> (time: Duration, peakKiB: Int)? {
    guard Child.isInstalled("python3") else { return nil }
    let script = """
      import json, resource, statistics, sys, time
      times = []
      for _ in range(\(runs) + 1):
          start = time.perf_counter()
          with open(sys.argv[1], "rb") as f:
              meals = json.load(f)["meals"]
          times.append(time.perf_counter() - start)
          del meals
      print(int(statistics.median(times[1:]) * 1e9),
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
      """
    guard let output = try? Child.output(of: ["python3", "-c", script, path]) else { return nil }
    let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 2 else { return nil }
    return (.nanoseconds(numbers[0]), numbers[1])
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
