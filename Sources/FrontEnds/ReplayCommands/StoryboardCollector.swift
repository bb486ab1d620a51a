import Scenarios
import ViewDescription

/// Replays a scenario on an `AppDriver` and gathers its storyboard: per step the caption, the
/// time, the requests, the screen and what changed on it, and the failure.
///
/// It only watches, as `ReplayCollector` does, whose steps it turns into frames.
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
    var frames = Self.frames(of: scenario)
    let result = await ReplayCollector(runner: runner).replay(scenario, on: driver) { moment in
      var frame = frames[moment.event.index]
      frame.requests = moment.requests
      frame.simulatedTime = moment.simulatedTime
      frame.status = moment.event.failure.map { .failed($0.details) } ?? .passed
      // A phone where `show` tells of a screen (and at a failure), highlighting exactly what
      // `show` lists as new or changed, or saying what `show` says instead.
      switch moment.comparison {
      case .unchanged?, nil: break
      case .since(let before, let now, nil)?:
        frame.changed = ScreenDiff(old: before, new: now).changedPaths
        frame.screen = moment.screen
      case .since(_, _, let shownAfter?)?:
        frame.screenNote = "Bildschirm wie nach Zeile \(scenario.steps[shownAfter].line)"
        frame.screen = moment.screen
      case .new?:
        frame.screenNote = "neuer Bildschirm"
        frame.screen = moment.screen
      case .first?: frame.screen = moment.screen
      }
      if moment.event.failure != nil { frame.screen = moment.screen }
      frames[moment.event.index] = frame
    }
    let introduction = ReplayCollector.captions(of: scenario).first.map(Self.comments(in:)) ?? []
    let storyboard = Storyboard(
      title: scenario.title, file: scenario.file, introduction: introduction, frames: frames,
      simulatedTime: result.simulatedTime, skipReason: result.skipReason)
    return (storyboard, result)
  }

  /// A not-yet-run frame per step, with its caption (the comments since the step before it) and
  /// its block.
  static func frames(of scenario: Scenario) -> [Storyboard.Frame] {
    let source = scenario.sourceLines
    let captions = ReplayCollector.captions(of: scenario)
    return scenario.steps.enumerated().map { index, step in
      var block: [String] = []
      if let lines = step.block?.lines, let indentation = step.block?.indentation {
        block = source[lines].map {
          $0.hasPrefix(indentation) ? String($0.dropFirst(indentation.count)) : $0
        }
      }
      // The comments before the first step are the page's introduction.
      return Storyboard.Frame(
        line: step.line, caption: index == 0 ? [] : comments(in: captions[index]),
        step: step.displayText, block: block, isExpectation: step.action.isExpectation,
        status: .notRun)
    }
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
