import Spelling
import ViewDescription
import ViewModels

/// Where a gesture's node is on a screen, found as a user finds it: by its visible label, and
/// exactly that node's intent is what the step sends. The scenario steps and the player's keys
/// (`rezepte play`) both look their nodes up here; a step is told what the screen offers
/// instead when there is none (`StepUnavailable`), the player ignores the key.
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
    guard let top = screen.first(where: { $0.kind == .screen }), top.back != nil else {
      return nil
    }
    return top.intent
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

  /// The one tappable node of these kinds labelled `label`; `what` names what is missing.
  static func tap(
    _ label: String, kinds: Set<Node.Kind>, missing what: String, on screen: Node
  ) throws(StepUnavailable) -> Tappable {
    guard let target = target(label, kinds: kinds, on: screen) else {
      throw StepUnavailable("this screen has \(what); \(offers(screen, kinds: kinds))")
    }
    return target
  }

  /// The one tappable node of any kind labelled exactly `label`.
  static func tap(_ label: String, on screen: Node) throws(StepUnavailable) -> Tappable {
    do {
      return try screen.tappable(labeled: label)
    } catch {
      throw StepUnavailable(error.description)
    }
  }

  static func toggleHeart(on screen: Node) throws(StepUnavailable) -> Tappable {
    guard let heart = heart(on: screen) else {
      throw StepUnavailable("this screen has no heart button; \(offers(screen))")
    }
    return heart
  }

  static func back(on screen: Node) throws(StepUnavailable) -> UserIntent {
    guard let intent = backIntent(on: screen) else {
      throw StepUnavailable("this is the first screen, there is nothing to go back to")
    }
    return intent
  }

  static func refresh(on screen: Node) throws(StepUnavailable) -> UserIntent {
    guard let intent = refreshIntent(on: screen) else {
      throw StepUnavailable("nothing on this screen can be pulled to refresh; \(offers(screen))")
    }
    return intent
  }

  /// The search field of `screen`.
  static func field(on screen: Node) throws(StepUnavailable) -> Node {
    guard let field = searchField(on: screen) else {
      throw StepUnavailable("this screen has no search field; \(offers(screen))")
    }
    return field
  }

  /// `intent`, a gesture on the search field, once the screen has one.
  static func search(_ intent: UserIntent, on screen: Node) throws(StepUnavailable) -> UserIntent {
    _ = try field(on: screen)
    return intent
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
  /// `kinds` first when there are any (the rows, for `open`). Picker options are left out: they
  /// hide in a closed menu, and `pick category` names them in its own message.
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
