import Foundation
import MealCatalog
import Scenarios
import Spelling

/// A scenario file of the package under test, one case of a test with arguments: each file a
/// test case, named by its path from the package's root (the Testing in Swift article).
public struct ScenarioFile: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The file's path from the package's root, as `rezepte run` run there names it:
  /// `Scenarios/02-suche.scenario`.
  public let path: String
  /// Where the file is.
  public let absolutePath: String

  public var description: String { path }

  /// Every `*.scenario` file in `folder` and the folders in it, sorted by path. `folder` is
  /// relative to the root of the package whose test calls this (the nearest folder above the
  /// test's file that holds a `Package.swift`), whatever the working directory.
  ///
  /// - Throws: a `Diagnostic` when the folder cannot be read or holds no scenario file.
  public static func all(
    in folder: String, filePath: StaticString = #filePath
  ) throws -> [ScenarioFile] {
    let site = CallSite(fileID: "", filePath: "\(filePath)", line: 1, column: 1)
    let root = site.packageRoot ?? FileManager.default.currentDirectoryPath
    let (entries, problems) = ScenarioFiles.collectEntries([root + "/" + folder])
    if let problem = problems.first { throw problem }
    guard !entries.isEmpty else {
      throw Diagnostic(file: folder, line: nil, message: "there are no .scenario files in it")
    }
    return entries.map { ScenarioFile(path: folder + "/" + $0.key, absolutePath: $0.file) }
  }
}

/// Replays `file` as `rezepte run` does, on the embedded catalog, and records each problem of
/// the file and its failed step as a failure at its line in the scenario file, with the message
/// `rezepte run` prints (`Scenarios/02-suche.scenario:12: failed: expect visible "Lasagne"`).
@MainActor
public func expectScenario(_ file: ScenarioFile) async {
  func fail(_ message: String, line: Int?) {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
      Quoting.visible(String($0))
    }
    let site = CallSite(fileID: file.path, filePath: file.absolutePath, line: line ?? 1, column: 1)
    FailureReporter.fail(lines.joined(separator: "\n"), at: site)
  }
  guard let catalog = try? Catalog.embedded() else {
    return fail("the embedded catalog cannot be loaded", line: nil)
  }
  do throws(Diagnostic) {
    let text = try ScenarioFiles.read(file.absolutePath).get()
    switch ScenarioParser.parse(text, file: file.path, context: ScenarioContext(catalog: catalog)) {
    case .failure(let problems):
      for problem in problems.all { fail(problem.description, line: problem.line) }
    case .success(let scenario):
      let result = await ScenarioRunner().run(scenario, on: AppDriver(catalog: catalog))
      if let failure = result.failure { fail(failure.description, line: failure.line) }
    }
  } catch {
    fail(error.description, line: error.line)
  }
}
