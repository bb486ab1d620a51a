import ViewDescription
import ViewModels

/// The interactive loop: keys in, intents to the app, frames out, and the session's log.
///
/// The player reads `app.state` only to build the screen with `AppScreen.body`, and sends only
/// the intents of the nodes on that screen; it redraws when the state changes, when the
/// terminal is resized, or when a key moved the selection, and writes only the lines that
/// changed.
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
  private var view = PlayerView()
  private var parser = KeyParser()
  private var writer = FrameWriter()
  private var log: SessionLog
  /// The selection and scroll position of screens left, to find them again on the way back.
  private var positions: [ScreenKey: (view: PlayerView, label: String?)] = [:]
  private var screenKey: ScreenKey?
  /// The label of the selected item, so that the selection stays on it while the list changes.
  private var selectedLabel: String?
  /// The signal that ended the session, if one did.
  private(set) var endingSignal: Int32?

  /// - Parameters:
  ///   - log: the session so far: its start screen and stored favourites.
  ///   - output: writes to the terminal.
  ///   - size: the terminal's columns and lines.
  init(
    app: AppModel, log: SessionLog, output: @escaping (String) -> Void,
    size: @escaping () -> (width: Int, height: Int)
  ) {
    self.app = app
    self.log = log
    self.output = output
    self.size = size
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
        for key in parser.feed(bytes) where handle(key) { break loop }
        if !parser.pending.isEmpty { escapeTimeout() }
      case .escapeTimeout:
        for key in parser.flush() where handle(key) { break loop }
      case .resize:
        redraw(full: true)
        continue loop
      case .stateChanged:
        break
      case .terminate(let signal):
        endingSignal = signal
        break loop
      }
      redraw()
    }
    log.end = clock.now - started
    return log
  }

  /// Carries out one key; returns whether it quits.
  private func handle(_ key: Key) -> Bool {
    let tree = AppScreen.body(app.state)
    let (width, height) = size()
    let layout = ScreenLayout(width: width, status: favoritesIssue).layout(tree, view: view)
    let action = KeyMap.action(
      for: key, tree: tree, layout: layout, view: view, bodyHeight: layout.bodyHeight(for: height))
    if action.view.isPickerOpen != view.isPickerOpen {
      selectedLabel = nil
    } else if layout.items.indices.contains(action.view.selection) {
      selectedLabel = layout.items[action.view.selection].label
    }
    view = action.view
    let now = clock.now - started
    for step in action.steps { log.append(step, at: now) }
    for intent in action.intents { app.send(intent) }
    return action.quits
  }

  /// Why the favourites are not as stored: the last save failed, or the file could not be read.
  private var favoritesIssue: String? {
    let store = app.favorites
    return (store.saveIssue?.description ?? store.loadIssue?.description).map {
      $0.prefix(1).uppercased() + $0.dropFirst()
    }
  }

  /// Draws the current state; only changed lines are written unless `full`.
  private func redraw(full: Bool = false) {
    let tree = AppScreen.body(app.state)
    let (width, height) = size()
    let layouter = ScreenLayout(width: width, status: favoritesIssue)
    let key = ScreenKey(tree)
    if key != screenKey {
      if let screenKey { positions[screenKey] = (view, selectedLabel) }
      // A search changes the list's title: the keys stay with the field while it is typed in.
      let isEditing = view.isEditing
      let saved = positions[key]
      view = saved?.view ?? PlayerView()
      view.isEditing = isEditing
      view.isPickerOpen = false
      selectedLabel = saved?.label
      screenKey = key
    }
    var layout = layouter.layout(tree, view: view)
    if let selectedLabel, !layout.items.isEmpty,
      !layout.items.indices.contains(view.selection)
        || layout.items[view.selection].label != selectedLabel,
      let index = layout.items.firstIndex(where: { $0.label == selectedLabel })
    {
      view.selection = index
      view.followsSelection = true
    }
    if view.isEditing, tree.first(where: { $0.kind == .searchField }) == nil {
      view.isEditing = false
    }
    layout = layouter.layout(tree, view: view)
    view.settle(in: layout, bodyHeight: layout.bodyHeight(for: height))
    layout = layouter.layout(tree, view: view)
    if layout.items.indices.contains(view.selection) {
      selectedLabel = layout.items[view.selection].label
    }
    let frame = layout.frame(height: height, scroll: view.scroll)
    let bytes = writer.update(to: frame, width: width, full: full)
    if !bytes.isEmpty { output(bytes) }
  }
}

/// Which screen is on top, as far as the player's memory of positions goes.
struct ScreenKey: Hashable, Sendable {
  var title: String?
  var back: String?

  init(_ tree: Node) {
    let screen = tree.first { $0.kind == .screen }
    title = screen?.label
    back = screen?.back
  }
}
