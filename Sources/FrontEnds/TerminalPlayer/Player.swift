import FileSafety
import ViewDescription
import ViewModels

/// The interactive loop: keys in, intents to the app, frames out, and the session's log.
///
/// The player reads `app.state` only to build the screen with `AppScreen.body`, and sends only
/// the intents of the nodes on that screen; it redraws when the state changes, when the
/// terminal is resized, or after the keys of a read, and writes only the lines that changed.
@MainActor
final class Player {
  /// Something the loop reacts to.
  enum Event: Sendable {
    /// Bytes read from the terminal.
    case input([UInt8])
    /// Nothing followed an incomplete escape sequence in time.
    case escapeTimeout
    /// SIGWINCH.
    case resize
    /// The app published a new state.
    case stateChanged
    /// A signal (SIGTERM, SIGHUP, SIGINT) or, with `nil`, the end of input: end as if `q` was
    /// pressed.
    case terminate(signal: Int32?)
  }

  private let app: AppModel
  private let output: (String) -> Void
  private let size: () -> (width: Int, height: Int)
  private let clock = ContinuousClock()
  private var started: ContinuousClock.Instant
  private var screen: PlayerScreen
  private var parser = KeyParser()
  private var log: SessionLog
  /// The state of the last frame: the changes a read of keys caused are drawn once.
  private var drawnState: AppState?
  /// The signal that ended the session, if one did.
  private(set) var endingSignal: Int32?

  /// - Parameters:
  ///   - log: the session so far: its start screen and stored favourites.
  ///   - note: shown on the bottom line until the first key (which favourites file is in use).
  ///   - output: writes to the terminal.
  ///   - size: the terminal's columns and lines.
  init(
    app: AppModel, log: SessionLog, note: String? = nil, output: @escaping (String) -> Void,
    size: @escaping () -> (width: Int, height: Int)
  ) {
    self.app = app
    self.log = log
    self.output = output
    self.size = size
    screen = PlayerScreen(note: note)
    started = clock.now
  }

  /// Launches the app and plays until the user quits or `events` ends.
  ///
  /// - Parameter escapeTimeout: called when a read ended inside an escape sequence; it should
  ///   send `.escapeTimeout` a moment later.
  func run(events: AsyncStream<Event>, escapeTimeout: () -> Void) async -> SessionLog {
    started = clock.now
    app.launch()
    log.append(.launch, at: .zero)
    redraw(full: true)
    loop: for await event in events {
      switch event {
      case .input(let bytes):
        if press(parser.feed(bytes)) { break loop }
        if !parser.pending.isEmpty { escapeTimeout() }
      case .escapeTimeout:
        if press(parser.flush()) { break loop }
      case .resize:
        redraw(full: true)
        continue loop
      case .stateChanged:
        // One read's keys change the state several times; the frame after them showed it all.
        if app.state == drawnState { continue loop }
      case .terminate(let signal):
        endingSignal = signal
        break loop
      }
      redraw()
    }
    return log
  }

  /// Carries out the keys of one read; returns whether one quits.
  private func press(_ keys: [Key]) -> Bool {
    screen.status = favoritesIssue
    return screen.press(
      keys, size: size(), tree: { AppScreen.body(app.state) },
      perform: { action in
        let now = clock.now - started
        for step in action.steps { log.append(step, at: now) }
        for intent in action.intents { app.send(intent) }
      })
  }

  /// Why the favourites are not as stored: the last save failed, or the file could not be read.
  private var favoritesIssue: String? {
    let store = app.favorites
    return (store.saveIssue.map(Self.unsaved) ?? store.loadIssue?.description).map {
      $0.prefix(1).uppercased() + $0.dropFirst()
    }
  }

  /// What a failed save of the favourites means for the user.
  static func unsaved(_ issue: FileWriteError) -> String {
    let file = issue.path.isEmpty ? "" : " to \(issue.path)"
    return "the favourites could not be saved\(file) (\(issue.reason)); they are kept until the "
      + "app quits"
  }

  /// Draws the current state; only changed lines are written unless `full`.
  private func redraw(full: Bool = false) {
    screen.status = favoritesIssue
    let state = app.state
    drawnState = state
    let bytes = screen.draw(AppScreen.body(state), size: size(), full: full)
    if !bytes.isEmpty { output(bytes) }
  }
}
