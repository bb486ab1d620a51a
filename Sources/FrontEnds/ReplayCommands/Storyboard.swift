import Scenarios
import Spelling
import ViewDescription

/// One scenario as its storyboard page shows it, in plain values: a pure function turns it into
/// HTML (`html()`), and `ScenarioRunner.storyboard(_:on:)` gathers it while the scenario replays.
struct Storyboard: Equatable, Sendable {
  /// How the replay went: the title, the file, the virtual time, the failure or skip.
  var result: ScenarioResult
  /// The comment lines at the top of the file, before the first step, without their `#`; an
  /// empty entry separates paragraphs.
  var introduction: [String]
  /// One frame per step, in file order, the steps after a failure included (as not run).
  var frames: [Frame]

  /// The index of the frame whose step failed.
  var failedFrame: Int? {
    frames.firstIndex { if case .failed = $0.status { true } else { false } }
  }

  /// One step: what the page shows beside and on the phone.
  struct Frame: Equatable, Sendable {
    var step: Step
    /// The comment lines above the step, without their `#`; an empty entry separates paragraphs.
    var caption: [String] = []
    /// The indented block under the step (`expect screen`, `expect requests`), unindented.
    var block: [String] = []
    var status: Status
    /// The virtual time after the step, or `nil` when it did not run.
    var simulatedTime: Duration?
    /// The requests the app sent during the step, as `GET search.php?s=Las`.
    var requests: [String] = []
    /// The screen after the step, when it differs from the screen before it, and at a failed
    /// step; `nil` before `launch` and when nothing changed: such a step shares the phone of the
    /// step before it.
    var screen: Node?
    /// The nodes of `screen` that `rezepte show` lists as new or changed for the step.
    var changed: Set<NodePath> = []
    /// What `rezepte show` says instead of listing changes: a new screen, or one seen before.
    var screenNote: String?
    /// What VoiceOver reads of the screen after the step, an element a line, the focused one
    /// marked `▸` (as `expect spoken` has it); empty where the step shares the phone of the
    /// step before it and VoiceOver reads the same.
    var spoken: [String] = []
    /// What VoiceOver reads of `screen`, as the driver read it.
    var spokenElements: [SpokenElement] = []
    /// What the app announced during the step.
    var announced: [String] = []
  }

  enum Status: Equatable, Sendable {
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
  func html() -> [UInt8] {
    Self.page(title: "Storyboard: " + result.title, passed: result.passed, header: header) {
      page in
      if !introduction.isEmpty {
        page.open("section", classes: ["introduction"])
        Self.paragraphs(introduction, into: &page)
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
    }
  }

  /// The page's header: the way back to the index, the title, the file, and the verdict.
  private func header(_ page: inout HTMLWriter) {
    page.open("nav")
    page.element("a", [("href", "index.html")], text: "← Alle Szenarien")
    page.close("nav")
    page.element("h1", text: result.title)
    let steps = frames.count == 1 ? "1 Schritt" : "\(frames.count) Schritte"
    page.element(
      "p", classes: ["file"],
      text:
        "\(result.file) · \(steps) · \(DurationText.format(result.simulatedTime)) simulierte Zeit")
    page.open("p", classes: ["verdict"])
    if let failed = failedFrame {
      page.text("✗ fehlgeschlagen bei ")
      page.element(
        "a", [("href", "#step-\(failed + 1)")],
        text: "Schritt \(failed + 1) von \(frames.count) (Zeile \(frames[failed].step.line))")
      page.text(": ")
      page.element("code", text: frames[failed].step.displayText)
    } else {
      page.text(result.skipReason.map { "übersprungen: " + $0 } ?? "✓ bestanden")
    }
    page.close("p")
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
        Self.paragraphs(frame.caption, into: &page)
        page.close("div")
      }
      page.open("p", classes: ["step"])
      page.element("span", classes: ["number"], text: "\(number)")
      page.element("code", text: frame.step.displayText)
      switch frame.status {
      case .passed where frame.step.action.role == .expectation:
        page.element("span", classes: ["mark"], text: " ✓")
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
      page.element("p", classes: ["meta"], text: "Zeile \(frame.step.line) · \(time)\(note)")
      if !frame.requests.isEmpty {
        page.open("ul", classes: ["requests"])
        for request in frame.requests { page.element("li", text: request) }
        page.close("ul")
      }
      for text in frame.announced {
        page.element("p", classes: ["announced"], text: "Angesagt: „\(text)“")
      }
      if !frame.spoken.isEmpty {
        page.open("details", classes: ["block"])
        let count = frame.spoken.count
        page.element("summary", text: "VoiceOver liest \(count) Element\(count == 1 ? "" : "e")")
        page.element("pre", text: frame.spoken.joined(separator: "\n"))
        page.close("details")
      }
      page.close("div")
    }
    page.close("div")
    if let screen = frames[range.lowerBound].screen {
      HTMLRenderer().render(
        screen, spoken: frames[range.lowerBound].spokenElements,
        changed: frames[range.lowerBound].changed,
        announcements: frames[range].flatMap(\.announced), into: &page)
    }
    for number in range.map({ $0 + 1 }) {
      guard case .failed(let details) = frames[number - 1].status else { continue }
      page.open("div", classes: ["failure"])
      page.element(
        "h3", text: "Schritt \(number) fehlgeschlagen (Zeile \(frames[number - 1].step.line))")
      Self.diff(details, into: &page)
      page.close("div")
    }
    page.close("li")
    page.text("\n")
  }

  /// `index.html`: every scenario with its verdict, linking to its page (of the same index in
  /// `pages`).
  static func indexHTML(_ storyboards: [Storyboard], pages: [String]) -> [UInt8] {
    let failed = storyboards.count { !$0.result.passed }
    return page(title: "Storyboard", passed: failed == 0) { page in
      page.element("h1", text: "Storyboard")
      page.element(
        "p", classes: ["verdict"],
        text: "\(storyboards.count - failed) bestanden, \(failed) fehlgeschlagen")
    } main: { page in
      page.open("table", classes: ["index"])
      page.raw("<thead><tr><th>Ergebnis</th><th>Szenario</th><th>Datei</th><th>Schritte</th>")
      page.raw("<th>Simulierte Zeit</th></tr></thead>")
      page.open("tbody")
      for (storyboard, name) in zip(storyboards, pages) {
        page.open("tr", classes: storyboard.result.passed ? ["passed"] : ["failed"])
        let failedStep = storyboard.failedFrame.map { "✗ fehlgeschlagen bei Schritt \($0 + 1)" }
        page.element(
          "td", classes: ["result"],
          text: storyboard.result.passed ? "✓ bestanden" : failedStep ?? "– übersprungen")
        page.open("td")
        page.element("a", [("href", name)], text: storyboard.result.title)
        page.close("td")
        page.element("td", classes: ["file"], text: storyboard.result.file)
        page.element("td", text: "\(storyboard.frames.count)")
        page.element("td", text: DurationText.format(storyboard.result.simulatedTime))
        page.close("tr")
      }
      page.close("tbody")
      page.close("table")
    }
  }
}
