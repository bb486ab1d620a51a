import CommandLineKit
import FileSafety
import Foundation
import Scenarios
import Spelling

/// `rezepte storyboard [PATH…] [--out DIR] [--catalog DIR]` without the process around it:
/// replays the scenarios like `run` and writes one HTML page per scenario and an `index.html`.
@MainActor
public struct StoryboardCommand {
  /// The options of `storyboard`.
  public struct Options: Equatable, Sendable {
    public static let out: Option<String> = .outputFolder(
      help: "The folder for the pages (default: storyboard); other files in it stay.")

    /// Files and folders; `Scenarios` when none are given.
    public var paths: [String] = ["Scenarios"]
    /// The folder the pages go to; made when missing, other files in it are kept.
    public var out = "storyboard"
    public var catalog: String?

    public init() {}

    /// The options of one invocation; the parser has checked their spelling.
    init(_ invocation: Invocation) {
      if !invocation.arguments.isEmpty { paths = invocation.arguments }
      if let out = invocation[Self.out] { self.out = out }
      catalog = invocation[CommandLineOptions.catalog]
    }
  }

  /// Reads the arguments after `storyboard`, as the shared parser reads them.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try Options(ScenarioCommands.storyboard.parse(arguments, console: .standard))
  }

  /// What `rezepte help storyboard` says after the usage.
  nonisolated static let discussion = """
    Each page shows, step by step, the scenario's comments, the step, the simulated time, the \
    requests it sent and the screen drawn as a phone, with what changed highlighted; a failed \
    step is shown in red with its diff. index.html lists the scenarios with passed or failed. \
    The pages load nothing from the network and need no JavaScript.
    Exit status: 0 when every scenario passed, 1 when one failed (its page shows where), 2 for \
    a bad argument or file, or a page that cannot be written.
    """

  /// Names the files are checked against.
  public var context: ScenarioContext
  /// A new app for each scenario.
  public var makeDriver: () -> AppDriver
  /// Whether the report is coloured (see `ColorPolicy`).
  public var useColor: Bool
  public var output: (String) -> Void
  public var errorOutput: (String) -> Void
  public var now: () -> Duration

  public init(
    context: ScenarioContext, makeDriver: @escaping () -> AppDriver, useColor: Bool,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    now: @escaping () -> Duration = ScenarioRunner.wallClock()
  ) {
    self.context = context
    self.makeDriver = makeDriver
    self.useColor = useColor
    self.output = output
    self.errorOutput = errorOutput
    self.now = now
  }

  /// Replays every scenario at `options.paths`, prints the report as `run` does, and writes the
  /// pages, each file atomically. Nothing is written when a file does not parse, `--out` is not
  /// a folder, or a page cannot be written.
  public func run(_ options: Options) async -> ExitCode {
    let (entries, missing) = ScenarioFiles.collectEntries(options.paths)
    let (scenarios, diagnostics) = ScenarioFiles.load(entries.map(\.file), context: context)
    guard missing.isEmpty, diagnostics.isEmpty else {
      for diagnostic in missing + diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    guard !scenarios.isEmpty else {
      let paths = options.paths.joined(separator: ", ")
      errorOutput(Console.errorLine("there are no .scenario files in \(paths)"))
      return .badInput
    }
    do {
      // Checked here too: the default folder is not on the command line.
      _ = try Options.out.read(options.out)
    } catch {
      errorOutput(Console.errorLine(error.message))
      return .badInput
    }
    let folder = URL(fileURLWithPath: options.out)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      errorOutput(
        Console.errorLine(
          "\(Options.out) \(options.out): the folder cannot be made (\(Self.reason(error)))"))
      return .badInput
    }
    var pageNames = StoryboardPageNames()
    let pages = scenarios.map { pageNames.name(for: $0.name) }
    // Every page is checked before anything replays, so that a page that cannot be written
    // stops the run before the others are replaced.
    let unwritable = (pages + ["index.html"]).compactMap { page -> Diagnostic? in
      do throws(FileWriteError) {
        try AtomicFile.checkWritable(folder.appendingPathComponent(page).path)
        return nil
      } catch {
        return Self.pageError(error)
      }
    }
    guard unwritable.isEmpty else {
      for diagnostic in unwritable { errorOutput(diagnostic.description) }
      return .badInput
    }

    let collector = StoryboardCollector(runner: ScenarioRunner(now: now))
    let report = Report(useColor: useColor)
    var results: [ScenarioResult] = []
    var written: [(storyboard: Storyboard, page: String)] = []
    for (scenario, page) in zip(scenarios, pages) {
      let (storyboard, result) = await collector.collect(scenario, on: makeDriver())
      results.append(result)
      for line in report.lines(for: result) { output(line) }
      written.append((storyboard, page))
    }
    let index = ("index.html", Storyboard.indexHTML(written))
    for (page, html) in written.map({ ($0.page, $0.storyboard.html()) }) + [index] {
      do {
        try AtomicFile.write(Data(html.utf8), to: folder.appendingPathComponent(page).path)
      } catch {
        errorOutput(Self.pageError(error).description)
        return .badInput
      }
    }
    output(report.summary(results))
    let count = written.count == 1 ? "1 page" : "\(written.count) pages"
    output("storyboard: \(count) and index.html in \(Quoting.visible(options.out))")
    return ExitCode(results)
  }

  private static func pageError(_ error: FileWriteError) -> Diagnostic {
    Diagnostic(file: error.path, line: nil, message: "cannot write the page: \(error.reason)")
  }

  /// The system's reason behind a failed `createDirectory`, without Foundation's error codes.
  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    return error.localizedDescription
  }
}

/// Unique, safe file names for the pages: the scenario's file name with anything but letters,
/// digits, `-`, `_` and `.` turned into `_`, numbered when two scenarios share a name, and never
/// `index.html`.
struct StoryboardPageNames {
  private var used: Set<String> = ["index"]

  mutating func name(for scenarioName: String) -> String {
    let safe = String(
      scenarioName.map {
        $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_"
      })
    var base = safe.isEmpty || safe.hasPrefix(".") ? "scenario" + safe : safe
    if used.contains(base.lowercased()) {
      var number = 2
      while used.contains("\(base)-\(number)".lowercased()) { number += 1 }
      base = "\(base)-\(number)"
    }
    used.insert(base.lowercased())
    return base + ".html"
  }
}
