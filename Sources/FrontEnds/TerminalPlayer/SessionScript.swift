import Scenarios

/// What a player session did, in the order it happened: enough to write it as a scenario.
struct SessionLog: Equatable, Sendable {
  /// A step and when it happened since the player started; `waitsForSearch` for the search key.
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

extension SessionLog {
  private static let searchPause = Duration.milliseconds(400)
  private static let resolution = Duration.milliseconds(100)

  /// The scenario's lines: the `given` lines, then the steps with the real pauses between them
  /// as `wait`s on the virtual clock (none after the last step: it would check nothing).
  ///
  /// Only the search pause depends on time in the app, so each step's virtual distance from the
  /// last keystroke is the real one rounded down to 100 ms, which keeps every comparison with the
  /// 400 ms pause as it was. Keystrokes less than the pause apart, with no other step between
  /// them, are one `type` at the last one's time. The search key (`Enter` in the field) searches
  /// at once, which no step does: it is replayed as `leave search` once the pause has passed.
  var scenarioLines: [String] {
    var lines: [String] = []
    if start == .categories { lines += Step.Action.givenStart(.categories).lines }
    if !favorites.isEmpty { lines += Step.Action.givenFavorites(favorites).lines }
    if !randomMeals.isEmpty { lines += Step.Action.givenRandom(randomMeals).lines }
    var virtualNow = Duration.zero
    var previousReal = Duration.zero
    // The last keystroke: its real time and the virtual time it was replayed at.
    var anchor: (real: Duration, virtual: Duration)?
    func add(_ entry: SessionLog.Entry) {
      let since = anchor ?? (real: previousReal, virtual: virtualNow)
      var target = since.virtual + roundedDown(entry.time - since.real)
      // The player's search key searched at once; the replay's search runs when its pause ends.
      if entry.waitsForSearch, let anchor {
        target = max(target, anchor.virtual + Self.searchPause)
      }
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
    for entry in entries {
      if case .type(let text) = entry.step, let last = run?.time,
        entry.time - last < Self.searchPause
      {
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
    Self.resolution * Int(max(duration, .zero) / Self.resolution)
  }
}
