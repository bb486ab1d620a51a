import CommandLineKit
import Scenarios
import Spelling
import ViewDescription

/// One scenario as its storyboard page shows it, in plain values: a pure function turns it into
/// HTML (`html()`), and `StoryboardCollector` gathers it while the scenario replays.
public struct Storyboard: Equatable, Sendable {
  /// The scenario's title.
  public var title: String
  /// The scenario's file as given.
  public var file: String
  /// The comment lines at the top of the file, before the first step, without their `#`; an
  /// empty entry separates paragraphs.
  public var introduction: [String]
  /// One frame per step, in file order, the steps after a failure included (as not run).
  public var frames: [Frame]
  /// The virtual time the scenario spanned.
  public var simulatedTime: Duration
  /// Why the scenario stopped without a verdict, if it did.
  public var skipReason: String?

  /// The index of the frame whose step failed.
  public var failedFrame: Int? {
    frames.firstIndex { if case .failed = $0.status { true } else { false } }
  }

  /// Whether every step passed.
  public var passed: Bool { failedFrame == nil && skipReason == nil }

  /// One step: what the page shows beside and on the phone.
  public struct Frame: Equatable, Sendable {
    /// The step's 1-based line in its file.
    public var line: Int
    /// The comment lines above the step, without their `#`; an empty entry separates paragraphs.
    public var caption: [String] = []
    /// The step as written, without its trailing comment.
    public var step: String
    /// The indented block under the step (`expect screen`, `expect requests`), unindented.
    public var block: [String] = []
    /// Whether the step checks the app rather than acting on it.
    public var isExpectation = false
    /// How the step went.
    public var status: Status
    /// The virtual time after the step, or `nil` when it did not run.
    public var simulatedTime: Duration?
    /// The requests the app sent during the step, as `GET search.php?s=Las`.
    public var requests: [String] = []
    /// The screen after the step, when it differs from the screen before it, and at a failed
    /// step; `nil` before `launch` and when nothing changed: such a step shares the phone of the
    /// step before it.
    public var screen: Node?
    /// The nodes of `screen` that `rezepte show` lists as new or changed for the step.
    public var changed: Set<NodePath> = []
    /// What `rezepte show` says instead of listing changes: a new screen, or one seen before.
    public var screenNote: String?
  }

  /// How one step went.
  public enum Status: Equatable, Sendable {
    case passed
    /// The step failed; the lines say what was expected and what was found (a diff for
    /// screens and request lists, `− expected`, `+ actual`).
    case failed([String])
    /// An earlier step failed, so this one did not run.
    case notRun
  }
}

// MARK: - The page

extension Storyboard {
  /// The self-contained page, in German like the app: the header with the verdict, the opening
  /// comment, then one frame per phone: the steps that led to it, with their captions, times
  /// and requests, beside the phone, and a failure under them.
  public func html() -> String {
    var page = HTMLWriter()
    StoryboardHTML.head(title: "Storyboard: " + title, into: &page)
    page.open("header", classes: passed ? ["page-header", "passed"] : ["page-header", "failed"])
    page.open("nav")
    page.element("a", [("href", "index.html")], text: "← Alle Szenarien")
    page.close("nav")
    page.element("h1", text: title)
    let steps = frames.count == 1 ? "1 Schritt" : "\(frames.count) Schritte"
    page.element(
      "p", classes: ["file"],
      text: "\(file) · \(steps) · \(DurationText.format(simulatedTime)) simulierte Zeit")
    page.open("p", classes: ["verdict"])
    if let failed = failedFrame {
      page.text("✗ fehlgeschlagen bei ")
      page.element(
        "a", [("href", "#step-\(failed + 1)")],
        text: "Schritt \(failed + 1) von \(frames.count) (Zeile \(frames[failed].line))")
      page.text(": ")
      page.element("code", text: frames[failed].step)
    } else {
      page.text(skipReason.map { "übersprungen: " + $0 } ?? "✓ bestanden")
    }
    page.close("p")
    page.close("header")
    if !introduction.isEmpty {
      page.open("section", classes: ["introduction"])
      StoryboardHTML.paragraphs(introduction, into: &page)
      page.close("section")
    }
    page.open("ol", classes: ["frames"])
    var start = 0
    while start < frames.count {
      // The steps that change nothing on the screen share the phone of the step before them.
      let end = frames[(start + 1)...].firstIndex { $0.screen != nil } ?? frames.count
      write(frames: start..<end, into: &page)
      start = end
    }
    page.close("ol")
    page.raw("</body>\n</html>\n")
    return page.output
  }

  /// One phone, with the steps that led to it and a failure among them.
  private func write(frames range: Range<Int>, into page: inout HTMLWriter) {
    page.open("li", classes: ["frame"])
    page.open("div", classes: ["notes"])
    for number in range.map({ $0 + 1 }) {
      let frame = frames[number - 1]
      let status: StaticString =
        switch frame.status {
        case .passed: "passed"
        case .failed: "failed"
        case .notRun: "not-run"
        }
      page.open("div", classes: ["note", status], [("id", "step-\(number)")])
      if !frame.caption.isEmpty {
        page.open("div", classes: ["caption"])
        StoryboardHTML.paragraphs(frame.caption, into: &page)
        page.close("div")
      }
      page.open("p", classes: ["step"])
      page.element("span", classes: ["number"], text: "\(number)")
      page.element("code", text: frame.step)
      switch frame.status {
      case .passed where frame.isExpectation: page.element("span", classes: ["mark"], text: " ✓")
      case .failed: page.element("span", classes: ["mark"], text: " ✗")
      default: break
      }
      page.close("p")
      if !frame.block.isEmpty {
        page.open("details", classes: ["block"])
        page.element(
          "summary", text: frame.block.count == 1 ? "1 Zeile" : "\(frame.block.count) Zeilen")
        page.element("pre", text: frame.block.joined(separator: "\n"))
        page.close("details")
      }
      let time = frame.simulatedTime.map { "t = " + DurationText.format($0) } ?? "nicht ausgeführt"
      let note = frame.screenNote.map { " · " + $0 } ?? ""
      page.element("p", classes: ["meta"], text: "Zeile \(frame.line) · \(time)\(note)")
      if !frame.requests.isEmpty {
        page.open("ul", classes: ["requests"])
        for request in frame.requests { page.element("li", text: request) }
        page.close("ul")
      }
      page.close("div")
    }
    page.close("div")
    if let screen = frames[range.lowerBound].screen {
      HTMLRenderer().render(screen, changed: frames[range.lowerBound].changed, into: &page)
    }
    for number in range.map({ $0 + 1 }) {
      guard case .failed(let details) = frames[number - 1].status else { continue }
      page.open("div", classes: ["failure"])
      page.element(
        "h3", text: "Schritt \(number) fehlgeschlagen (Zeile \(frames[number - 1].line))")
      StoryboardHTML.diff(details, into: &page)
      page.close("div")
    }
    page.close("li")
    page.text("\n")
  }

  /// `index.html`: every scenario with its verdict, linking to its page (of the same index in
  /// `pages`).
  public static func indexHTML(_ storyboards: [Storyboard], pages: [String]) -> String {
    var page = HTMLWriter()
    StoryboardHTML.head(title: "Storyboard", into: &page)
    let failed = storyboards.count { !$0.passed }
    page.open(
      "header", classes: failed == 0 ? ["page-header", "passed"] : ["page-header", "failed"])
    page.element("h1", text: "Storyboard")
    page.element(
      "p", classes: ["verdict"],
      text: "\(storyboards.count - failed) bestanden, \(failed) fehlgeschlagen")
    page.close("header")
    page.open("table", classes: ["index"])
    page.raw("<thead><tr><th>Ergebnis</th><th>Szenario</th><th>Datei</th><th>Schritte</th>")
    page.raw("<th>Simulierte Zeit</th></tr></thead>")
    page.open("tbody")
    for (storyboard, name) in zip(storyboards, pages) {
      page.open("tr", classes: storyboard.passed ? ["passed"] : ["failed"])
      let failedStep = storyboard.failedFrame.map { "✗ fehlgeschlagen bei Schritt \($0 + 1)" }
      page.element(
        "td", classes: ["result"],
        text: storyboard.passed ? "✓ bestanden" : failedStep ?? "– übersprungen")
      page.open("td")
      page.element("a", [("href", name)], text: storyboard.title)
      page.close("td")
      page.element("td", classes: ["file"], text: storyboard.file)
      page.element("td", text: "\(storyboard.frames.count)")
      page.element("td", text: DurationText.format(storyboard.simulatedTime))
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
    page.raw("</body>\n</html>\n")
    return page.output
  }
}
