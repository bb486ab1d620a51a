import Foundation
import MealDB
import Spelling
import ViewModels

/// Something a user can press on a screen, found by the label they read on it.
public struct Tappable: Hashable, Sendable {
  /// The node's kind: `.button`, `.row`, `.tile`, `.link`, `.suggestion`, a `.picker` option, or
  /// `.screen` for the navigation bar's back button.
  public let kind: Node.Kind
  /// The visible label: the button's title, the row's or tile's name, the suggestion, the option,
  /// the back button's title.
  public let label: String
  /// What pressing it sends.
  public let intent: UserIntent
  /// Whether it is `.disabled`: shown, but the app ignores the tap.
  public let isDisabled: Bool

  public init(kind: Node.Kind, label: String, intent: UserIntent, isDisabled: Bool = false) {
    self.kind = kind
    self.label = label
    self.intent = intent
    self.isDisabled = isDisabled
  }
}

/// Why no single tappable element answers to a label.
public enum TapLookupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing tappable shows the label; `available` lists the labels that can be pressed.
  case notFound(label: String, available: [String])
  /// Several elements show the label and do different things.
  case ambiguous(label: String, matches: [Tappable])

  public var description: String {
    switch self {
    case .notFound(let label, let available):
      let offered =
        available.isEmpty ? "nothing" : available.map(Quoting.quoted).joined(separator: ", ")
      // A label that differs only in case or surrounding white space is offered as a hint.
      func normalized(_ text: String) -> String {
        text.trimmed(.whitespaces).lowercased()
      }
      let near = available.first { normalized($0) == normalized(label) }
      let hint = near.map { " (did you mean \(Quoting.quoted($0))?)" }
      return "Nothing tappable is labelled \(Quoting.quoted(label))\(hint ?? ""); "
        + "the screen offers \(offered)."
    case .ambiguous(let label, let matches):
      // `Row "Lasagne" → …`, `picker option "Beef" → …`, `back button "Dessert" → …`.
      let listed = matches.map { match in
        let what =
          match.kind == .picker
          ? "picker option" : match.kind == .screen ? "back button" : match.kind.rawValue
        return "\(what) \(Quoting.quoted(match.label)) → \(match.intent.rendered)"
      }
      return
        "\(matches.count) elements are labelled \(Quoting.quoted(label)) and do different things: "
        + listed.joined(separator: ", ") + "."
    }
  }
}

// MARK: - Querying a tree

extension Node {
  /// The first node, depth first, that satisfies `predicate`.
  public func first(where predicate: (Node) -> Bool) -> Node? {
    var found: Node?
    walk { node, _ in
      if found == nil, predicate(node) { found = node }
      return found == nil
    }
    return found
  }

  /// The navigation title of the first screen in the tree.
  public var screenTitle: String? {
    first { $0.kind == .screen }?.label
  }

  /// Every text a user reads without opening anything, depth first: titles, the back button,
  /// labels, texts, rows and their `♥`, the search field's text (its prompt while it is empty),
  /// alerts.
  ///
  /// A menu's contents are left out: they show only once the menu is open.
  public var visibleTexts: [String] {
    var texts: [String] = []
    walk { node, _ in
      switch node.kind {
      case .searchField:
        let text = node.text ?? ""
        if let shown = text.isEmpty ? node.label : text { texts.append(shown) }
      case .screen:
        if let label = node.label { texts.append(label) }
        if let back = node.back { texts.append(back) }
      default:
        if let label = node.label { texts.append(label) }
      }
      // The favourite's heart, drawn `♥` after the label, is read as a text of its own.
      if node.has(.favorite) { texts.append("♥") }
      return node.kind != .menu
    }
    return texts
  }

  /// Everything that can be pressed, depth first: buttons, rows, tiles, links, suggestions,
  /// picker options, and the back button of a screen that has one.
  public var tappables: [Tappable] {
    var found: [Tappable] = []
    forEachNode { node in
      switch node.kind {
      case .screen:
        if let back = node.back, let intent = node.intent {
          found.append(Tappable(kind: .screen, label: back, intent: intent))
        }
      case .picker:
        for option in node.options {
          found.append(Tappable(kind: .picker, label: option, intent: .categoryPicked(option)))
        }
      case .list:
        break  // its intent is the pull to refresh, which has no label to press
      default:
        if let label = node.label, let intent = node.intent {
          found.append(
            Tappable(
              kind: node.kind, label: label, intent: intent, isDisabled: node.has(.disabled)))
        }
      }
    }
    return found
  }

  /// The one thing labelled exactly `label` that a tap would press.
  ///
  /// Several matches that send the same intent (a favourite shown in the list and in the
  /// "Favoriten" section) count as one: the first is returned.
  public func tappable(labeled label: String) throws(TapLookupError) -> Tappable {
    let all = tappables
    let matches = all.filter { $0.label == label }
    guard let first = matches.first else {
      var seen: Set<String> = []
      let available = all.map(\.label).filter { seen.insert($0).inserted }
      throw .notFound(label: label, available: available)
    }
    guard matches.allSatisfy({ $0.intent == first.intent }) else {
      throw .ambiguous(label: label, matches: matches)
    }
    return first
  }

  /// The suggestions shown under this search field, in order (their labels).
  public var suggestions: [String] {
    children.filter { $0.kind == .suggestion }.compactMap(\.label)
  }
}
