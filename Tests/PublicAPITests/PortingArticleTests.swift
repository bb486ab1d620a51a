import Foundation
import Testing

/// The app of the Porting article compiles as written: its ```` ```swift ```` blocks, in order,
/// are one file of an app, type-checked against this build's modules and against SwiftUI's
/// declarations.
///
/// SwiftPM compiles only the files of a target, so the test runs the compiler itself, as a
/// porter's Xcode would: it writes the blocks, untouched, into one file of a scratch folder,
/// compiles `SwiftUI/SwiftUI.swift` (the declarations the app uses, with SwiftUI's signatures,
/// in no target of the package) as the module `SwiftUI` there, and type-checks the file against
/// both with `swiftc`, in Swift 6 with warnings as errors. No copy of the article is kept, and no
/// build plugin is needed; it costs two runs of the compiler, a few seconds, which the tests wait
/// for without holding a thread of the pool the other tests run on.
@Suite(.serialized) struct PortingArticleTests {
  /// The article, from the package's folder.
  static let article = "Sources/App/ViewModels/ViewModels.docc/PortingToSwiftUI.md"

  @Test("The Porting article's Swift blocks, as written, compile as one app against SwiftUI")
  func articleCompiles() async throws {
    let code = try Self.articleCode()
    #expect(code.contains("@main\nstruct"))
    let result = try await Self.typecheck(code)
    #expect(result.status == 0, "the article's app does not compile:\n\(result.output)")
  }

  @Test(
    "The article's app sets each accessibility modifier its table maps a node's attribute to",
    arguments: [
      ".accessibilityLabel(", ".accessibilityValue(", ".accessibilityHint(",
      ".accessibilityAddTraits(.isHeader)", ".isSelected : []", ".accessibilityHidden(true)",
      ".accessibilityElement(children: .combine)", ".accessibilityIdentifier(",
      "AccessibilityNotification.Announcement(",
    ])
  func accessibilityModifiers(modifier: String) throws {
    #expect(try Self.articleCode().contains(modifier))
  }

  @Test("The article's app types no text of its own: what it shows and speaks comes from AppText")
  func noTypedTexts() throws {
    #expect(try !Self.articleCode().contains("\""))
  }

  @Test("The SwiftUI stand-in refuses what SwiftUI refuses: a path of a set is no stack's path")
  func standInIsStrict() async throws {
    let result = try await Self.typecheck(
      """
      import SwiftUI

      struct SetPath: View {
        @State private var path: Set<Int> = []

        var body: some View {
          NavigationStack(path: $path) { Text("Kategorien") }
        }
      }
      """)
    #expect(result.status != 0)
    #expect(result.output.contains("NavigationStack"), "\(result.output)")
  }

  // MARK: - Compiling

  /// The Swift code of the article, read from the package's folder.
  static func articleCode() throws -> String {
    try swiftCode(
      of: String(
        contentsOf: SnippetTests.root.appendingPathComponent(article), encoding: .utf8))
  }

  /// The text of every ```` ```swift ```` block of `markdown`, as written, in order.
  static func swiftCode(of markdown: String) -> String {
    var code: [Substring] = []
    var inBlock = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if inBlock { code.append("") }
        inBlock = !inBlock && line == "```swift"
      } else if inBlock {
        code.append(line)
      }
    }
    return code.joined(separator: "\n")
  }

  /// `swiftc -typecheck` of `code` as the one file of an app, with the stand-in module
  /// `SwiftUI` and this build's modules; the compiler's status and output.
  static func typecheck(_ code: String) async throws -> (status: Int32, output: String) {
    let modules = try #require(
      modulesFolder(), "no folder beside the test binary holds this build's ViewModels.swiftmodule")
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-porting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let app = scratch.appendingPathComponent("RezepteApp.swift")
    try Data(code.utf8).write(to: app)
    let standIn = SnippetTests.root.appendingPathComponent(
      "Tests/PublicAPITests/SwiftUI/SwiftUI.swift")
    let common = ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors"]
    let module = try await swiftc(
      common + [
        "-emit-module", "-module-name", "SwiftUI", "-emit-module-path",
        scratch.appendingPathComponent("SwiftUI.swiftmodule").path, standIn.path,
      ])
    guard module.status == 0 else {
      return (module.status, "the stand-in module SwiftUI does not compile:\n" + module.output)
    }
    return try await swiftc(
      common + ["-typecheck", "-I", scratch.path, "-I", modules.path, app.path])
  }

  /// The folder of this build's `.swiftmodule`s: beside the test binary (`Modules` under a
  /// build folder such as `.build/debug`).
  static func modulesFolder() -> URL? {
    let binaries = [Bundle.main.executableURL] + Bundle.allBundles.map(\.bundleURL)
    for folder in binaries.compactMap({ $0?.deletingLastPathComponent() }) {
      for candidate in [folder.appendingPathComponent("Modules"), folder] {
        let module = candidate.appendingPathComponent("ViewModels.swiftmodule")
        if FileManager.default.fileExists(atPath: module.path) { return candidate }
      }
    }
    return nil
  }

  /// Runs the toolchain's `swiftc` (the one on `PATH`, as `swift` is) with `arguments`; its
  /// output goes to a file, and its end is awaited, not waited for on a thread.
  static func swiftc(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-swiftc-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    try Data().write(to: log)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    process.standardOutput = handle
    process.standardError = handle
    let status = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
      }
    }
    return (status, String(decoding: try Data(contentsOf: log), as: UTF8.self))
  }
}
