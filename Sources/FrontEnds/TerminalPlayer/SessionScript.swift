import Scenarios

/// What a player session did, in the order it happened: enough to write it as a scenario.
struct SessionLog: Equatable, Sendable {
  /// A step and when it happened since the player started; the search key's `leave search`
  /// waits for the search pause in the replay, which has no such key (`SessionScript`).
  struct Entry: Equatable, Sendable {
    var step: Step.Action
    var time: Duration
    var waitsForSearch = false
  }

  var start: StartScreen = .list
  /// The favourites stored when the app launched.
  var favorites: [String] = []
  /// The meals `random.php` answered, in order: what the dice returned.
  var randomMeals: [String] = []
  /// The steps, oldest first; the first is `launch`.
  var entries: [Entry] = []
}

/// Writes a session's steps in the scenario language, with the real pauses between them as
/// `wait`s on the virtual clock.
///
/// Only the search pause depends on time in the app, so the waits are chosen to keep its
/// verdicts: every step's virtual distance from the last keystroke is the real one rounded down
/// to 100 ms. Rounding down keeps each comparison with the 400 ms pause as it was (a 399 ms
/// pause stays under 400 ms, a 400 ms one reaches it). Keystrokes less than the search pause
/// apart, with no other step between them, are one `type` step at the time of the last one:
/// no search started between them, in the player or in the replay. The search key (`Enter` in
/// the field) searches at once, which no step does: it is replayed as `leave search` once the
/// pause after the last keystroke has passed, so that the replay's search has run by then too.
struct SessionScript: Sendable {
  /// The list's search pause.
  var searchPause = Duration.milliseconds(400)
  /// The waits' resolution.
  var resolution = Duration.milliseconds(100)

  /// The scenario's lines: the `given` lines, then the steps with the waits between them. The
  /// time after the last step is left out: a wait that no step follows checks nothing.
  func lines(for log: SessionLog) -> [String] {
    var lines: [String] = []
    if log.start == .categories { lines += Step.Action.givenStart(.categories).lines }
    if !log.favorites.isEmpty {
      lines += Step.Action.givenFavorites(log.favorites).lines
    }
    if !log.randomMeals.isEmpty {
      lines += Step.Action.givenRandom(log.randomMeals).lines
    }
    var virtualNow = Duration.zero
    var previousReal = Duration.zero
    // The last keystroke: its real time and the virtual time it was replayed at.
    var anchor: (real: Duration, virtual: Duration)?
    func add(_ entry: SessionLog.Entry) {
      var target =
        if let anchor {
          anchor.virtual + roundedDown(entry.time - anchor.real)
        } else {
          virtualNow + roundedDown(entry.time - previousReal)
        }
      // The player's search key searched at once; the replay's search runs when its pause ends.
      if entry.waitsForSearch, let anchor { target = max(target, anchor.virtual + searchPause) }
      if target > virtualNow {
        lines += Step.Action.wait(target - virtualNow).lines
        virtualNow = target
      }
      previousReal = entry.time
      lines += entry.step.lines
      if case .type = entry.step { anchor = (entry.time, virtualNow) }
    }
    // A run of keystrokes less than the search pause apart, as one `type` at the last one's
    // time; its text grows in place, so a long run costs time linear in its length.
    var run: (text: String, time: Duration)?
    for entry in log.entries {
      if case .type(let text) = entry.step, let last = run?.time, entry.time - last < searchPause {
        run?.text += text
        run?.time = entry.time
        continue
      }
      if let typed = run { add(SessionLog.Entry(step: .type(typed.text), time: typed.time)) }
      run = nil
      if case .type(let text) = entry.step { run = (text, entry.time) } else { add(entry) }
    }
    if let typed = run { add(SessionLog.Entry(step: .type(typed.text), time: typed.time)) }
    return lines
  }

  private func roundedDown(_ duration: Duration) -> Duration {
    guard duration > .zero else { return .zero }
    return resolution * Int(duration / resolution)
  }
}
