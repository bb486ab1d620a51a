import Spelling
import ViewDescription
import ViewModels

/// Where a gesture's node is on a screen, found by its identifier and kind, for the steps and
/// for the player's keys: a step is told what the screen offers instead when there is none.
package enum Gestures {
  /// The one tappable node of these kinds labelled `label`.
  package static func target(
    _ label: String, kinds: Set<Tappable.Kind>, on screen: Node
  ) -> Tappable? {
    screen.tappables.first { $0.label == label && kinds.contains($0.kind) }
  }

  /// What VoiceOver's escape gesture presses on `screen`: the notice's button, else back.
  package static func escape(on screen: Node) -> Tappable? {
    screen.alert?.buttons.first ?? screen.control(.back)
  }

  // MARK: - For the steps

  /// The node the gesture `action` touches on `screen` (the search field's focus and text stand
  /// as a node of their own), or why the screen offers none.
  static func target(of action: Step.Action, on screen: Node) throws(StepUnavailable) -> Tappable {
    func found(
      _ node: Tappable?, _ missing: String, kinds: Set<Tappable.Kind> = []
    ) throws(StepUnavailable) -> Tappable {
      guard let node else { throw StepUnavailable("\(missing); \(offers(screen, kinds: kinds))") }
      return node
    }
    func search(_ gesture: (Node.SearchField) -> UserIntent) throws(StepUnavailable) -> Tappable {
      let field = try field(on: screen).field
      return Tappable(kind: .searchField, id: .search, label: field.prompt, intent: gesture(field))
    }
    func control(_ id: NodeID, _ missing: String) throws(StepUnavailable) -> Tappable {
      try found(screen.control(id), missing, kinds: [.button])
    }
    switch action {
    case .clearSearch: return try search { $0.typing("") }
    case .focusSearch: return try search { $0.focusing(true) }
    case .leaveSearch: return try search { $0.focusing(false) }
    case .pickCategory(let name): return try option(category: name, on: screen)
    case .pickSuggestion(let text): return try suggestion(text, on: screen)
    case .pullToRefresh:
      return try found(
        screen.refreshableList?.refresh.map { Tappable(kind: .list, label: "", intent: $0) },
        "nothing on this screen can be pulled to refresh")
    case .tapDice: return try control(.dice, "this screen has no dice button")
    case .retry: return try control(.retry, "this screen has no retry button")
    case .dismissNotice: return try control(.dismissNotice, "this screen has no notice to dismiss")
    case .open(let name):
      return try found(
        target(name, kinds: [.row, .tile], on: screen),
        "this screen has no row or tile named \(Quoting.quoted(name))", kinds: [.row, .tile])
    case .toggleHeart: return try control(.heart, "this screen has no heart button")
    case .back:
      guard let back = screen.control(.back) else {
        throw StepUnavailable("this is the first screen, there is nothing to go back to")
      }
      return back
    case .tap(let label):
      do {
        return try screen.tappable(labeled: label)
      } catch {
        throw StepUnavailable(error.description)
      }
    case .title, .givenFavorites, .givenRandom, .givenStart, .launch, .relaunch, .type, .wait,
      .network, .networkDelay, .expectTitle, .expectVisible, .expectHidden, .expectFavorite,
      .expectRequests, .expectScreen, .expectSpoken, .expectAnnounced, .voiceOver:
      throw StepUnavailable("`\(action)` touches no node")
    }
  }

  /// The search field of `screen`, with its suggestions.
  static func field(
    on screen: Node
  ) throws(StepUnavailable) -> (field: Node.SearchField, suggestions: [String]) {
    guard let field = screen.searchField else {
      throw StepUnavailable("this screen has no search field; \(offers(screen))")
    }
    return field
  }

  /// The option `name` of the screen's picker.
  static func option(category name: String, on screen: Node) throws(StepUnavailable) -> Tappable {
    guard let picker = screen.picker else {
      throw StepUnavailable("this screen has no category picker; \(offers(screen))")
    }
    guard let option = target(name, kinds: [.option], on: screen) else {
      let options =
        picker.options.isEmpty
        ? "it offers no categories (they have not loaded)"
        : "it offers \(picker.options.map(\.title).joined(separator: ", "))"
      throw StepUnavailable(
        "the picker \(Quoting.quoted(picker.title)) has no \(Quoting.quoted(name)): \(options)")
    }
    return option
  }

  /// The suggestion `text` under the focused search field.
  static func suggestion(_ text: String, on screen: Node) throws(StepUnavailable) -> Tappable {
    let (field, suggestions) = try field(on: screen)
    guard field.isFocused else {
      throw StepUnavailable(
        "the search field is not focused, so it shows no suggestions; `focus search` first")
    }
    guard !suggestions.isEmpty else {
      throw StepUnavailable(
        "the search field shows no suggestions while it holds \(Quoting.quoted(field.text)); "
          + "they show while it is empty (`clear search`)")
    }
    guard let suggestion = target(text, kinds: [.suggestion], on: screen) else {
      let shown = suggestions.map { Quoting.quoted($0) }.joined(separator: ", ")
      throw StepUnavailable(
        "there is no suggestion \(Quoting.quoted(text)); the suggestions are \(shown)")
    }
    return suggestion
  }

  /// `it offers "Zufallsrezept", "Apam balik", …`: what can be tapped instead, the nodes of
  /// `kinds` first when there are any; picker options hide in a closed menu and are left out.
  static func offers(_ screen: Node, kinds: Set<Tappable.Kind> = []) -> String {
    let all = screen.tappables.filter { $0.kind != .option }
    let preferred = all.filter { kinds.contains($0.kind) }
    var seen: Set<String> = []
    let labels = (preferred.isEmpty ? all : preferred).map(\.label).filter {
      seen.insert($0).inserted
    }
    guard !labels.isEmpty else { return "it offers nothing to tap" }
    let shown = labels.prefix(12).map { Quoting.quoted($0) }.joined(separator: ", ")
    return "it offers " + shown + (labels.count > 12 ? " and \(labels.count - 12) more" : "")
  }
}
