import ViewDescription
import ViewModels

/// The player's side of the screen, apart from the app and the terminal: how the keys of one
/// read act on the node tree (editing keys in a row are one text change, so a paste costs one
/// change and one frame), and the frame drawn for a tree. The selection rests on an item, not on
/// a line: rows or suggestions coming and going above it do not move it.
package struct PlayerScreen {
  /// Where the keys go, the selection and the scroll position.
  private(set) var view = PlayerView()
  /// A problem of the tool itself, shown over the help line (see `ScreenLayout.status`).
  var status: String?
  /// A sentence shown until the next key: which favourites file is in use, what a key did.
  var note: String?
  /// What the app announced since the last key (`AppScreen.announcements`), shown with VoiceOver.
  var announced: [String] = []
  /// VoiceOver's cursor, following every screen from the launch on, as the replay's does: a
  /// saved `voiceover next` moves from where it moved here.
  private var cursor = VoiceOverCursor()
  private var writer = FrameWriter()
  /// The screen drawn last.
  private var screenKey: NodeID?
  /// The item the selection rests on; kept while it is missing and nothing else can be chosen
  /// (a list reloading).
  private var selected: Item.ID?
  /// The item each screen's selection rested on when it was left, by screen: `back` returns to
  /// the row or tile that was opened, as iOS keeps the place.
  private var remembered: [NodeID: Item.ID] = [:]
  /// Whether the last intent sent was a pull to refresh that has not been said to have ended.
  private var awaitsRefresh = false

  package init(note: String? = nil) { self.note = note }

  /// Carries out `keys` in order on the screen `tree()` builds (again after every intent sent),
  /// handing each key's action to `perform`; returns whether a key quits, and the keys left. It
  /// stops after a key (other than typing) that sent intents: the keys after it act on what
  /// those lead to once the app has carried them out, as the steps of a saved session do.
  package mutating func press(
    _ keys: [Key], size: (width: Int, height: Int), tree: () -> Node,
    perform: (PlayerAction) -> Void
  ) -> (quits: Bool, rest: [Key]) {
    guard !keys.isEmpty else { return (false, []) }
    note = nil
    announced = []
    var edits: [Key] = []
    // The screen the keys act on, built again only after an intent or when the keys go
    // elsewhere: a key that only moves needs no new layout.
    var current: (tree: Node, layout: Layout, mode: PlayerView.Mode)?
    var pressed = 0
    while pressed < keys.count {
      let key = keys[pressed]
      pressed += 1
      if view.mode == .editing, KeyMap.edits(key) {
        edits.append(key)
        continue
      }
      if !edits.isEmpty {
        perform(KeyMap.edit(edits, tree: tree(), view: view))
        edits = []
        current = nil
      }
      if current?.mode != view.mode {
        let tree = tree()
        cursor.follow(tree.spokenScreen)
        let layout = ScreenLayout(columns: size.width, status: status).layout(tree, view: view)
        current = (tree, layout, view.mode)
      }
      guard let (tree, layout, _) = current else { continue }
      let action = KeyMap.action(
        for: key, tree: tree, layout: layout, view: view,
        bodyHeight: layout.bodyHeight(for: size.height), cursor: cursor)
      cursor = action.cursor ?? cursor
      if action.searchesAtOnce || [view.mode, action.view.mode].contains(.picker) {
        selected = nil  // the first row of what comes, or an option of the picker
      } else if action.view.selection != view.selection,
        layout.items.indices.contains(action.view.selection)
      {
        selected = layout.items[action.view.selection].id
      }
      view = action.view
      note = action.note
      perform(action)
      if action.quits { return (true, []) }
      if !action.intents.isEmpty {
        awaitsRefresh = action.intents.contains(.pulledToRefresh)
        return (false, Array(keys[pressed...]))
      }
    }
    if !edits.isEmpty { perform(KeyMap.edit(edits, tree: tree(), view: view)) }
    return (false, [])
  }

  /// The bytes that draw `tree` on a terminal of `size`; only changed lines unless `full`.
  package mutating func draw(_ tree: Node, size: (width: Int, height: Int), full: Bool = false)
    -> String
  {
    // A screen of the stack, by the identity its entry got when it was pushed.
    let key = tree.screen?.id
    let reading = tree.spokenScreen
    let elements = reading.elements
    cursor.follow(reading)
    if key != screenKey {
      view = PlayerView(
        mode: view.mode == .picker ? .browsing : view.mode, voiceOver: view.voiceOver)
      if let left = screenKey { remembered[left] = selected }
      // Back: a screen shown before gets back the item that was opened from it.
      selected = key.flatMap { remembered[$0] }
      screenKey = key
    }
    if view.mode == .editing, tree.searchField == nil { view.mode = .browsing }
    // The silent refresh keeps the list: the bottom line says when it has ended.
    if awaitsRefresh, let list = tree.refreshableList, !list.isRefreshing {
      awaitsRefresh = false
      if tree.alert == nil { note = "↻ Aktualisiert." }
    }
    let spoken = view.voiceOver ? (cursor.focused(in: elements)?.spoken ?? "–", announced) : nil
    let layouter = ScreenLayout(columns: size.width, status: status, note: note, voiceOver: spoken)
    var layout = layouter.layout(tree, view: view)
    let laidOut = view.selection
    var found = selected.flatMap { id in layout.items.firstIndex { $0.id == id } }
    // The item the user had is gone and others have come (a search's results, the category's
    // rows again): the selection goes to the first row, as the index alone would point anywhere.
    if found == nil, selected != nil,
      let first = layout.items.firstIndex(where: { $0.kind != .suggestion })
    {
      found = first
    }
    if let found, found != view.selection {
      view.selection = found
      view.followsSelection = true
    }
    view.settle(in: layout, bodyHeight: layout.bodyHeight(for: size.height))
    // The selection's marker is part of the lines: they change only if the selection did.
    if view.selection != laidOut { layout = layouter.layout(tree, view: view) }
    // The selection moved by itself only when paging carried it along, or nothing was chosen.
    if selected == nil || found != nil, layout.items.indices.contains(view.selection) {
      selected = layout.items[view.selection].id
    }
    let frame = layout.frame(height: size.height, scroll: view.scroll)
    return writer.update(to: frame, width: size.width, full: full)
  }
}
