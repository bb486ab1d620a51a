import ViewDescription
import ViewModels

/// The app as a scenario drives it: a few primitives that the step table builds every step from.
///
/// Gestures go through the screen: a step reads `screen()`, finds the node a user would touch
/// and hands that node's intent to `send(_:)`. Setup that is no gesture (stored favourites, the
/// start screen, the dice's answers, network faults and delays) goes through `configure(_:)`, and
/// virtual time through `wait(_:)`. Every primitive returns once all work that is ready at the
/// current virtual time has run to its end (the driver settles its tasks); only `wait` moves
/// virtual time, and nothing sleeps in real time.
///
/// A primitive that cannot be carried out (no app running, the screen on top refuses the intent)
/// throws `StepUnavailable`; one this driver cannot carry out in its mode at all (a simulated
/// fault over real HTTP) throws `StepUnsupported`.
@MainActor
public protocol ScenarioDriver: AnyObject {
  /// Carries out a setup step (`role == .setup`): stored favourites and the start screen take
  /// effect at the next `launch` or `relaunch`, the dice's answers and the network at once; may
  /// be called before `launch`. Other steps change nothing here.
  func configure(_ setup: Step.Action) async throws
  /// Starts the app.
  func launch() async throws
  /// Stops the app and starts it again; stored favourites stay.
  func relaunch() async throws
  /// Advances the virtual clock by `duration`, running what becomes due.
  func wait(_ duration: Duration) async throws
  /// Sends an intent that a node of the current screen offers, as touching that node would.
  func send(_ intent: UserIntent) async throws

  /// The screen on top as its view description, or `nil` while the app is not running.
  func screen() -> Node?
  /// The screen rendered as text (what `expect screen` compares and `--record` writes).
  func screenText() -> String
  /// The requests sent since the last call, oldest first, as `GET search.php?s=Lasagne`.
  func takeRequests() -> [String]
  /// The requests sent so far from the `index`th on, oldest first; reading them marks nothing
  /// as read, so a walkthrough or a storyboard lists each step's requests without changing what
  /// `expect requests` sees.
  func sentRequests(from index: Int) -> [String]
  /// The virtual time that has passed since the driver was made: the scenario's `wait`s.
  func simulatedTime() -> Duration
}

extension ScenarioDriver {
  public func screenText() -> String {
    screen().map { TextRenderer().render($0) } ?? Self.notRunning
  }

  public func simulatedTime() -> Duration { .zero }

  /// What `screenText()` reads while no app runs.
  public static var notRunning: String { "(the app is not running)" }

  /// The texts of the screen's nodes, one entry per node (what `expect visible` looks for).
  public func visibleTexts() -> [String] { screen()?.visibleTexts ?? [] }

  /// The navigation title of the screen on top, if it has one.
  public func title() -> String? { screen()?.screenTitle }

  /// Types `text` at the end of the search field, one keystroke per character, as `type` does.
  public func type(_ text: String) async throws {
    try await Gestures.type(text, on: self)
  }
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
