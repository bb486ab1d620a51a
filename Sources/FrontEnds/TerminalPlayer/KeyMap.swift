import Scenarios
import ViewDescription
import ViewModels

/// What a key does: intents for the app (each taken from the node the key acts on), the
/// scenario steps that replay them, the player's new view, and a sentence for the bottom line.
package struct PlayerAction: Equatable, Sendable {
  package var intents: [UserIntent] = []
  var steps: [Step.Action] = []
  var view: PlayerView
  var quits = false
  /// The search key searched the field's text at once: the selection goes to the first row of
  /// the results, and the saved session waits out the search pause (`scenarioLines`).
  var searchesAtOnce = false
  var note: String?
  /// Where a swipe moved VoiceOver's focus.
  var cursor: VoiceOverCursor?
}

/// The keys of `rezepte play` (`PlayCommand.keys`): each one finds the node it acts on in the
/// current screen's tree, as the scenario steps do (`Gestures`), and sends that node's intent.
enum KeyMap {
  /// What `key` does on `tree` laid out as `layout`, with `bodyHeight` lines of visible body
  /// and VoiceOver's focus where `cursor` has it.
  static func action(
    for key: Key, tree: Node, layout: Layout, view: PlayerView, bodyHeight: Int = 10,
    cursor: VoiceOverCursor = VoiceOverCursor()
  ) -> PlayerAction {
    var view = view
    let field = tree.searchField?.field
    // The keys that move through the picker's options or the key table.
    let moves: Set<Key> = [
      .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end,
    ]
    switch (view.mode, key) {
    case (_, .control("c")),
      (_, .character("q")) where view.mode != .editing:
      return PlayerAction(view: view, quits: true)
    case (.editing, _) where field == nil, (.editing, .up), (.editing, .down):
      view.mode = .browsing
      return action(
        for: key, tree: tree, layout: layout, view: view, bodyHeight: bodyHeight, cursor: cursor)
    case (.editing, .enter):
      // The keyboard's search key: the text is searched at once, as a picked suggestion is, and
      // the field lets go. An empty field only hands the keys back and keeps the focus, so that
      // its suggestions can be picked.
      view.mode = .browsing
      guard let field, !field.text.isEmpty else { return PlayerAction(view: view) }
      return PlayerAction(
        intents: [field.submitting(field.text)], steps: [.leaveSearch],
        view: PlayerView(voiceOver: view.voiceOver), searchesAtOnce: true)
    case (.editing, .escape):
      return leave(field, view: view)
    case (.editing, _):
      return edit([key], tree: tree, view: view)
    case (.picker, .escape), (.picker, .left), (.picker, .character("c")):
      return PlayerAction(view: PlayerView())
    case (.picker, _) where key != .enter && !moves.contains(key):
      return PlayerAction(view: view)  // the screen behind the picker takes no keys
    case (.keys, _) where !moves.contains(key):
      return PlayerAction(view: PlayerView())  // any other key closes the table
    case (_, .pageUp), (_, .pageDown):
      view.scroll += (key == .pageUp ? -1 : 1) * max(bodyHeight - 1, 1)
      view.followsSelection = false
      return PlayerAction(view: view)
    case (.browsing, .character("v")):
      view.voiceOver.toggle()
      return PlayerAction(view: view)
    case (.browsing, _) where view.voiceOver:
      return voiceOver(key, tree: tree, view: view, cursor: cursor)
    case (_, .up), (_, .character("k")), (_, .down), (_, .character("j")):
      let step = key == .up || key == .character("k") ? -1 : 1
      if layout.items.isEmpty {
        view.scroll += step
        view.followsSelection = false
      } else {
        // From no selection (only suggestions were shown), the first or the last item.
        let current =
          layout.items.indices.contains(view.selection)
          ? view.selection : (step > 0 ? -1 : layout.items.count)
        view.selection = min(max(current + step, 0), layout.items.count - 1)
        view.followsSelection = true
      }
      return PlayerAction(view: view)
    case (_, .home):
      return PlayerAction(view: PlayerView(mode: view.mode))
    case (_, .end):
      let last = max(layout.items.count - 1, 0)
      let scroll = max(layout.body.count - bodyHeight, 0)
      return PlayerAction(view: PlayerView(mode: view.mode, selection: last, scroll: scroll))
    case (_, .enter):
      guard layout.items.indices.contains(view.selection) else { return PlayerAction(view: view) }
      let item = layout.items[view.selection]
      let step: Step.Action =
        switch item.kind {
        case .row, .tile: .open(item.label)
        case .suggestion: .pickSuggestion(item.label)
        case .option: .pickCategory(item.label)
        default: .tap(item.label)
        }
      guard item.kind == .option else {
        return PlayerAction(intents: [item.intent], steps: [step], view: view)
      }
      // While a search is shown, the list's title names no category.
      let searching = tree.screenTitle != tree.picker?.selection
      return PlayerAction(
        intents: [item.intent], steps: [step], view: PlayerView(),
        note: searching
          ? "Die Suche bleibt stehen, denn sie gilt für alle Kategorien. Leere sie (/, Strg-U), "
            + "um \(item.label) zu sehen." : nil)
    case (_, .escape) where field?.isFocused == true:
      return leave(field, view: view)
    case (_, .escape), (_, .left):
      return tap(tree.control(.back), step: .back, view: view)
    case (_, .character("/")):
      guard let field else { return PlayerAction(view: view) }  // no search field here
      view.mode = .editing
      return press(field.isFocused ? nil : field.focusing(true), step: .focusSearch, view: view)
    case (_, .character("h")):
      return tap(tree.control(.heart), step: .toggleHeart, view: view)
    case (_, .character("r")):
      return press(tree.refreshableList?.refresh, step: .pullToRefresh, view: view)
    case (_, .character("d")):
      return tap(tree.control(.dice), step: .tapDice, view: view)
    case (_, .character("e")):
      return tap(tree.control(.retry), step: .retry, view: view)
    case (_, .character("n")):
      return tap(tree.control(.dismissNotice), step: .dismissNotice, view: view)
    case (_, .character("c")):
      guard let picker = tree.picker else { return PlayerAction(view: view) }
      let selection = picker.options.firstIndex { $0.title == picker.selection } ?? 0
      return PlayerAction(view: PlayerView(mode: .picker, selection: selection))
    case (_, .character("?")):
      return PlayerAction(view: PlayerView(mode: .keys, selection: view.selection))
    default:
      return PlayerAction(view: view, note: "Diese Taste bewirkt hier nichts; ? zeigt die Tasten.")
    }
  }

  /// What `key` does while VoiceOver is on, saved as the `voiceover` steps: ↑ and ← swipe to
  /// the previous element, ↓ and → to the next, Enter double-taps the focused one (the search
  /// field then takes the keys, as the keyboard comes up), Esc is the escape gesture.
  private static func voiceOver(
    _ key: Key, tree: Node, view: PlayerView, cursor: VoiceOverCursor
  ) -> PlayerAction {
    var view = view
    switch key {
    case .up, .left, .down, .right:
      let gesture: VoiceOverGesture = [.up, .left].contains(key) ? .previous : .next
      var moved = cursor
      guard moved.move(by: gesture == .next ? 1 : -1, in: tree.spokenElements) else {
        return PlayerAction(view: view)  // at the end already
      }
      return PlayerAction(steps: [.voiceOver(gesture)], view: view, cursor: moved)
    case .enter:
      let action = cursor.focused(in: tree.spokenElements)?.action
      if case .searchFocusChanged(true) = action { view.mode = .editing }
      return press(action, step: .voiceOver(.activate), view: view)
    case .escape:
      return tap(Gestures.escape(on: tree), step: .voiceOver(.back), view: view)
    default:
      return PlayerAction(
        view: view, note: "Mit VoiceOver: ↑↓←→ Fokus, Enter, Esc, Bild↑/Bild↓; v beendet VoiceOver."
      )
    }
  }

  /// Whether `key` edits the search field's text while the field has the keys.
  static func edits(_ key: Key) -> Bool {
    switch key {
    case .character, .backspace, .control("u"): true
    default: false
    }
  }

  /// What a run of editing keys (`edits(_:)`) does to the search field in `tree`: one text change,
  /// however many keys a paste brought, saved as `type`, or, when it deleted from the text it
  /// found, as `clear search` and the new text typed afresh (steps type only at the end).
  static func edit(_ keys: [Key], tree: Node, view: PlayerView) -> PlayerAction {
    guard let field = tree.searchField?.field else { return PlayerAction(view: view) }
    let old = field.text
    var text = old
    for key in keys {
      switch key {
      case .character(let character): text.append(character)
      case .backspace: _ = text.popLast()
      case .control("u"): text = ""
      default: break
      }
    }
    guard text != old else { return PlayerAction(view: view) }
    let steps: [Step.Action] =
      text.hasPrefix(old)
      ? [.type(String(text.dropFirst(old.count)))]
      : [.clearSearch] + (text.isEmpty ? [] : [.type(text)])
    return PlayerAction(intents: [field.typing(text)], steps: steps, view: view)
  }

  /// Hands the keys back and ends the field's focus, as the keyboard's dismiss key does.
  private static func leave(_ field: Node.SearchField?, view: PlayerView) -> PlayerAction {
    var view = view
    view.mode = .browsing
    let leaves = field?.isFocused == true ? field?.focusing(false) : nil
    return press(leaves, step: .leaveSearch, view: view)
  }

  /// Presses `target`, saved as `step`; a disabled one ignores the press, as on a phone.
  private static func tap(_ target: Tappable?, step: Step.Action, view: PlayerView)
    -> PlayerAction
  {
    press(target.flatMap { $0.isDisabled ? nil : $0.intent }, step: step, view: view)
  }

  /// Sends `intent`, saved as `step`, if there is one.
  private static func press(_ intent: UserIntent?, step: Step.Action, view: PlayerView)
    -> PlayerAction
  {
    PlayerAction(intents: intent.map { [$0] } ?? [], steps: intent == nil ? [] : [step], view: view)
  }
}
