/// The app as a scenario drives it: one method per user action, and what the screen shows.
///
/// The runner calls one method per step and reads the screen only between steps. Every action
/// returns once all work that is ready at the current virtual time has run to its end (the
/// driver settles its tasks); only `wait` moves virtual time, and nothing sleeps in real time.
/// An action that cannot be carried out on the current screen (no row with that name, no heart,
/// `back` on the list, `network …` over a real network) throws `StepUnavailable` with a message
/// saying what the screen offers instead; any other error thrown fails the step as well.
///
/// `setFavorites`, `setStart`, `enqueueRandom`, `setNetwork` and `setDelay` may be called before
/// `launch`; everything else only after it (the parser guarantees this order).
@MainActor
public protocol ScenarioDriver: AnyObject {
  // MARK: Setup

  /// `given favorites`: the favourites stored before `launch`.
  func setFavorites(_ ids: [String]) async throws
  /// `given start`: the start screen `launch` opens.
  func setStart(_ start: StartScreen) async throws
  /// `given random`: the meals the next `random.php` answers return, in order (any time).
  func enqueueRandom(_ ids: [String]) async throws
  /// `network …`: makes every request (`endpoint == nil`) or one endpoint's fail; `nil` heals.
  func setNetwork(_ fault: NetworkFault?, for endpoint: String?) async throws
  /// `network delay …`: delays answers by `delay` of virtual time; `.zero` removes the delay.
  func setDelay(_ delay: Duration, for endpoint: String?) async throws

  // MARK: Actions

  /// Starts the app.
  func launch() async throws
  /// Stops the app and starts it again; stored favourites stay.
  func relaunch() async throws
  /// Sets the search field's text; no virtual time passes.
  func type(_ text: String) async throws
  /// Empties the search field.
  func clearSearch() async throws
  /// Advances the virtual clock by `duration`, running what becomes due.
  func wait(_ duration: Duration) async throws
  /// Picks a category in the "Kategorie" menu.
  func pickCategory(_ name: String) async throws
  /// Pulls the list to refresh.
  func pullToRefresh() async throws
  /// Taps the dice button.
  func tapDice() async throws
  /// Taps the list row with exactly this name.
  func open(_ name: String) async throws
  /// Goes back one screen.
  func back() async throws
  /// Taps the detail screen's heart button.
  func toggleHeart() async throws
  /// Taps „Erneut versuchen“.
  func retry() async throws
  /// Focuses the search field.
  func focusSearch() async throws
  /// Picks a search suggestion.
  func pickSuggestion(_ text: String) async throws
  /// Taps the one tappable node showing exactly this label.
  func tap(_ label: String) async throws
  /// Closes the notice of a failed refresh.
  func dismissNotice() async throws

  // MARK: Observations

  /// The screen on top, rendered as text (what `expect screen` compares and `--record` writes).
  func screenText() -> String
  /// The texts of the screen's nodes, one entry per node (what `expect visible` looks for).
  func visibleTexts() -> [String]
  /// The navigation title of the screen on top, if it has one.
  func title() -> String?
  /// The requests sent since the last call, oldest first, as `GET search.php?s=Lasagne`.
  func takeRequests() -> [String]
  /// The virtual time that has passed since the driver was made: the scenario's `wait`s.
  func simulatedTime() -> Duration
}

extension ScenarioDriver {
  public func simulatedTime() -> Duration { .zero }
}

/// A step that the current screen does not offer; the message says what it offers instead.
public struct StepUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
  /// One or more sentences, such as `there is no row „Lasagne“; the rows are: …`.
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// A step this driver cannot carry out in its mode at all, such as a simulated network fault over
/// real HTTP: the scenario is skipped from that step on, not failed.
public struct StepUnsupported: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
