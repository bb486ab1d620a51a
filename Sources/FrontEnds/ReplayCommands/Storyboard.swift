import CommandLineKit
import Scenarios
import Spelling
import ViewDescription

/// One scenario as its storyboard page shows it, in plain values: a pure function turns it into
/// HTML (`html(renderer:)`), and `StoryboardCollector` gathers it while the scenario replays.
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

  public init(
    title: String, file: String, introduction: [String], frames: [Frame],
    simulatedTime: Duration, skipReason: String? = nil
  ) {
    self.title = title
    self.file = file
    self.introduction = introduction
    self.frames = frames
    self.simulatedTime = simulatedTime
    self.skipReason = skipReason
  }

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
    public var caption: [String]
    /// The step as written, without its trailing comment.
    public var step: String
    /// The indented block under the step (`expect screen`, `expect requests`), unindented.
    public var block: [String]
    /// Whether the step checks the app rather than acting on it.
    public var isExpectation: Bool
    /// How the step went.
    public var status: Status
    /// The virtual time after the step, or `nil` when it did not run.
    public var simulatedTime: Duration?
    /// The requests the app sent during the step, as `GET search.php?s=Las`.
    public var requests: [String]
    /// The screen after the step, when the page draws it: when it differs from the screen drawn
    /// last, and at a failed step; `nil` before `launch` and when nothing changed.
    public var screen: Node?
    /// The nodes of `screen` that are new or changed since the screen drawn before it.
    public var changed: Set<NodePath>

    public init(
      line: Int, caption: [String] = [], step: String, block: [String] = [],
      isExpectation: Bool = false, status: Status, simulatedTime: Duration? = nil,
      requests: [String] = [], screen: Node? = nil, changed: Set<NodePath> = []
    ) {
      self.line = line
      self.caption = caption
      self.step = step
      self.block = block
      self.isExpectation = isExpectation
      self.status = status
      self.simulatedTime = simulatedTime
      self.requests = requests
      self.screen = screen
      self.changed = changed
    }
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
  /// The self-contained page: the header with the verdict, the opening comment, then one frame
  /// per step with its caption, step, time, requests, phone and failure.
  public func html(renderer: HTMLRenderer = HTMLRenderer()) -> String {
    var page = HTMLWriter(reservingCapacity: 64 * 1024)
    StoryboardHTML.head(title: "Storyboard: " + title, into: &page)
    header(into: &page)
    if !introduction.isEmpty {
      page.open("section", classes: ["introduction"])
      StoryboardHTML.paragraphs(introduction, into: &page)
      page.close("section")
    }
    page.open("ol", classes: ["frames"])
    for (index, frame) in frames.enumerated() {
      write(frame, number: index + 1, renderer: renderer, into: &page)
    }
    page.close("ol")
    page.raw("</body>\n</html>\n")
    return page.output
  }

  private func header(into page: inout HTMLWriter) {
    page.open("header", classes: passed ? ["page-header", "passed"] : ["page-header", "failed"])
    page.open("nav")
    page.element("a", [.init("href", "index.html")], text: "← All scenarios")
    page.close("nav")
    page.element("h1", text: title)
    let steps = frames.count == 1 ? "1 step" : "\(frames.count) steps"
    page.element(
      "p", classes: ["file"],
      text: "\(file) · \(steps) · \(DurationText.format(simulatedTime)) simulated")
    page.open("p", classes: ["verdict"])
    if let failed = failedFrame {
      page.text("✗ failed at ")
      page.element(
        "a", [.init("href", "#step-\(failed + 1)")],
        text: "step \(failed + 1) of \(frames.count) (line \(frames[failed].line))")
      page.text(": ")
      page.element("code", text: frames[failed].step)
    } else if let skipReason {
      page.text("skipped: " + skipReason)
    } else {
      page.text("✓ passed")
    }
    page.close("p")
    page.close("header")
  }

  private func write(
    _ frame: Frame, number: Int, renderer: HTMLRenderer, into page: inout HTMLWriter
  ) {
    let status: StaticString =
      switch frame.status {
      case .passed: "passed"
      case .failed: "failed"
      case .notRun: "not-run"
      }
    page.open("li", classes: ["frame", status], [.init("id", "step-\(number)")])
    page.open("div", classes: ["notes"])
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
        "summary", text: frame.block.count == 1 ? "1 line" : "\(frame.block.count) lines")
      page.element("pre", text: frame.block.joined(separator: "\n"))
      page.close("details")
    }
    var meta = "line \(frame.line)"
    if let time = frame.simulatedTime {
      meta += " · t = \(DurationText.format(time))"
    } else {
      meta += " · not run"
    }
    page.element("p", classes: ["meta"], text: meta)
    if !frame.requests.isEmpty {
      page.open("ul", classes: ["requests"])
      for request in frame.requests { page.element("li", text: request) }
      page.close("ul")
    }
    page.close("div")
    if let screen = frame.screen {
      renderer.render(screen, changed: frame.changed, into: &page)
    }
    if case .failed(let details) = frame.status {
      page.open("div", classes: ["failure"])
      page.element("h3", text: "Step \(number) failed (line \(frame.line))")
      StoryboardHTML.diff(details, into: &page)
      page.close("div")
    }
    page.close("li")
    page.text("\n")
  }
}

// MARK: - The index

/// One line of the storyboard's `index.html`.
public struct StoryboardIndexEntry: Equatable, Sendable {
  /// The scenario's title.
  public var title: String
  /// The scenario's file as given.
  public var file: String
  /// The page's file name next to `index.html`.
  public var page: String
  public var passed: Bool
  /// The failed step's 1-based number, when one failed.
  public var failedStep: Int?
  public var stepCount: Int
  public var simulatedTime: Duration

  public init(_ storyboard: Storyboard, page: String) {
    title = storyboard.title
    file = storyboard.file
    self.page = page
    passed = storyboard.passed
    failedStep = storyboard.failedFrame.map { $0 + 1 }
    stepCount = storyboard.frames.count
    simulatedTime = storyboard.simulatedTime
  }
}

extension Storyboard {
  /// `index.html`: every scenario with passed or failed, linking to its page.
  public static func indexHTML(_ entries: [StoryboardIndexEntry]) -> String {
    var page = HTMLWriter(reservingCapacity: 4096)
    StoryboardHTML.head(title: "Storyboard", into: &page)
    let failed = entries.filter { !$0.passed }.count
    let allPassed = failed == 0
    page.open(
      "header", classes: allPassed ? ["page-header", "passed"] : ["page-header", "failed"])
    page.element("h1", text: "Storyboard")
    page.element(
      "p", classes: ["verdict"], text: "\(entries.count - failed) passed, \(failed) failed")
    page.close("header")
    page.open("table", classes: ["index"])
    page.raw("<thead><tr><th>Result</th><th>Scenario</th><th>File</th><th>Steps</th>")
    page.raw("<th>Simulated</th></tr></thead>")
    page.open("tbody")
    for entry in entries {
      page.open("tr", classes: entry.passed ? ["passed"] : ["failed"])
      page.element(
        "td", classes: ["result"],
        text: entry.passed
          ? "✓ passed" : entry.failedStep.map { "✗ failed at step \($0)" } ?? "– skipped")
      page.open("td")
      page.element("a", [.init("href", entry.page)], text: entry.title)
      page.close("td")
      page.element("td", classes: ["file"], text: entry.file)
      page.element("td", text: "\(entry.stepCount)")
      page.element("td", text: DurationText.format(entry.simulatedTime))
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
    page.raw("</body>\n</html>\n")
    return page.output
  }
}
