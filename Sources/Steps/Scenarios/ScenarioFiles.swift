import Foundation

/// Finding scenario files and reading them into scenarios.
public enum ScenarioFiles {
  /// The scenario files at `paths`: folders are searched for `*.scenario` files, sorted by name;
  /// files are taken as given. A path that does not exist is reported. Each file comes with the
  /// key `Shard` sorts it by, the same on every machine: its path in the folder it was found in,
  /// or its file name when given as a file.
  public static func collectEntries(
    _ paths: [String]
  ) -> (entries: [(file: String, key: String)], diagnostics: [Diagnostic]) {
    var entries: [(file: String, key: String)] = []
    var diagnostics: [Diagnostic] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        diagnostics.append(Diagnostic(file: path, line: nil, message: "no such file or folder"))
        continue
      }
      guard isDirectory.boolValue else {
        entries.append((path, path.split(separator: "/").last.map(String.init) ?? path))
        continue
      }
      guard let enumerator = manager.enumerator(atPath: path) else {
        diagnostics.append(Diagnostic(file: path, line: nil, message: "cannot read the folder"))
        continue
      }
      let found = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".scenario") }
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      entries += found.sorted().map { (folder + "/" + $0, $0) }
    }
    return (entries, diagnostics)
  }

  /// The text of a scenario file, or why it cannot be used: it cannot be read, or names the
  /// first line that is not valid UTF-8.
  public static func read(_ path: String) -> Result<String, Diagnostic> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Diagnostic(file: path, line: nil, message: "cannot read the file"))
    }
    if let text = String(validating: data, as: UTF8.self) { return .success(text) }
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
    return .failure(
      Diagnostic(file: path, line: bad + 1, message: "this line is not valid UTF-8 text"))
  }

  /// Reads and parses every file, collecting the problems of all of them.
  public static func load(
    _ files: [String], context: ScenarioContext, allowsEmptyScreens: Bool = false
  ) -> (scenarios: [Scenario], diagnostics: [Diagnostic]) {
    var scenarios: [Scenario] = []
    var diagnostics: [Diagnostic] = []
    for file in files {
      switch read(file) {
      case .failure(let diagnostic): diagnostics.append(diagnostic)
      case .success(let text):
        switch ScenarioParser.parse(
          text, file: file, context: context, allowsEmptyScreens: allowsEmptyScreens)
        {
        case .success(let scenario): scenarios.append(scenario)
        case .failure(let errors): diagnostics += errors.all
        }
      }
    }
    return (scenarios, diagnostics)
  }

  /// The scenarios whose file name or title contains `text`.
  public static func filter(_ scenarios: [Scenario], by text: String?) -> [Scenario] {
    guard let text, !text.isEmpty else { return scenarios }
    return scenarios.filter {
      let fileName = $0.file.split(separator: "/").last.map(String.init) ?? $0.file
      return fileName.localizedCaseInsensitiveContains(text)
        || $0.title.localizedCaseInsensitiveContains(text)
    }
  }
}
