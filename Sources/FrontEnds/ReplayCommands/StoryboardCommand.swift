import CommandLineKit
import FileSafety
import Foundation
import Scenarios
import Spelling

extension ScenarioCommand {
  /// `rezepte storyboard`: replays every scenario at `paths`, prints the report as `run` does,
  /// and writes one page per scenario and an `index.html` into the folder `out`, all of them
  /// replaced together. Nothing is written when a file does not parse, `out` is not a folder,
  /// or a page cannot be written.
  func storyboard(_ paths: [String], out: String) async -> ExitCode {
    let (entries, missing) = ScenarioFiles.collectEntries(paths)
    let (scenarios, diagnostics) = ScenarioFiles.load(entries.map(\.file), context: context)
    guard noneOf(missing + diagnostics) else { return .badInput }
    guard !scenarios.isEmpty else {
      return badInput("there are no .scenario files in \(paths.joined(separator: ", "))")
    }
    let folder = URL(fileURLWithPath: out)
    do {
      // Checked here too: the default folder is not on the command line.
      _ = try ScenarioCommands.StoryboardOptions().$out.read(out)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch let error as UsageError {
      return badInput(error.message)
    } catch {
      return badInput(
        "\(ScenarioCommands.StoryboardOptions().$out) \(out): the folder cannot be made (\(Self.reason(error)))"
      )
    }
    let pages = Self.pageNames(scenarios.map(\.name)) + ["index.html"]
    // Every page is checked before anything replays, so that a page that cannot be written
    // stops the run before the others are replaced.
    let paths = pages.map { folder.appendingPathComponent($0).path }
    guard noneOf(Self.unwritable(paths, "cannot write the page")) else { return .badInput }

    let runner = ScenarioRunner(now: now)
    let report = Report(useColor: useColor)
    var storyboards: [Storyboard] = []
    for scenario in scenarios {
      let storyboard = await runner.storyboard(scenario, on: makeDriver())
      for line in report.lines(for: storyboard.result) { output(line) }
      storyboards.append(storyboard)
    }
    let html = storyboards.map { $0.html() } + [Storyboard.indexHTML(storyboards, pages: pages)]
    do throws(FileWriteError) {
      try AtomicFile.write(zip(html, paths).map { (Data($0), $1) })
    } catch {
      errorOutput(Self.fileError(error, "cannot write the page").description)
      return .badInput
    }
    output(report.summary(storyboards.map(\.result)))
    let count = storyboards.count == 1 ? "1 page" : "\(storyboards.count) pages"
    output("storyboard: \(count) and index.html in \(Quoting.visible(out))")
    return ExitCode(storyboards.map(\.result))
  }

  /// The system's reason behind a failed `createDirectory`, without Foundation's error codes.
  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    return error.localizedDescription
  }

  /// Unique, safe file names for the pages of the scenarios named `names`: each name with
  /// anything but letters, digits, `-`, `_` and `.` turned into `_`, numbered when two scenarios
  /// share a name, and never `index.html`.
  static func pageNames(_ names: [String]) -> [String] {
    var used: Set<String> = ["index"]
    return names.map { name in
      let safe = String(
        name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
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
}
