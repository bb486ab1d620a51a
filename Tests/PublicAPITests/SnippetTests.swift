import Foundation
import Testing

/// Every ```` ```swift ```` block of the README, of the DocC articles and of the doc comments in
/// `Sources` is compiled:
/// it stands word for word (white space aside) in a file of this test target, in the Porting
/// article's app (which `PortingArticleTests` compiles, with the article's own blocks), or, for
/// a quote of the package's own code, in `Sources`. Blocks of other languages (```` ```sh ````, a
/// plain ```` ``` ```` for a text tree) are fragments that are not Swift.
@Suite struct SnippetTests {
  /// The package's folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// One fenced block.
  struct Snippet: CustomStringConvertible {
    let file: String
    let line: Int
    let lines: [String]

    var description: String { "\(file):\(line)" }
  }

  @Test("Every Swift snippet of the README and the doc comments is compiled in a test")
  func snippetsAreCompiled() throws {
    // The consumer package's manifest is the README's: `.ci/consumer` builds it.
    let porting = try String(
      contentsOf: Self.root.appendingPathComponent(PortingArticleTests.article), encoding: .utf8)
    let tests =
      try (Self.swiftFiles(in: "Tests/PublicAPITests") + [Self.consumerManifest()])
      .map { Self.normalized($0) } + [Self.normalized(PortingArticleTests.swiftCode(of: porting))]
    let sources = try Self.swiftFiles(in: "Sources").map { text in
      Self.normalized(text).filter { !$0.hasPrefix("///") }
    }
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    var snippets = Self.snippets(in: readme, file: "README.md", prefix: "")
    for (path, text) in try Self.swiftFiles(in: "Sources", withPaths: true) {
      snippets += Self.snippets(in: text, file: path, prefix: "///")
    }
    for (path, text) in try Self.articles() where path != PortingArticleTests.article {
      snippets += Self.snippets(in: text, file: path, prefix: "")
    }
    #expect(snippets.count >= 10)
    for snippet in snippets {
      let found =
        tests.contains { Self.contains($0, snippet.lines) }
        || sources.contains { Self.contains($0, snippet.lines) }
      #expect(
        found,
        "\(snippet): this Swift snippet is in no file of Tests/PublicAPITests; copy it into a test there (or mark a fragment that is not Swift with another language):\n\(snippet.lines.joined(separator: "\n"))"
      )
    }
  }

  /// The articles of the DocC catalogs, `Sources/<Layer>/<Module>/<Module>.docc/*.md`, with
  /// their paths.
  static func articles() throws -> [(String, String)] {
    var articles: [(String, String)] = []
    for layer in entries(of: "Sources") {
      for module in entries(of: "Sources/\(layer)") {
        let catalog = "Sources/\(layer)/\(module)/\(module).docc"
        for name in entries(of: catalog) where name.hasSuffix(".md") {
          let url = root.appendingPathComponent("\(catalog)/\(name)")
          articles.append(("\(catalog)/\(name)", try String(contentsOf: url, encoding: .utf8)))
        }
      }
    }
    return articles
  }

  /// The names in the package's folder `path`, sorted; none when it is not a folder.
  static func entries(of path: String) -> [String] {
    let url = root.appendingPathComponent(path)
    return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  // MARK: - Reading

  /// The ```` ```swift ```` blocks of `text`, whose lines start with `prefix` (`///` in a doc
  /// comment).
  static func snippets(in text: String, file: String, prefix: String) -> [Snippet] {
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix(prefix) else {
        current = nil
        continue
      }
      let line = trimmed.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
      if current == nil {
        if line == "```swift" { current = (index + 1, []) }
      } else if line.hasPrefix("```") {
        snippets.append(Snippet(file: file, line: current!.line, lines: normalized(current!.lines)))
        current = nil
      } else {
        current?.lines.append(String(raw.drop { $0 == " " }.dropFirst(prefix.count)))
      }
    }
    return snippets
  }

  /// The lines that count: trimmed, runs of spaces made one, blank lines and an app's `@main`
  /// (a test target has its own) left out.
  static func normalized(_ text: String) -> [String] {
    normalized(text.split(separator: "\n").map(String.init))
  }

  static func normalized(_ lines: [String]) -> [String] {
    lines.compactMap { line in
      var words = line.split(separator: " ").map(String.init)
      if words.first == "@main" { words.removeFirst() }
      return words.isEmpty ? nil : words.joined(separator: " ")
    }
  }

  /// Whether `lines` holds `snippet`: its header (the imports, a manifest's tools version)
  /// anywhere, the rest as one run.
  static func contains(_ lines: [String], _ snippet: [String]) -> Bool {
    func isHeader(_ line: String) -> Bool {
      line.hasPrefix("import ") || line.hasPrefix("// swift-tools-version")
    }
    let body = snippet.filter { !isHeader($0) }
    guard snippet.filter(isHeader).allSatisfy(lines.contains) else { return false }
    guard !body.isEmpty else { return true }
    guard body.count <= lines.count else { return false }
    return (0...(lines.count - body.count)).contains { start in
      lines[start..<start + body.count].elementsEqual(body)
    }
  }

  static func consumerManifest() throws -> String {
    try String(
      contentsOf: root.appendingPathComponent("Tests/ConsumerPackage/Package.swift"),
      encoding: .utf8)
  }

  static func swiftFiles(in folder: String) throws -> [String] {
    try swiftFiles(in: folder, withPaths: true).map(\.1)
  }

  static func swiftFiles(in folder: String, withPaths: Bool) throws -> [(String, String)] {
    let base = root.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
    return try (paths ?? []).filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (
        "\(folder)/\(path)",
        try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      )
    }
  }
}
