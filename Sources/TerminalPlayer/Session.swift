import Scenarios

/// A user action in the player, as the scenario step that replays it.
enum SessionStep: Hashable, Sendable {
  case launch
  case focusSearch
  /// Characters typed at the end of the search field.
  case type(String)
  case clearSearch
  case pickCategory(String)
  case pickSuggestion(String)
  /// A row or a tile, by its name.
  case open(String)
  case back
  case toggleHeart
  case pullToRefresh
  case tapDice
  case retry
  case dismissNotice
  /// Any other tappable node, by its label (a link).
  case tap(String)

  /// The step as a scenario file spells it.
  var line: String {
    switch self {
    case .launch: "launch"
    case .focusSearch: "focus search"
    case .type(let text): "type \(quoted(text))"
    case .clearSearch: "clear search"
    case .pickCategory(let name): "pick category \(quoted(name))"
    case .pickSuggestion(let text): "pick suggestion \(quoted(text))"
    case .open(let name): "open \(quoted(name))"
    case .back: "back"
    case .toggleHeart: "toggle heart"
    case .pullToRefresh: "pull to refresh"
    case .tapDice: "tap dice"
    case .retry: "retry"
    case .dismissNotice: "dismiss notice"
    case .tap(let label): "tap \(quoted(label))"
    }
  }
}

/// What a player session did, in the order it happened: enough to write it as a scenario.
struct SessionLog: Equatable, Sendable {
  /// One step and when it happened, measured from the moment the player started.
  struct Entry: Equatable, Sendable {
    var step: SessionStep
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
  /// When the player quit.
  var end: Duration = .zero

  mutating func append(_ step: SessionStep, at time: Duration) {
    entries.append(Entry(step: step, time: time))
  }
}

/// `"text"` with `"` and `\` escaped, as the scenario tokenizer reads it back.
func quoted(_ text: String) -> String {
  "\""
    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    + "\""
}
