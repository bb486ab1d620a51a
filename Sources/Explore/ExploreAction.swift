import MealCatalog
import ViewModels

/// One thing a user (or the world around the app) does in an explored session, from the scenario
/// vocabulary; `scenarioLine` writes it as the step a scenario file spells.
public enum ExploreAction: Hashable, Sendable {
  case type(String)
  case clearSearch
  case wait(Duration)
  case pickCategory(String)
  case pullToRefresh
  case tapDice
  /// A row or a tile, by its name.
  case open(String)
  case back
  case toggleHeart
  case retry
  case focusSearch
  case pickSuggestion(String)
  /// Any other tappable node by its label (the detail's links).
  case tap(String)
  case dismissNotice
  case relaunch
  /// `network offline|…|online [for ENDPOINT]`; `nil` heals.
  case network(CatalogTransport.Fault?, endpoint: String?)
  /// `network delay [ENDPOINT] DURATION`.
  case delay(Duration, endpoint: String?)

  /// The step as a scenario file writes it.
  public var scenarioLine: String {
    switch self {
    case .type(let text): "type \(Self.quoted(text))"
    case .clearSearch: "clear search"
    case .wait(let duration): "wait \(Self.format(duration))"
    case .pickCategory(let name): "pick category \(Self.quoted(name))"
    case .pullToRefresh: "pull to refresh"
    case .tapDice: "tap dice"
    case .open(let name): "open \(Self.quoted(name))"
    case .back: "back"
    case .toggleHeart: "toggle heart"
    case .retry: "retry"
    case .focusSearch: "focus search"
    case .pickSuggestion(let text): "pick suggestion \(Self.quoted(text))"
    case .tap(let label): "tap \(Self.quoted(label))"
    case .dismissNotice: "dismiss notice"
    case .relaunch: "relaunch"
    case .network(let fault, let endpoint):
      "network \(fault?.rawValue ?? "online")" + (endpoint.map { " for \($0)" } ?? "")
    case .delay(let duration, let endpoint):
      "network delay " + (endpoint.map { "\($0) " } ?? "") + Self.format(duration)
    }
  }

  /// Whether the user does it on the screen (rather than the clock or the network).
  var isGesture: Bool {
    switch self {
    case .wait, .network, .delay, .relaunch: false
    default: true
    }
  }

  /// A quoted scenario text: `\` and `"` escaped, everything else as it is.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// `400ms`, `1s`, `1.5s`, as `wait` and `network delay` read them.
  static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 == 0, milliseconds != 0 { return "\(milliseconds / 1000)s" }
    return "\(milliseconds)ms"
  }
}

/// A session: the screen the app starts on and what the user does after `launch`.
public struct ExploreSession: Hashable, Sendable {
  public var start: StartScreen
  public var actions: [ExploreAction]

  public init(start: StartScreen = .list, actions: [ExploreAction]) {
    self.start = start
    self.actions = actions
  }
}
