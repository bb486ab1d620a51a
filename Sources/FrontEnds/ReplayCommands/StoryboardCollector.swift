import Scenarios
import ViewDescription

extension ScenarioRunner {
  /// Replays `scenario` on `driver` (a fresh one) and returns its storyboard: its result, and
  /// per step the caption, the time, the requests, the screen and what changed on it, what
  /// VoiceOver reads and hears, and the failure.
  func storyboard(_ scenario: Scenario, on driver: AppDriver) async -> Storyboard {
    let captions = scenario.captions
    var frames = Storyboard.frames(of: scenario, captions: captions)
    var (heard, read, reading): ([String], [String], (Node?, String?)) = ([], [], (nil, nil))
    let result = await replay(scenario, on: driver) { moment in
      var frame = frames[moment.event.index]
      frame.requests = moment.requests
      frame.simulatedTime = driver.app.now
      frame.status = moment.event.failure.map { .failed($0.details) } ?? .passed
      // A phone where `show` tells of a screen (and at a failure), highlighting exactly what
      // `show` lists as new or changed, or saying what `show` says instead.
      frame.screen = moment.screen
      switch moment.comparison {
      case .unchanged?, nil: if moment.event.failure == nil { frame.screen = nil }
      case .since(let before, let now, nil)?:
        frame.changed = ScreenDiff(old: before, new: now).changedPaths
      case .since(_, _, let shownAfter?)?:
        frame.screenNote = "Bildschirm wie nach Zeile \(scenario.steps[shownAfter].line)"
      case .new?: frame.screenNote = "neuer Bildschirm"
      case .first?: break
      }
      // The driver keeps what was announced until `expect announced` takes it.
      let announced = driver.announcements
      frame.announced =
        announced.starts(with: heard) ? Array(announced.dropFirst(heard.count)) : announced
      heard = announced
      // What VoiceOver reads changes with the screen and the focus only. An element a line:
      // `spoken` shows a line break in a label as `\n`.
      let now = (moment.screen, driver.cursor.focus)
      let lines = now == reading ? read : moment.screen == nil ? [] : driver.spokenLines()
      if frame.screen != nil || lines != read { frame.spoken = lines }
      if frame.screen != nil { frame.spokenElements = driver.shown()?.spoken.elements ?? [] }
      (read, reading) = (lines, now)
      frames[moment.event.index] = frame
    }
    let introduction = captions.first.map(Storyboard.comments(in:)) ?? []
    return Storyboard(result: result, introduction: introduction, frames: frames)
  }
}

extension Storyboard {
  /// A not-yet-run frame per step, with its caption (the comments since the step before it, of
  /// the scenario's `captions`) and its block.
  static func frames(of scenario: Scenario, captions: [ArraySlice<String>]) -> [Storyboard.Frame] {
    let source = scenario.sourceLines
    return scenario.steps.enumerated().map { index, step in
      let block = step.block.map { block in
        source[block.lines].map {
          $0.hasPrefix(block.indentation) ? String($0.dropFirst(block.indentation.count)) : $0
        }
      }
      // The comments before the first step are the page's introduction.
      return Storyboard.Frame(
        step: step, caption: index == 0 ? [] : comments(in: captions[index]), block: block ?? [],
        status: .notRun)
    }
  }

  /// The comment lines without `#` and one space after it; a blank line becomes an empty entry
  /// (a paragraph break), and empty entries at either end are dropped.
  static func comments(in lines: ArraySlice<String>) -> [String] {
    var comments: [String] = []
    for line in lines {
      let trimmed = line.trimmed(.whitespacesAndNewlines)
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
