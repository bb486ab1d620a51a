import Scenarios
import ViewDescription
import ViewModels

/// What a key does: intents for the app, each with the scenario step that replays it, and the
/// player's new view.
package struct PlayerAction: Equatable, Sendable {
  /// What to send to the app, in order: each one taken from the node the key acts on.
  package var intents: [UserIntent] = []
  /// The scenario steps the key stands for (a backspace is `clear search` and a new `type`).
  var steps: [Step.Action] = []
  var view: PlayerView
  var quits = false
}

/// The keys of `rezepte play` (a contract, listed in the help line): each one finds the node it
/// acts on in the current screen's tree and sends that node's intent, as the scenario driver
/// does; nothing reaches past the view description.
enum KeyMap {
  /// What `key` does on `tree` laid out as `layout`, with `bodyHeight` lines of visible body.
  static func action(
    for key: Key, tree: Node, layout: Layout, view: PlayerView, bodyHeight: Int = 10
  ) -> PlayerAction {
    var view = view
    if key == .control("c") { return PlayerAction(view: view, quits: true) }
    let field = Gestures.searchField(on: tree)
    if view.isEditing {
      guard let field else {
        view.isEditing = false
        return action(for: key, tree: tree, layout: layout, view: view, bodyHeight: bodyHeight)
      }
      switch key {
      case .up, .down:
        view.isEditing = false
        return action(for: key, tree: tree, layout: layout, view: view, bodyHeight: bodyHeight)
      default:
        return editing(key, field: field, tree: tree, view: view)
      }
    }
    if view.isPickerOpen {
      switch key {
      case .escape, .left, .character("c"):
        view.isPickerOpen = false
        view.selection = 0
        view.scroll = 0
        return PlayerAction(view: view)
      case .enter:
        guard layout.items.indices.contains(view.selection) else { return PlayerAction(view: view) }
        let option = layout.items[view.selection]
        view.isPickerOpen = false
        view.selection = 0
        view.scroll = 0
        return PlayerAction(
          intents: [option.intent], steps: [.pickCategory(option.label)], view: view)
      case .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end,
        .character("q"):
        break  // moving through the options, or quitting, as below
      default:
        return PlayerAction(view: view)  // the screen behind the picker takes no keys
      }
    }
    switch key {
    case .character("q"):
      return PlayerAction(view: view, quits: true)
    case .up, .character("k"), .down, .character("j"):
      let step = key == .up || key == .character("k") ? -1 : 1
      if layout.items.isEmpty {
        view.scroll += step
        view.followsSelection = false
      } else {
        // From no selection (the field had the keys and only suggestions were shown), the
        // first step lands on the first or the last item.
        let current =
          layout.items.indices.contains(view.selection)
          ? view.selection : (step > 0 ? -1 : layout.items.count)
        view.selection = min(max(current + step, 0), layout.items.count - 1)
        view.followsSelection = true
      }
      return PlayerAction(view: view)
    case .pageUp, .pageDown:
      let page = max(bodyHeight - 1, 1)
      view.scroll += key == .pageUp ? -page : page
      view.followsSelection = false
      return PlayerAction(view: view)
    case .home, .end:
      view.selection = key == .home ? 0 : max(layout.items.count - 1, 0)
      view.scroll = key == .home ? 0 : max(layout.body.count - bodyHeight, 0)
      view.followsSelection = true
      return PlayerAction(view: view)
    case .enter:
      guard layout.items.indices.contains(view.selection) else { return PlayerAction(view: view) }
      let item = layout.items[view.selection]
      let step: Step.Action =
        switch item.kind {
        case .row, .tile: .open(item.label)
        case .suggestion: .pickSuggestion(item.label)
        case .picker: .pickCategory(item.label)
        default: .tap(item.label)
        }
      return PlayerAction(intents: [item.intent], steps: [step], view: view)
    case .escape where field?.has(.focused) == true:
      return leave(field, view: view)
    case .escape, .left:
      guard let intent = Gestures.backIntent(on: tree) else { return PlayerAction(view: view) }
      return PlayerAction(intents: [intent], steps: [.back], view: view)
    case .character("/"):
      guard let field else { return PlayerAction(view: view) }
      view.isEditing = true
      guard !field.has(.focused) else { return PlayerAction(view: view) }
      return PlayerAction(intents: [.searchFocusChanged(true)], steps: [.focusSearch], view: view)
    case .character("h"):
      return press(Gestures.heart(on: tree), step: .toggleHeart, view: view)
    case .character("r"):
      guard let intent = Gestures.refreshIntent(on: tree) else {
        return PlayerAction(view: view)
      }
      return PlayerAction(intents: [intent], steps: [.pullToRefresh], view: view)
    case .character("d"):
      return press(button(AppText.dice, in: tree), step: .tapDice, view: view)
    case .character("e"):
      return press(button(AppText.retry, in: tree), step: .retry, view: view)
    case .character("n"):
      return press(button(AppText.noticeDismiss, in: tree), step: .dismissNotice, view: view)
    case .character("c"):
      guard let picker = tree.first(where: { $0.kind == .picker }) else {
        return PlayerAction(view: view)
      }
      view.isPickerOpen = true
      view.selection = picker.options.firstIndex { $0 == picker.selection } ?? 0
      view.scroll = 0
      view.followsSelection = true
      return PlayerAction(view: view)
    default:
      return PlayerAction(view: view)
    }
  }

  /// Whether `key` edits the search field's text while the field has the keys.
  static func edits(_ key: Key) -> Bool {
    switch key {
    case .character, .backspace, .control("u"): true
    default: false
    }
  }

  /// What a run of editing keys (`edits(_:)`) does to the search field in `tree` while the field
  /// has the keys: characters are typed at the end, `⌫` deletes the last one, Ctrl-U empties the
  /// field. The run is one intent with the new text, however many keys a paste brought, so a
  /// read of the terminal costs one text change and time linear in its keys. It is saved as
  /// `type`, or, when it deleted from the text it found, as `clear search` and the new text
  /// typed afresh (the scenario language types only at the end).
  static func edit(_ keys: [Key], tree: Node, view: PlayerView) -> PlayerAction {
    guard view.isEditing, let field = Gestures.searchField(on: tree) else {
      return PlayerAction(view: view)
    }
    let old = field.text ?? ""
    var kept = old.endIndex  // the end of the part of the old text that stays
    var typed = ""
    for key in keys {
      switch key {
      case .character(let character):
        typed.append(character)
      case .backspace:
        if !typed.isEmpty {
          typed.removeLast()
        } else if kept > old.startIndex {
          kept = old.index(before: kept)
        }
      case .control("u"):
        typed = ""
        kept = old.startIndex
      default:
        break
      }
    }
    if kept == old.endIndex {
      guard !typed.isEmpty else { return PlayerAction(view: view) }
      return PlayerAction(
        intents: [.searchTextChanged(old + typed)], steps: [.type(typed)], view: view)
    }
    let text = String(old[..<kept]) + typed
    return PlayerAction(
      intents: [.searchTextChanged(text)],
      steps: [.clearSearch] + (text.isEmpty ? [] : [.type(text)]), view: view)
  }

  /// Keys while the search field has the keyboard: the editing keys change its text (see
  /// `edit(_:tree:view:)`), `Enter` hands the keys back to the commands (the field keeps the
  /// focus, so its suggestions can be picked), `Esc` leaves the field.
  private static func editing(_ key: Key, field: Node, tree: Node, view: PlayerView)
    -> PlayerAction
  {
    var view = view
    switch key {
    case _ where edits(key):
      return edit([key], tree: tree, view: view)
    case .enter:
      view.isEditing = false
      return PlayerAction(view: view)
    case .escape:
      return leave(field, view: view)
    default:
      return PlayerAction(view: view)
    }
  }

  /// Hands the keys back and, when the field has the focus, sends its leaving intent (the
  /// suggestions hide), as the keyboard's dismiss key does on a phone.
  private static func leave(_ field: Node?, view: PlayerView) -> PlayerAction {
    var view = view
    view.isEditing = false
    guard let field, field.has(.focused) else { return PlayerAction(view: view) }
    return PlayerAction(intents: [.searchFocusChanged(false)], steps: [.leaveSearch], view: view)
  }

  /// The button labelled `label`, if the screen shows one, found as its step finds it.
  private static func button(_ label: String, in tree: Node) -> Tappable? {
    Gestures.target(label, kinds: [.button], on: tree)
  }

  private static func press(_ target: Tappable?, step: Step.Action, view: PlayerView)
    -> PlayerAction
  {
    // A disabled button ignores the press, as on a phone.
    guard let target, !target.isDisabled else { return PlayerAction(view: view) }
    return PlayerAction(intents: [target.intent], steps: [step], view: view)
  }
}
