import Spelling
import ViewDescription
import ViewModels

/// Where a gesture's node is on a screen, found as a user finds it, for the steps and for the
/// player's keys: a step is told what the screen offers instead when there is none.
package enum Gestures {
  /// The one tappable node of these kinds labelled `label`.
  package static func target(_ label: String, kinds: Set<Node.Kind>, on screen: Node) -> Tappable? {
    screen.tappables.first { kinds.contains($0.kind) && $0.label == label }
  }

  /// The detail screen's heart button, whichever of its two titles it shows.
  package static func heart(on screen: Node) -> Tappable? {
    let titles = [AppText.addFavorite, AppText.removeFavorite]
    return screen.tappables.first { titles.contains($0.label) }
  }

  /// The back button's intent (the screen node's), unless this is the first screen.
  package static func backIntent(on screen: Node) -> UserIntent? {
    screen.first { $0.kind == .screen }.flatMap { $0.back == nil ? nil : $0.intent }
  }

  /// The refreshable list's intent.
  package static func refreshIntent(on screen: Node) -> UserIntent? {
    screen.first { $0.has(.refreshable) }?.intent
  }

  /// The screen's search field.
  package static func searchField(on screen: Node) -> Node? {
    screen.first { $0.kind == .searchField }
  }

  // MARK: - For the steps

  /// The node the gesture `action` touches on `screen` (an intent of the screen's own, such as
  /// going back, stands as a node), or why the screen offers none.
  static func target(of action: Step.Action, on screen: Node) throws(StepUnavailable) -> Tappable {
    func found(
      _ node: Tappable?, _ missing: String, kinds: Set<Node.Kind> = []
    ) throws(StepUnavailable) -> Tappable {
      guard let node else { throw StepUnavailable("\(missing); \(offers(screen, kinds: kinds))") }
      return node
    }
    func intent(_ intent: UserIntent?) -> Tappable? {
      intent.map { Tappable(kind: .button, label: "", intent: $0) }
    }
    func search(_ gesture: UserIntent) throws(StepUnavailable) -> Tappable {
      _ = try field(on: screen)
      return Tappable(kind: .searchField, label: "", intent: gesture)
    }
    func button(_ label: String, _ missing: String) throws(StepUnavailable) -> Tappable {
      try found(target(label, kinds: [.button], on: screen), missing, kinds: [.button])
    }
    switch action {
    case .clearSearch: return try search(.searchTextChanged(""))
    case .focusSearch: return try search(.searchFocusChanged(true))
    case .leaveSearch: return try search(.searchFocusChanged(false))
    case .pickCategory(let name): return try option(category: name, on: screen)
    case .pickSuggestion(let text): return try suggestion(text, on: screen)
    case .pullToRefresh:
      return try found(
        intent(refreshIntent(on: screen)), "nothing on this screen can be pulled to refresh")
    case .tapDice: return try button(AppText.dice, "this screen has no dice button")
    case .retry:
      return try button(AppText.retry, "this screen has no \(Quoting.quoted(AppText.retry)) button")
    case .dismissNotice:
      return try button(AppText.noticeDismiss, "this screen has no notice to dismiss")
    case .open(let name):
      return try found(
        target(name, kinds: [.row, .tile], on: screen),
        "this screen has no row or tile named \(Quoting.quoted(name))", kinds: [.row, .tile])
    case .toggleHeart: return try found(heart(on: screen), "this screen has no heart button")
    case .back:
      guard let back = intent(backIntent(on: screen)) else {
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
      .expectRequests, .expectScreen:
      throw StepUnavailable("`\(action)` touches no node")
    }
  }

  /// The search field of `screen`.
  static func field(on screen: Node) throws(StepUnavailable) -> Node {
    guard let field = searchField(on: screen) else {
      throw StepUnavailable("this screen has no search field; \(offers(screen))")
    }
    return field
  }

  /// The option `name` of the screen's picker.
  static func option(category name: String, on screen: Node) throws(StepUnavailable) -> Tappable {
    guard let picker = screen.first(where: { $0.kind == .picker }) else {
      throw StepUnavailable("this screen has no category picker; \(offers(screen))")
    }
    guard let option = target(name, kinds: [.picker], on: screen) else {
      let options =
        picker.options.isEmpty
        ? "it offers no categories (they have not loaded)"
        : "it offers \(picker.options.joined(separator: ", "))"
      throw StepUnavailable(
        "the picker \(Quoting.quoted(picker.label ?? "")) has no \(Quoting.quoted(name)): \(options)"
      )
    }
    return option
  }

  /// The suggestion `text` under the focused search field.
  static func suggestion(_ text: String, on screen: Node) throws(StepUnavailable) -> Tappable {
    let field = try field(on: screen)
    guard field.has(.focused) else {
      throw StepUnavailable(
        "the search field is not focused, so it shows no suggestions; `focus search` first")
    }
    guard !field.suggestions.isEmpty else {
      throw StepUnavailable(
        "the search field shows no suggestions while it holds \(Quoting.quoted(field.text ?? "")); "
          + "they show while it is empty (`clear search`)")
    }
    guard let suggestion = target(text, kinds: [.suggestion], on: field) else {
      let shown = field.suggestions.map { Quoting.quoted($0) }.joined(separator: ", ")
      throw StepUnavailable(
        "there is no suggestion \(Quoting.quoted(text)); the suggestions are \(shown)")
    }
    return suggestion
  }

  /// `it offers "Zufallsrezept", "Apam balik", …`: what can be tapped instead, the nodes of
  /// `kinds` first when there are any; picker options hide in a closed menu and are left out.
  static func offers(_ screen: Node, kinds: Set<Node.Kind> = []) -> String {
    let all = screen.tappables.filter { $0.kind != .picker }
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
