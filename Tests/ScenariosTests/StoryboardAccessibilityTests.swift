import Foundation
import Spelling
import Testing

@testable import ReplayCommands
@testable import Scenarios
@testable import ViewDescription

/// The storyboard as a screen reader meets it in Chromium: every phone's accessibility tree is
/// what VoiceOver reads of the app's screen, and axe-core finds nothing wrong on any page.
///
/// All pages are written once and opened one after another in one headless Chromium, driven
/// over the DevTools protocol (`DevToolsSession`), off the main actor: the app's tests go on
/// while the browser works.
@Suite struct StoryboardAccessibilityTests {
  /// The storyboards of every file in `Scenarios/`, and the folder with their pages and
  /// `index.html`.
  @MainActor private func writePages() async throws -> (
    storyboards: [String: Storyboard], folder: URL
  ) {
    let folder = try makeTemporaryFolder()
    var storyboards: [String: Storyboard] = [:]
    for file in lessonFiles {
      let name = String(file.dropLast(".scenario".count))
      let storyboard = await ScenarioRunner(now: { .zero }).storyboard(
        try loadLessonScenario(file), on: AppDriver(catalog: embeddedCatalog))
      storyboards[name] = storyboard
      try Data(storyboard.html()).write(to: folder.appendingPathComponent("\(name).html"))
    }
    let names = storyboards.keys.sorted()
    let index = Storyboard.indexHTML(names.compactMap { storyboards[$0] }, pages: names)
    try Data(index).write(to: folder.appendingPathComponent("index.html"))
    return (storyboards, folder)
  }

  private func browser() throws -> HeadlessBrowser {
    try #require(
      HeadlessBrowser.installed, "REZEPTE_REQUIRE_BROWSER=1, but \(HeadlessBrowser.skipReason)")
  }

  @Test(
    "Chromium's accessibility tree of every phone is what VoiceOver reads, in order",
    .enabled(
      if: HeadlessBrowser.installed != nil || HeadlessBrowser.isRequired,
      Comment(rawValue: HeadlessBrowser.skipReason)))
  func phonesReadAsVoiceOver() async throws {
    let session = try DevToolsSession(browser())
    let (storyboards, folder) = try await writePages()
    defer { try? FileManager.default.removeItem(at: folder) }
    var compared = 0
    for (name, storyboard) in storyboards.sorted(by: { $0.key < $1.key }) {
      try session.open(folder.appendingPathComponent("\(name).html"))
      let tree = try session.accessibilityTree()
      let byID = Dictionary(tree.map { ($0.nodeId, $0) }, uniquingKeysWith: { first, _ in first })
      let byDOMNode = Dictionary(
        tree.compactMap { node in node.backendDOMNodeId.map { ($0, node) } },
        uniquingKeysWith: { first, _ in first })
      // A phone for each frame with a screen, with the announcements of its steps.
      let starts = storyboard.frames.indices.filter { storyboard.frames[$0].screen != nil }
      let phones = try session.nodes(matching: ".phone")
      try #require(phones.count == starts.count, "\(name): \(phones.count) phones")
      for (phone, start) in zip(phones, starts) {
        let frame = storyboard.frames[start]
        let end =
          storyboard.frames[(start + 1)...].firstIndex { $0.screen != nil }
          ?? storyboard.frames.endIndex
        let root = try #require(byDOMNode[phone], "\(name): a phone is not in the tree")
        let read = ChromiumReading.read(root, in: byID)
        let expected = try #require(frame.screen).spokenElements.map(ChromiumReading.line)
        let place = "\(name), the phone of step \(start + 1) (line \(frame.step.line))"
        #expect(
          read.elements == expected,
          "\(place):\n\(ChromiumReading.difference(expected, read.elements))")
        #expect(
          read.announced == storyboard.frames[start..<end].flatMap(\.announced),
          "\(place): the live region")
        compared += expected.count
      }
    }
    #expect(compared > 1000, "only \(compared) elements were compared")
  }

  @Test(
    "axe-core finds no violation on any storyboard page",
    .enabled(
      if: (HeadlessBrowser.installed != nil && HeadlessBrowser.axeScript != nil)
        || HeadlessBrowser.isRequired,
      Comment(rawValue: HeadlessBrowser.axeSkipReason)))
  func axeFindsNoViolation() async throws {
    let axe = try String(
      contentsOf: #require(
        HeadlessBrowser.axeScript, "REZEPTE_REQUIRE_BROWSER=1, but \(HeadlessBrowser.axeSkipReason)"
      ),
      encoding: .utf8)
    let session = try DevToolsSession(browser())
    let (storyboards, folder) = try await writePages()
    defer { try? FileManager.default.removeItem(at: folder) }
    for page in storyboards.keys.sorted().map({ "\($0).html" }) + ["index.html"] {
      try session.open(folder.appendingPathComponent(page))
      try session.send("Runtime.evaluate", ["expression": axe])
      let violations =
        try session.evaluate(
          """
          axe.run(document, { resultTypes: ["violations"] }).then(r => r.violations.map(v =>
            v.id + " (" + v.impact + "): " + v.nodes.map(n => n.target.join(" ")).join(", ")))
          """) as? [String]
      #expect(violations == [], "\(page):\n\(violations?.joined(separator: "\n") ?? "no result")")
    }
  }

  @Test("Every trait VoiceOver speaks a word for has a role in Chromium, or is a state")
  func everySpokenTraitIsMapped() {
    for (trait, word) in SpokenElement.words where trait != .isNotEnabled {
      #expect(ChromiumReading.roles.contains { $0.trait == trait }, "\(word) has no role")
    }
  }
}

/// How what VoiceOver reads appears in Chromium's accessibility tree: the one mapping the
/// storyboard's phones are held to (the Storyboard article lists it).
///
/// Both sides are written as one line per element: the role, the name in quotes, a search
/// field's value after `=`, and `, selected` or `, disabled`. An element's role is that of its
/// first trait in `roles`, `StaticText` for one without; its name is its label, then its value
/// after a comma (ARIA has no value for a button), except for the search field, whose value
/// Chromium keeps apart. White space runs count as one space, as Chromium's names have it.
enum ChromiumReading {
  /// VoiceOver's trait and the role Chromium gives its element, in order of precedence.
  static let roles: [(trait: Node.Traits, role: String)] = [
    (.isModal, "alertdialog"), (.isButton, "button"), (.isLink, "link"),
    (.isSearchField, "searchbox"), (.isImage, "image"), (.isHeader, "heading"),
  ]
  /// Chromium's other name for a role: a `<summary>` (a menu's face) is a button.
  static let synonyms = ["DisclosureTriangle": "button"]

  /// The line for an element VoiceOver reads.
  static func line(_ element: SpokenElement) -> String {
    let isField = element.traits.contains(.isSearchField)
    return line(
      role: roles.first { element.traits.contains($0.trait) }?.role ?? "StaticText",
      name: element.value.map { isField ? element.label : element.label + ", " + $0 }
        ?? element.label,
      value: isField ? element.value : nil, selected: element.traits.contains(.isSelected),
      disabled: element.traits.contains(.isNotEnabled))
  }

  private static func line(
    role: String, name: String, value: String?, selected: Bool, disabled: Bool
  ) -> String {
    func normalized(_ text: String) -> String {
      Quoting.quoted(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }
    return "\(role) \(normalized(name))" + (value.map { " = " + normalized($0) } ?? "")
      + (selected ? ", selected" : "") + (disabled ? ", disabled" : "")
  }

  /// What Chromium's tree under `root` holds, as lines, in document order, and the texts of
  /// its live region (`role="status"`). A node with a role of `roles` is one element (an alert
  /// holds its buttons, the rest hold nothing more); a text outside them is one element;
  /// ignored nodes and other roles (generic, group, paragraph, list) only hold what is in them.
  static func read(
    _ root: DevToolsSession.AXNode, in nodes: [String: DevToolsSession.AXNode]
  ) -> (elements: [String], announced: [String]) {
    var elements: [String] = []
    var announced: [String] = []
    func visit(_ node: DevToolsSession.AXNode, inLiveRegion: Bool) {
      let role = synonyms[node.role] ?? node.role
      if !node.ignored {
        if role == "StaticText" {
          return inLiveRegion
            ? announced.append(node.name)
            : elements.append(
              line(role: role, name: node.name, value: nil, selected: false, disabled: false))
        }
        if roles.contains(where: { $0.role == role }) {
          elements.append(
            line(
              role: role, name: node.name, value: node.value?.isEmpty == false ? node.value : nil,
              selected: node.properties["pressed"] == "true",
              disabled: node.properties["disabled"] == "true"))
          guard role == "alertdialog" else { return }
        }
      }
      for id in node.childIds {
        guard let child = nodes[id] else { continue }
        visit(child, inLiveRegion: inLiveRegion || role == "status")
      }
    }
    visit(root, inLiveRegion: false)
    return (elements, announced)
  }

  /// Where two readings part: the first element that differs, and the counts.
  static func difference(_ expected: [String], _ actual: [String]) -> String {
    let index =
      zip(expected, actual).enumerated().first { $1.0 != $1.1 }?.offset
      ?? min(expected.count, actual.count)
    return """
      VoiceOver reads \(expected.count) elements, Chromium has \(actual.count); \
      element \(index + 1): VoiceOver \(index < expected.count ? expected[index] : "nothing"), \
      Chromium \(index < actual.count ? actual[index] : "nothing")
      """
  }
}
