import Scenarios

/// What a player session did, in the order it happened: enough to write it as a scenario.
struct SessionLog: Equatable, Sendable {
  /// One step and when it happened, measured from the moment the player started.
  struct Entry: Equatable, Sendable {
    var step: Step.Action
    var time: Duration
  }

  /// The start screen the app opened with.
  var start: StartScreen = .list
  /// The favourites stored when the app launched.
  var favorites: [String] = []
  /// The meals `random.php` answered, in order: what the dice returned.
  var randomMeals: [String] = []
  /// The steps, oldest first; the first is `launch`.
  var entries: [Entry] = []

  mutating func append(_ step: Step.Action, at time: Duration) {
    entries.append(Entry(step: step, time: time))
  }
}
