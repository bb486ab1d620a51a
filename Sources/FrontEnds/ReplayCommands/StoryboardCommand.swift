import CommandLineKit
import FileSafety
import Foundation
import Scenarios
import Spelling

extension ScenarioCommand {
  /// `rezepte storyboard`: replays every scenario at `paths`, prints the report as `run` does,
  /// and writes one page per scenario and an `index.html` into the folder `out`, each file
  /// atomically. Nothing is written when a file does not parse, `out` is not a folder, or a
  /// page cannot be written.
  func storyboard(_ paths: [String], out: String) async -> ExitCode {
    let (files, missing) = ScenarioFiles.collect(paths)
    let (scenarios, diagnostics) = ScenarioFiles.load(files, context: context)
    guard missing.isEmpty, diagnostics.isEmpty else {
      for diagnostic in missing + diagnostics { errorOutput(diagnostic.description) }
      return .badInput
    }
    guard !scenarios.isEmpty else {
      let paths = paths.joined(separator: ", ")
      errorOutput(Console.errorLine("there are no .scenario files in \(paths)"))
      return .badInput
    }
    let folder = URL(fileURLWithPath: out)
    do {
      // Checked here too: the default folder is not on the command line.
      _ = try ScenarioCommands.out.read(out)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch let error as UsageError {
      errorOutput(Console.errorLine(error.message))
      return .badInput
    } catch {
      errorOutput(
        Console.errorLine(
          "\(ScenarioCommands.out) \(out): the folder cannot be made (\(Self.reason(error)))"))
      return .badInput
    }
    var pageNames = StoryboardPageNames()
    let pages = scenarios.map { pageNames.name(for: $0.name) } + ["index.html"]
    // Every page is checked before anything replays, so that a page that cannot be written
    // stops the run before the others are replaced.
    let paths = pages.map { folder.appendingPathComponent($0).path }
    let unwritable = Self.unwritable(paths, "cannot write the page")
    guard unwritable.isEmpty else {
      for diagnostic in unwritable { errorOutput(diagnostic.description) }
      return .badInput
    }

    let runner = ScenarioRunner(now: now)
    let report = Report(useColor: useColor)
    var results: [ScenarioResult] = []
    var storyboards: [Storyboard] = []
    for scenario in scenarios {
      let (storyboard, result) = await runner.storyboard(scenario, on: makeDriver())
      results.append(result)
      for line in report.lines(for: result) { output(line) }
      storyboards.append(storyboard)
    }
    let html = storyboards.map { $0.html() } + [Storyboard.indexHTML(storyboards, pages: pages)]
    for (path, html) in zip(paths, html) {
      do throws(FileWriteError) {
        try AtomicFile.write(Data(html.utf8), to: path)
      } catch {
        errorOutput(Self.fileError(error, "cannot write the page").description)
        return .badInput
      }
    }
    output(report.summary(results))
    let count = storyboards.count == 1 ? "1 page" : "\(storyboards.count) pages"
    output("storyboard: \(count) and index.html in \(Quoting.visible(out))")
    return ExitCode(results)
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
