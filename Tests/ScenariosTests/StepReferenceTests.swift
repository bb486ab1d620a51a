import FileSafety
import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios

/// The step reference of the scenario-language article is what `rezepte help run` prints.
@Suite struct StepReferenceTests {
  static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Steps/Scenarios/Scenarios.docc/ScenarioLanguage.md")

  /// The article with its reference block replaced by `reference`, and the block as it is.
  static func replacingReference(in text: String, with reference: String) throws -> (
    text: String, block: String
  ) {
    let heading = try #require(text.range(of: "\n## Step reference\n"))
    let open = try #require(text.range(of: "```text\n", range: heading.upperBound..<text.endIndex))
    let close = try #require(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex))
    let block = String(text[open.upperBound..<close.lowerBound])
    return (
      text.replacingCharacters(in: open.upperBound..<close.lowerBound, with: reference), block
    )
  }

  @Test("The article's step reference is `rezepte help run`, word for word")
  func referenceIsHelp() throws {
    let text = try String(contentsOf: Self.article, encoding: .utf8)
    let (updated, block) = try Self.replacingReference(in: text, with: runHelp)
    guard block != runHelp else { return }
    if ["failed", "all"].contains(ProcessInfo.processInfo.environment["REZEPTE_RECORD"]) {
      try AtomicFile.write(Data(updated.utf8), to: Self.article.path)
      Issue.record(
        Comment(rawValue: "wrote `rezepte help run` into \(Self.article.path); run it again"))
    } else {
      let message =
        "the step reference in \(Self.article.lastPathComponent) is not `rezepte help run`; "
        + "REZEPTE_RECORD=all swift test --filter StepReference writes it there"
      Issue.record(Comment(rawValue: message))
    }
  }
}
