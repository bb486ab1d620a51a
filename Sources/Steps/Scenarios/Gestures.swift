import Spelling
import ViewDescription
import ViewModels

/// The gestures of the steps, each found on the screen: the node a user would touch is looked up
/// in the driver's view description and exactly that node's intent is sent. When no node offers
/// the gesture, `StepUnavailable` says what the screen offers instead.
@MainActor
package enum Gestures {
  /// The screen on top, or `StepUnavailable` while no app runs.
  static func screen(of driver: some ScenarioDriver) throws -> Node {
    guard let screen = driver.screen() else {
      throw StepUnavailable("the app is not running; `launch` it first")
    }
    return screen
  }

  /// Presses the one tappable node of these kinds labelled `label`; `what` names what is missing.
  static func tap(
    _ label: String, kinds: Set<Node.Kind>, missing what: String, on driver: some ScenarioDriver
  ) async throws {
    let screen = try screen(of: driver)
    guard let target = target(label, kinds: kinds, on: screen) else {
      throw StepUnavailable("this screen has \(what); \(offers(screen, kinds: kinds))")
    }
    try await press(target, on: driver)
  }

  /// Presses the one tappable node of any kind labelled exactly `label`.
  static func tap(_ label: String, on driver: some ScenarioDriver) async throws {
    let screen = try screen(of: driver)
    let target: Tappable
    do {
      target = try screen.tappable(labeled: label)
    } catch {
      throw StepUnavailable(error.description)
    }
    try await press(target, on: driver)
  }

  /// Sends the tappable's intent; a disabled node ignores the tap, as on a phone, and the step
  /// succeeds with nothing happening.
  static func press(_ target: Tappable, on driver: some ScenarioDriver) async throws {
    guard !target.isDisabled else { return }
    try await driver.send(target.intent)
  }

  /// The detail screen's heart button, whichever of its two titles it shows.
  static func toggleHeart(on driver: some ScenarioDriver) async throws {
    let screen = try screen(of: driver)
    guard let heart = heart(on: screen) else {
      throw StepUnavailable("this screen has no heart button; \(offers(screen))")
    }
    try await press(heart, on: driver)
  }

  /// The screen's back button: the screen node's intent.
  static func back(on driver: some ScenarioDriver) async throws {
    guard let intent = backIntent(on: try screen(of: driver)) else {
      throw StepUnavailable("this is the first screen, there is nothing to go back to")
    }
    try await driver.send(intent)
  }

  /// Picks `name` among the options of the screen's picker.
  static func pick(category name: String, on driver: some ScenarioDriver) async throws {
    try await press(option(category: name, on: screen(of: driver)), on: driver)
  }

  /// Pulls the refreshable list: its node's intent.
  static func pullToRefresh(on driver: some ScenarioDriver) async throws {
    let screen = try screen(of: driver)
    guard let intent = refreshIntent(on: screen) else {
      throw StepUnavailable("nothing on this screen can be pulled to refresh; \(offers(screen))")
    }
    try await driver.send(intent)
  }

  /// The screen's search field.
  static func searchField(of driver: some ScenarioDriver) throws -> Node {
    try field(on: screen(of: driver))
  }

  /// The search field of `screen`, or `StepUnavailable` saying what the screen offers instead.
  private nonisolated static func field(on screen: Node) throws(StepUnavailable) -> Node {
    guard let field = searchField(on: screen) else {
      throw StepUnavailable("this screen has no search field; \(offers(screen))")
    }
    return field
  }

  /// Types `text` at the end of the search field, one keystroke per character: each keystroke
  /// sends the field's text-change intent with the text so far.
  ///
  /// The field is read once, not once per keystroke: while typing, only its text changes, and
  /// building the screen again for every key would cost time in the length of the text.
  static func type(_ text: String, on driver: some ScenarioDriver) async throws {
    let field = try searchField(of: driver)
    var typed = field.text ?? ""
    for character in text {
      typed.append(character)
      try await driver.send(.searchTextChanged(typed))
    }
  }

  /// Empties the search field.
  static func clearSearch(on driver: some ScenarioDriver) async throws {
    _ = try searchField(of: driver)
    try await driver.send(.searchTextChanged(""))
  }

  /// Taps into the search field: the field's focusing intent.
  static func focusSearch(on driver: some ScenarioDriver) async throws {
    _ = try searchField(of: driver)
    try await driver.send(.searchFocusChanged(true))
  }

  /// Leaves the search field: the field's leaving intent.
  static func leaveSearch(on driver: some ScenarioDriver) async throws {
    _ = try searchField(of: driver)
    try await driver.send(.searchFocusChanged(false))
  }

  /// Taps a suggestion shown under the focused search field.
  static func pick(suggestion text: String, on driver: some ScenarioDriver) async throws {
    try await press(suggestion(text, on: screen(of: driver)), on: driver)
  }

  // MARK: - Finding the node

  // Where a gesture's node is on a screen, found as a user finds it. The scenario steps above
  // and the player's keys (`rezepte play`) both look their nodes up here; the steps say what
  // the screen offers instead when there is none, the player ignores the key.

  /// The one tappable node of these kinds labelled `label`.
  package nonisolated static func target(
    _ label: String, kinds: Set<Node.Kind>, on screen: Node
  ) -> Tappable? {
    screen.tappables.first { kinds.contains($0.kind) && $0.label == label }
  }

  /// The detail screen's heart button, whichever of its two titles it shows.
  package nonisolated static func heart(on screen: Node) -> Tappable? {
    let titles = [AppText.addFavorite, AppText.removeFavorite]
    return screen.tappables.first { titles.contains($0.label) }
  }

  /// The back button's intent (the screen node's), unless this is the first screen.
  package nonisolated static func backIntent(on screen: Node) -> UserIntent? {
    guard let top = screen.first(where: { $0.kind == .screen }), top.back != nil else {
      return nil
    }
    return top.intent
  }

  /// The option `name` of the screen's picker.
  package nonisolated static func option(category name: String, on screen: Node)
    throws(StepUnavailable) -> Tappable
  {
    guard let picker = screen.first(where: { $0.kind == .picker }) else {
      throw StepUnavailable("this screen has no category picker; \(offers(screen))")
    }
    guard
      let option = screen.tappables.first(where: { $0.kind == .picker && $0.label == name })
    else {
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

  /// The refreshable list's intent.
  package nonisolated static func refreshIntent(on screen: Node) -> UserIntent? {
    screen.first { $0.has(.refreshable) }?.intent
  }

  /// The screen's search field.
  package nonisolated static func searchField(on screen: Node) -> Node? {
    screen.first { $0.kind == .searchField }
  }

  /// The suggestion `text` under the focused search field.
  package nonisolated static func suggestion(_ text: String, on screen: Node)
    throws(StepUnavailable) -> Tappable
  {
    let field = try field(on: screen)
    let suggestions = field.suggestions
    guard field.has(.focused) else {
      throw StepUnavailable(
        "the search field is not focused, so it shows no suggestions; `focus search` first")
    }
    guard !suggestions.isEmpty else {
      throw StepUnavailable(
        "the search field shows no suggestions while it holds \(Quoting.quoted(field.text ?? "")); "
          + "they show while it is empty (`clear search`)")
    }
    guard
      let suggestion = field.tappables.first(where: { $0.kind == .suggestion && $0.label == text })
    else {
      let shown = suggestions.map { Quoting.quoted($0) }.joined(separator: ", ")
      throw StepUnavailable(
        "there is no suggestion \(Quoting.quoted(text)); the suggestions are \(shown)")
    }
    return suggestion
  }

  /// `it offers "Zufallsrezept", "Apam balik", …`: what can be tapped instead, the nodes of
  /// `kinds` first when there are any (the rows, for `open`). Picker options are left out: they
  /// hide in a closed menu, and `pick category` names them in its own message.
  nonisolated static func offers(_ screen: Node, kinds: Set<Node.Kind> = []) -> String {
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
