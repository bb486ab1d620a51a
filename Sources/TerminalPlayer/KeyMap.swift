import Scenarios
import ViewDescription
import ViewModels

/// What a key does: intents for the app, each with the scenario step that replays it, and the
/// player's new view.
struct PlayerAction: Equatable, Sendable {
  /// What to send to the app, in order: each one taken from the node the key acts on.
  var intents: [UserIntent] = []
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
    let field = tree.first { $0.kind == .searchField }
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
        return editing(key, field: field, view: view)
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
        view.selection = min(max(view.selection + step, 0), layout.items.count - 1)
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
    case .escape, .left:
      guard let screen = tree.first(where: { $0.kind == .screen }), screen.back != nil,
        let intent = screen.intent
      else { return PlayerAction(view: view) }
      return PlayerAction(intents: [intent], steps: [.back], view: view)
    case .character("/"):
      guard let field else { return PlayerAction(view: view) }
      view.isEditing = true
      guard !field.has(.focused), let intent = field.focusing else {
        return PlayerAction(view: view)
      }
      return PlayerAction(intents: [intent], steps: [.focusSearch], view: view)
    case .character("h"):
      let heart = tree.tappables.first {
        $0.label == AppText.addFavorite
          || $0.label == AppText.removeFavorite
      }
      return press(heart, step: .toggleHeart, view: view)
    case .character("r"):
      guard let list = tree.first(where: { $0.has(.refreshable) }), let intent = list.intent else {
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

  /// Keys while the search field has the keyboard: characters are typed, `⌫` deletes the last
  /// one, Ctrl-U empties the field, `Enter` and `Esc` hand the keys back to the commands.
  private static func editing(_ key: Key, field: Node, view: PlayerView) -> PlayerAction {
    var view = view
    let text = field.text ?? ""
    switch key {
    case .character(let character):
      let typed = text + String(character)
      guard let intent = field.typing(typed) else { return PlayerAction(view: view) }
      return PlayerAction(intents: [intent], steps: [.type(String(character))], view: view)
    case .backspace:
      guard !text.isEmpty, let intent = field.typing(String(text.dropLast())) else {
        return PlayerAction(view: view)
      }
      // The scenario language types only at the end: the shorter text is typed afresh.
      let rest = String(text.dropLast())
      return PlayerAction(
        intents: [intent], steps: [.clearSearch] + (rest.isEmpty ? [] : [.type(rest)]),
        view: view)
    case .control("u"):
      guard !text.isEmpty, let intent = field.typing("") else { return PlayerAction(view: view) }
      return PlayerAction(intents: [intent], steps: [.clearSearch], view: view)
    case .enter, .escape:
      view.isEditing = false
      return PlayerAction(view: view)
    default:
      return PlayerAction(view: view)
    }
  }

  /// The enabled button labelled `label`, if the screen shows one.
  private static func button(_ label: String, in tree: Node) -> Tappable? {
    tree.tappables.first { $0.kind == .button && $0.label == label }
  }

  private static func press(_ target: Tappable?, step: Step.Action, view: PlayerView)
    -> PlayerAction
  {
    // A disabled button ignores the press, as on a phone.
    guard let target, !target.isDisabled else { return PlayerAction(view: view) }
    return PlayerAction(intents: [target.intent], steps: [step], view: view)
  }
}
