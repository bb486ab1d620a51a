import FileSafety
import ViewDescription
import ViewModels

extension PlayCommand {
  /// Something the player's loop reacts to; `terminate` (`nil`: end of input) acts as `q` does.
  enum Event: Sendable {
    case input([UInt8])
    case escapeTimeout, resize, stateChanged
    /// The app has carried out what the keys asked so far (`settle` was called before).
    case settled
    case terminate(signal: Int32?)
  }

  /// The interactive loop: launches the app, then keys in, intents to the app, frames out, until
  /// the user quits or `events` ends; returns the session's log and the signal that ended it.
  /// `escapeTimeout` is called when a read ended inside an escape sequence, `settle` when keys
  /// wait for the app to carry out a key's intents (then `settled` comes).
  @MainActor
  static func play(
    _ app: AppModel, log: SessionLog, screen: PlayerScreen, terminal: Terminal,
    events: AsyncStream<Event>, escapeTimeout: () -> Void, settle: () -> Void
  ) async -> (log: SessionLog, signal: Int32?) {
    var log = log
    var screen = screen
    var parser = KeyParser()
    let clock = ContinuousClock()
    let started = clock.now
    /// The state of the last frame: the changes a read of keys caused are drawn once.
    var drawnState: AppState?
    func redraw(full: Bool = false) {
      screen.status = favoritesIssue(app.favorites)
      if let drawnState {
        screen.announced += AppScreen.announcements(from: drawnState, to: app.state)
      }
      drawnState = app.state
      let bytes = screen.draw(AppScreen.body(app.state), size: terminal.size, full: full)
      if !bytes.isEmpty { terminal.output(bytes) }
    }
    /// Keys read and not yet pressed: those after a key whose intents the app still carries
    /// out (a dice's request, say) wait for them, as the steps of the saved session do.
    var queued: [Key] = []
    var isSettling = false
    func press(_ keys: [Key]) -> Bool {
      queued += keys
      if !isSettling {
        screen.status = favoritesIssue(app.favorites)
        let quits: Bool
        (quits, queued) = screen.press(
          queued, size: terminal.size, tree: { AppScreen.body(app.state) },
          perform: { action in
            for step in action.steps {
              log.entries.append(
                .init(step: step, time: clock.now - started, waitsForSearch: action.searchesAtOnce)
              )
            }
            for intent in action.intents { app.send(intent) }
          })
        if quits { return true }
        if !queued.isEmpty {
          isSettling = true
          settle()
        }
      }
      // Ctrl-C is answered at once, also behind keys that wait: its watchdog waits only 2 s.
      return queued.contains(.control("c"))
    }

    app.launch()
    log.entries.append(.init(step: .launch, time: .zero))
    redraw(full: true)
    for await event in events {
      switch event {
      case .input(let bytes):
        if press(parser.feed(bytes)) { return (log, nil) }
        if !parser.pending.isEmpty { escapeTimeout() }
      case .escapeTimeout:
        if press(parser.flush()) { return (log, nil) }
      case .settled:
        isSettling = false
        if press([]) { return (log, nil) }
      case .resize:
        redraw(full: true)
        continue
      case .stateChanged where app.state == drawnState:
        continue  // One read's keys change the state several times; its frame showed them all.
      case .stateChanged:
        break
      case .terminate(let signal):
        return (log, signal)
      }
      redraw()
    }
    return (log, nil)
  }

  /// Why the favourites are not as stored: the last save failed, or the file could not be read.
  @MainActor
  private static func favoritesIssue(_ store: FavoritesStore) -> String? {
    (store.saveIssue.map(unsaved) ?? store.loadIssue?.description).map {
      $0.prefix(1).uppercased() + $0.dropFirst()
    }
  }

  /// What a failed save of the favourites means for the user.
  static func unsaved(_ issue: FileWriteError) -> String {
    let file = issue.path.isEmpty ? "" : " to \(issue.path)"
    return "the favourites could not be saved\(file) (\(issue.reason)); they are kept until the "
      + "app quits"
  }
}
