import CommandLineKit
import Foundation
import MealCatalog
import ReplayCommands

/// Runs every benchmark and lays the figures out as a Markdown table with the machine above it.
@MainActor
enum Report {
  /// One line of the table.
  struct Row {
    var benchmark: String
    var median: String
    var figure: String = ""
    var goal: String = ""
  }

  static func make(root: URL, measure: Measure) async throws -> [String] {
    let clock = ContinuousClock()
    let started = clock.now
    var rows: [Row] = []
    rows += try await replay(root: root, measure: measure)
    rows += try loading(root: root, measure: measure)
    rows += try scaling(measure: measure)
    rows += try renderVersusDump(measure: measure)
    rows += try decodeVersusParse(measure: measure)
    rows += try await typing()
    rows += try await LongTypingBenchmark.rows(measure: measure)
    rows += try startup(root: root, measure: measure)
    rows += try await StoryboardBenchmark.rows(root: root, measure: measure)
    rows += try await ExploreBenchmark.rows(measure: measure)

    var lines = [
      "Machine: \(Machine.processors); \(Machine.system); \(Machine.swiftVersion)",
      "Build: \(Machine.build). Each figure is the median of \(measure.runs) timed runs after "
        + "one warm-up run; the two sides of a comparison are timed alternately in the same rounds.",
      "",
      "| Benchmark | Median | Derived | Goal |",
      "|---|--:|---|---|",
    ]
    for row in rows {
      lines.append("| \(row.benchmark) | \(row.median) | \(row.figure) | \(row.goal) |")
    }
    lines += [
      "",
      "Simulated time is the sum of the suite's `wait` steps (network delays pass only while one "
        + "runs). The catalog loads are whole processes, `rezepte` and `python3` in turn, in "
        + "\(min(measure.runs, 5)) rounds after one warm-up round, and their peak memory is "
        + "`ru_maxrss`. The scaling sizes run in turn, in "
        + "\(ScalingBenchmark.rounds) child processes each (at most 3 timed runs each for 100,000 "
        + "meals); peak memory there is `VmHWM`, and each figure is the median over a size's "
        + "children. At 300 ms per key the "
        + "space leaves the trimmed query unchanged and restarts no pause, so \"Spaghetti\" waits "
        + "600 ms and is searched once before \"Spaghetti Bolognese\": one request is the fewest "
        + "only if a blank keystroke restarted the pause, which the app deliberately does not do.",
      "",
      "The bench took \((clock.now - started).formatted).",
    ]
    return lines
  }

  /// `met` or `MISSED`, after the goal.
  static func verdict(_ goal: String, _ met: Bool) -> String {
    "\(goal): " + (met ? "met" : "**missed**")
  }

  // MARK: - Rows

  static func replay(root: URL, measure: Measure) async throws -> [Row] {
    let folder = root.appendingPathComponent("Scenarios").path
    let result = try await ReplayBenchmark.run(folder: folder, measure: measure)
    let stepsPerSecond = Double(result.steps) / result.wall.seconds
    let speedUp = result.simulated.seconds / result.wall.seconds
    return [
      Row(
        benchmark: "1 Replay `Scenarios/`: \(result.scenarios) files, \(result.steps) steps "
          + "(read, parse, replay, report discarded)",
        median: result.wall.formatted,
        figure: "\(Format.grouped(Int(stepsPerSecond))) steps/s; simulated "
          + "\(result.simulated.formatted) = \(Format.ratio(speedUp)) wall time",
        goal: verdict("< 0.5 s", result.wall < .milliseconds(500))),
      Row(
        benchmark: "1 Thread hops: voluntary context switches (`ru_nvcsw`) in one replay",
        median: Format.grouped(result.contextSwitches),
        figure: Format.number(Double(result.contextSwitches) / Double(result.scenarios), digits: 1)
          + " per scenario, "
          + Format.number(Double(result.contextSwitches) / Double(result.steps), digits: 2)
          + " per step",
        goal: verdict(
          "a handful per scenario (≤ 10)", result.contextSwitches <= 10 * result.scenarios)),
      Row(
        benchmark: "1 Load the embedded catalog (once per `rezepte run`, not in the replay)",
        median: result.catalogLoad.formatted),
    ]
  }

  static func loading(root: URL, measure: Measure) throws -> [Row] {
    let results = try LoadingBenchmark.run(root: root, runs: min(measure.runs, 5))
    guard !results.isEmpty else {
      return [
        Row(
          benchmark: "2 Load a catalog", median: "n/a",
          figure: "`python3` is not installed, or `rezepte` is not built next to the bench: "
            + "`swift build -c release` first")
      ]
    }
    var rows: [Row] = []
    for result in results {
      let ratio = result.rezepte.seconds / result.python.seconds
      let memory = Double(result.peakKiB) * 1024 / Double(max(1, result.fileBytes))
      let isLarge = result.size >= 100_000
      rows.append(
        Row(
          benchmark: "2 `rezepte run \(CommandLineOptions.RunOptions.list) "
            + "\(CommandLineOptions.catalog)` over \(Format.grouped(result.size)) meals "
            + "\(result.writer.rawValue) (\(megabytes(result.fileBytes))) as a process, "
            + "processor time, against `python3` loading the same `meals.json` with `json.load`",
          median: result.rezepte.formatted,
          figure: "CPython \(result.python.formatted); ratio \(Format.ratio(ratio)); peak memory "
            + "\(mebibytes(result.peakKiB)) = \(Format.ratio(memory)) the file",
          goal: verdict("≤ 1.0× CPython", ratio <= 1)
            + (isLarge ? "; " + verdict("≤ 3× the file", memory <= 3) : "")))
    }
    let large = results.filter { $0.size == LoadingBenchmark.sizes.last }
    if large.count == 2 {
      let ratio = large[1].rezepte.seconds / large[0].rezepte.seconds
      rows.append(
        Row(
          benchmark: "2 Ratio \(Format.grouped(large[0].size)) meals \(large[1].writer.rawValue) "
            + "/ \(large[0].writer.rawValue), processor time",
          median: Format.ratio(ratio), goal: verdict("≤ 1.2×", ratio <= 1.2)))
    }
    return rows
  }

  static func scaling(measure: Measure) throws -> [Row] {
    try ScalingBenchmark.run(runs: measure.runs).map { result in
      Row(
        benchmark: "2 Scaling: launch + render + `expect visible`, "
          + "\(Format.grouped(result.size)) meals in one category, mixed scripts",
        median: result.time.formatted,
        figure: (result.cpu.map { "processor time \($0.formatted); " } ?? "")
          + "peak memory \(mebibytes(result.peakKiB)) "
          + "(\(mebibytes(result.baselineKiB)) before the catalog is built)")
    }
  }

  static func renderVersusDump(measure: Measure) throws -> [Row] {
    let state = try RenderBenchmark.state()
    var renderedBytes = 0
    var dumpedBytes = 0
    let (render, dump) = measure.sideBySide(
      { renderedBytes = RenderBenchmark.render(state).utf8.count },
      { dumpedBytes = RenderBenchmark.dumped(state).utf8.count })
    let ratio = render.seconds / dump.seconds
    let rows = Format.grouped(RenderBenchmark.rowCount)
    return [
      Row(
        benchmark: "3 Render the list of \(rows) rows (build nodes + `TextRenderer`)",
        median: render.formatted, figure: "\(kilobytes(renderedBytes)) of text"),
      Row(
        benchmark: "3 `dump()` of the same `MealListState` into a String",
        median: dump.formatted, figure: "\(kilobytes(dumpedBytes)) of text"),
      Row(
        benchmark: "3 Ratio render / dump", median: Format.ratio(ratio),
        goal: verdict("< 1× (render faster)", ratio < 1)),
    ]
  }

  static func decodeVersusParse(measure: Measure) throws -> [Row] {
    let body = try DecodeBenchmark.answer()
    var counts = (decoded: 0, parsed: 0)
    let (decode, parse) = try measure.sideBySide(
      batch: 20,
      { counts.decoded = try DecodeBenchmark.decode(body) },
      { counts.parsed = try DecodeBenchmark.parse(body) })
    guard counts.decoded == DecodeBenchmark.recordCount, counts.parsed == counts.decoded else {
      throw BenchmarkFailure("decoded \(counts.decoded) and parsed \(counts.parsed) records")
    }
    let ratio = decode.seconds / parse.seconds
    let records = DecodeBenchmark.recordCount
    return [
      Row(
        benchmark: "4 Decode a `search.php` answer of \(records) full records "
          + "(`MealsResponse<MealDetail>`, by `AnswerReader` as `MealAPI` reads it)",
        median: decode.formatted, figure: "\(kilobytes(body.count)) of JSON, 20 per round"),
      Row(
        benchmark: "4 `JSONSerialization.jsonObject` of the same bytes", median: parse.formatted),
      Row(
        benchmark: "4 Ratio decode / parse", median: Format.ratio(ratio),
        goal: verdict("≤ 1.5×", ratio <= 1.5)),
    ]
  }

  static func typing() async throws -> [Row] {
    let catalog = try Catalog.embedded()
    let keys = TypingBenchmark.text.count
    var rows: [Row] = []
    for interval in TypingBenchmark.intervals {
      let sent = try await TypingBenchmark.requests(interval: interval, catalog: catalog)
      let fewest = interval < .milliseconds(400) ? 1 : TypingBenchmark.queryChangingKeys
      rows.append(
        Row(
          benchmark: "5 Type \"\(TypingBenchmark.text)\" (\(keys) keys) at "
            + "\(interval.formatted) per key, virtual clock",
          median: sent.count == 1 ? "1 request" : "\(sent.count) requests",
          figure: "\(keys - sent.count) of \(keys) saved; fewest possible \(fewest)"
            + (sent.count == fewest ? "" : " (see below)") + "; last: "
            + (sent.last.map { "`\($0)`" } ?? "none"),
          goal: ""))
    }
    return rows
  }

  static func startup(root: URL, measure: Measure) throws -> [Row] {
    guard let result = try StartupBenchmark.run(root: root, measure: measure) else {
      return [
        Row(
          benchmark: "6 Start-up", median: "n/a",
          figure: "`rezepte` or `startup-baseline` is not built next to the bench: "
            + "`swift build -c release` first")
      ]
    }
    let help = result.help.seconds / result.baseline.seconds
    let scenario = result.scenario.seconds / result.baseline.seconds
    return [
      Row(
        benchmark: "6 Start-up: `startup-baseline` (only imports Foundation) as a process",
        median: result.baseline.formatted, figure: result.method),
      Row(
        benchmark: "6 Start-up: `rezepte \(Program.helpFlag)` as a process",
        median: result.help.formatted,
        figure: "\(Format.ratio(help)) the baseline",
        goal: verdict("≤ 2.5× the baseline", help <= 2.5)),
      Row(
        benchmark: "6 Start-up: `rezepte run \(StartupBenchmark.scenario)` as a process",
        median: result.scenario.formatted, figure: "\(Format.ratio(scenario)) the baseline",
        goal: verdict("≤ 1.5× the baseline", scenario <= 1.5)),
    ]
  }

  // MARK: - Units

  static func mebibytes(_ kibibytes: Int) -> String {
    Format.number(Double(kibibytes) / 1024, digits: 1) + " MiB"
  }

  static func megabytes(_ bytes: Int) -> String {
    Format.number(Double(bytes) / 1_000_000, digits: 1) + " MB"
  }

  static func kilobytes(_ bytes: Int) -> String {
    Format.number(Double(bytes) / 1000, digits: 0) + " kB"
  }
}
