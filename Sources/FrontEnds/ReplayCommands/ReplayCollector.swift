import Scenarios
import ViewDescription

/// One step that ran, with what a reader is shown of it: what `show` prints and the storyboard
/// draws.
struct ReplayMoment {
  /// The step, its index and its failure.
  let event: ScenarioRunner.StepEvent
  /// The requests the app sent during the step, as `GET search.php?s=Las`.
  let requests: [String]
  /// The screen after the step, or `nil` while no app runs.
  let screen: Node?
  /// How `screen` compares with the screens shown before it.
  let comparison: ShownScreens.Comparison?
}

extension ScenarioRunner {
  /// Replays `scenario` on `driver` as `rezepte run` does, calling `observe` after each step
  /// that ran. It only watches: reading the requests marks none as read, so `expect requests`
  /// sees what it always sees.
  func replay(
    _ scenario: Scenario, on driver: AppDriver, observe: (ReplayMoment) -> Void
  ) async -> ScenarioResult {
    var requestsSeen = 0
    var shown = ShownScreens()
    return await run(scenario, on: driver) { event in
      let requests = driver.app.sentRequests(from: requestsSeen)
      requestsSeen += requests.count
      let screen = driver.screen()
      observe(
        ReplayMoment(
          event: event, requests: requests, screen: screen,
          comparison: screen.map { shown.show($0, after: event.index) }))
    }
  }
}

extension Scenario {
  /// The source lines above each step, up to the step before it and its block: the comments
  /// and blank lines that explain the step; above the first step, the file's opening comment.
  var captions: [ArraySlice<String>] {
    let source = sourceLines
    var start = 0
    return steps.map { step in
      let stepIndex = step.line - 1
      let caption = source[min(start, stepIndex)..<stepIndex]
      start = (step.block?.lines.upperBound).map { max($0, stepIndex + 1) } ?? stepIndex + 1
      return caption
    }
  }
}

/// The screens shown so far, each by its identity in the navigation: what the next screen is
/// compared with, so that a screen that comes back (after `back`) shows what changed on it
/// since it was last on top, not what differs from the screen it covered.
struct ShownScreens {
  /// The screen shown last, and what it draws.
  private var last: (screen: Node, drawn: DrawnTree)?
  /// The last version of each screen, by its identity in the navigation stack.
  private var byKey: [NodeID: DrawnTree] = [:]
  /// The index of the step after which each screen was first shown.
  private var firstShown: [DrawnTree: Int] = [:]

  /// How a screen compares with what was shown before it.
  enum Comparison {
    /// The first screen: nothing to compare with.
    case first
    /// It draws what the screen shown last drew.
    case unchanged
    /// A screen not shown before, pushed over another one.
    case new
    /// A screen shown before (the one before it, or one that came back), as it was then, and
    /// now: `ScreenDiff` tells what changed, worked out only where it is asked for.
    /// `shownAfter` is the step after which exactly this screen was first shown, if it was.
    case since(before: DrawnTree, now: DrawnTree, shownAfter: Int?)
  }

  /// Records `screen` as shown after the step at index `step`, and says how it compares with
  /// what was shown before.
  mutating func show(_ screen: Node, after step: Int) -> Comparison {
    // The root (whatever its title, which a search changes), or a pushed screen, by the
    // identity its entry got when it was pushed.
    let key = screen.screen?.id ?? .screen(.root)
    // The driver hands out the same node while the app's state stays: it is drawn once.
    if last?.screen == screen { return .unchanged }
    let drawn = DrawnTree(screen)
    // One look-up for a screen shown the first time, as most are.
    let shownAfter = firstShown.updateValue(step, forKey: drawn)
    if let shownAfter { firstShown[drawn] = shownAfter }
    defer {
      last = (screen, drawn)
      byKey[key] = drawn
    }
    guard let previous = last?.drawn else { return .first }
    if drawn == previous { return .unchanged }
    // A screen pushed anew that looks as one shown before is that screen again.
    guard let before = byKey[key] ?? shownAfter.map({ _ in drawn }) else { return .new }
    return .since(before: before, now: drawn, shownAfter: shownAfter)
  }
}
