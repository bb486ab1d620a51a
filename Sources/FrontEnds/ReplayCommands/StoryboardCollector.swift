import Scenarios
import ViewDescription

/// Replays a scenario on an `AppDriver` and gathers its storyboard: per step the caption, the
/// time, the requests, the screen and what changed on it, and the failure.
///
/// It only watches: the runner replays and checks exactly as `rezepte run` does, and the
/// requests are read without marking them read, so `expect requests` sees what it always sees.
@MainActor
public struct StoryboardCollector {
  public var runner: ScenarioRunner

  public init(runner: ScenarioRunner = ScenarioRunner()) {
    self.runner = runner
  }

  /// Replays `scenario` on `driver` (a fresh one) and returns its storyboard and its result.
  public func collect(
    _ scenario: Scenario, on driver: AppDriver
  ) async -> (storyboard: Storyboard, result: ScenarioResult) {
    let source = scenario.sourceLines
    var frames = Self.frames(of: scenario)
    var requestsSeen = 0
    var shown = ShownScreens()
    let result = await runner.run(scenario, on: driver) { event in
      var frame = frames[event.index]
      frame.requests = driver.sentRequests(from: requestsSeen)
      requestsSeen += frame.requests.count
      frame.simulatedTime = driver.simulatedTime()
      frame.status = event.failure.map { .failed($0.details) } ?? .passed
      if let screen = driver.screen(), screen != shown.last || event.failure != nil {
        frame.screen = screen
        frame.changed = shown.show(screen).changedPaths(in: screen)
      }
      frames[event.index] = frame
    }
    let storyboard = Storyboard(
      title: scenario.title, file: scenario.file,
      introduction: Self.comments(in: source[..<(scenario.steps.first.map { $0.line - 1 } ?? 0)]),
      frames: frames, simulatedTime: result.simulatedTime, skipReason: result.skipReason)
    return (storyboard, result)
  }

  /// A not-yet-run frame per step, with its caption (the comments since the step before it) and
  /// its block.
  static func frames(of scenario: Scenario) -> [Storyboard.Frame] {
    let source = scenario.sourceLines
    var frames: [Storyboard.Frame] = []
    var captionStart: Int?  // the comments before the first step are the introduction
    for step in scenario.steps {
      let stepIndex = step.line - 1
      let caption =
        captionStart.map { comments(in: source[min($0, stepIndex)..<stepIndex]) } ?? []
      var block: [String] = []
      if let lines = step.block?.lines, let indentation = step.block?.indentation {
        block = source[lines].map {
          $0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : $0
        }
      }
      captionStart = (step.block?.lines.upperBound).map { max($0, stepIndex + 1) } ?? stepIndex + 1
      frames.append(
        Storyboard.Frame(
          line: step.line, caption: caption, step: step.displayText, block: block,
          isExpectation: step.action.isExpectation, status: .notRun))
    }
    return frames
  }

  /// The comment lines without `#` and one space after it; a blank line becomes an empty entry
  /// (a paragraph break), and empty entries at either end are dropped.
  static func comments(in lines: ArraySlice<String>) -> [String] {
    var comments: [String] = []
    for line in lines {
      let trimmed = line.trimmingWhitespace()
      if trimmed.isEmpty {
        if comments.last?.isEmpty == false { comments.append("") }
      } else if trimmed.hasPrefix("#") {
        let text = trimmed.dropFirst()
        comments.append(String(text.first == " " ? text.dropFirst() : text))
      }
    }
    while comments.last?.isEmpty == true { comments.removeLast() }
    return comments
  }
}

/// The screens shown so far, each by its place in the navigation: what the next screen is
/// compared with, so that a screen that comes back (after `back`) shows what changed on it
/// since it was last on top, not what differs from the screen it covered.
struct ShownScreens {
  /// The screen shown last.
  private(set) var last: Node?
  /// The last version of each screen, by `key(of:)`, drawn once.
  private var byKey: [String: DrawnTree] = [:]
  /// The key of the screen shown last.
  private var lastKey: String?

  /// How a screen compares with what was shown before it.
  enum Comparison {
    /// The first screen: nothing to compare with.
    case first
    /// A screen not shown before, pushed over another one: its title stands for it.
    case new(title: NodePath?)
    /// A screen shown before (the one before it, or one that came back), as it was then, and
    /// now: `ScreenDiff` tells what changed, worked out only where it is asked for.
    case since(before: DrawnTree, now: DrawnTree)

    /// The nodes of `screen` to highlight.
    func changedPaths(in screen: Node) -> Set<NodePath> {
      switch self {
      case .first: []
      case .new(let title): title.map { [$0] } ?? []
      case .since(let before, let now): ScreenDiff(old: before, new: now).changedPaths(in: screen)
      }
    }
  }

  /// Records `screen` as shown, and says what it is to be compared with.
  mutating func show(_ screen: Node) -> Comparison {
    let key = Self.key(of: screen)
    let drawn = DrawnTree(screen)
    defer {
      last = screen
      lastKey = key
      byKey[key] = drawn
    }
    guard lastKey != nil else { return .first }
    if let before = byKey[key] { return .since(before: before, now: drawn) }
    return .new(title: Self.titlePath(in: screen))
  }

  /// Which screen of the navigation a tree shows: the root (whatever its title, which a search
  /// changes), or a pushed screen by its back button and title.
  static func key(of screen: Node) -> String {
    guard let top = screen.first(where: { $0.kind == .screen }), let back = top.back else {
      return "root"
    }
    return back + "\u{1F}" + (top.label ?? "")
  }

  /// The path of the screen node, whose title and back button a page marks for a new screen.
  static func titlePath(in tree: Node) -> NodePath? {
    var found: NodePath?
    func walk(_ node: Node, _ path: NodePath) {
      guard found == nil else { return }
      if node.kind == .screen {
        found = path
        return
      }
      for (index, child) in node.children.enumerated() { walk(child, path.child(index)) }
    }
    walk(tree, NodePath())
    return found
  }
}
