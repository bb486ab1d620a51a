import MealDB
import Spelling
import ViewModels

/// Something a user can press on a screen: a node that sends an intent, or a picker's option.
public struct Tappable: Hashable, Sendable {
  public let kind: Kind
  /// The node's identifier; a picker's option has its picker's.
  public let id: NodeID?
  /// The visible label: the button's title, the row's or tile's name, the suggestion, the option,
  /// the back button's title.
  public let label: String
  public let intent: UserIntent
  /// Whether it is `.disabled`: shown, but the app ignores the tap.
  public let isDisabled: Bool

  public init(
    kind: Kind, id: NodeID? = nil, label: String, intent: UserIntent, isDisabled: Bool = false
  ) {
    self.kind = kind
    self.id = id
    self.label = label
    self.intent = intent
    self.isDisabled = isDisabled
  }

  public enum Kind: String, Hashable, Sendable {
    case backButton = "back button"
    case button = "Button"
    case row = "Row"
    case tile = "Tile"
    case link = "Link"
    case suggestion = "Suggestion"
    case option = "picker option"
    /// The search field, whose focus and text a gesture changes.
    case searchField = "SearchField"
    /// The refreshable list, which a pull refreshes.
    case list = "List"
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
        "\(match.kind.rawValue) \(Quoting.quoted(match.label)) → \(match.intent.rendered)"
      }
      return
        "\(matches.count) elements are labelled \(Quoting.quoted(label)) and do different things: "
        + listed.joined(separator: ", ") + "."
    }
  }
}

// MARK: - Querying a tree

extension Node {
  /// The first value, depth first, that `transform` gives for a node.
  public func firstMatch<Value>(_ transform: (Node) -> Value?) -> Value? {
    first { transform($0) != nil }.flatMap(transform)
  }

  /// The first node, depth first, that satisfies `predicate`.
  public func first(where predicate: (Node) -> Bool) -> Node? {
    var found: Node?
    var searching = true
    walk { node, _ in
      if searching, predicate(node) { (found, searching) = (node, false) }
      return searching
    }
    return found
  }

  /// The first node, depth first, with the identifier `id`.
  public func node(_ id: NodeID) -> Node? {
    first { $0.id == id }
  }

  /// The screen on top: the first `Screen` node of the tree.
  public var screen: Node? {
    first { if case .screen = $0.kind { true } else { false } }
  }

  /// The navigation title of the first screen in the tree.
  public var screenTitle: String? {
    if case .screen(let title) = screen?.kind { title } else { nil }
  }

  /// The search field, with its suggestions (the node's children).
  public var searchField: (field: SearchField, suggestions: [String])? {
    guard let node = node(.search), case .searchField(let field) = node.kind else { return nil }
    let terms = node.children.compactMap { child -> String? in
      if case .suggestion(let suggestion) = child.kind { suggestion.term } else { nil }
    }
    return (field, terms)
  }

  public var picker: Picker? {
    if case .picker(let picker) = node(.categoryPicker)?.kind { picker } else { nil }
  }

  /// The list that can be pulled to refresh.
  public var refreshableList: List? {
    firstMatch { if case .list(let list) = $0.kind, list.refresh != nil { list } else { nil } }
  }

  /// The alert over the screen: its message and its buttons.
  public var alert: (message: String, buttons: [Tappable])? {
    firstMatch { node in
      guard case .alert(let message) = node.kind else { return nil }
      return (message, node.children.compactMap(\.tappable))
    }
  }

  /// The message of the error the screen shows: the notice's, or the failure view's above its
  /// retry button; `nil` when it shows none.
  public var errorMessage: String? {
    if let alert { return alert.message }
    let failure = first { $0.children.contains { $0.id == .retry } }
    for case .text(let message) in failure?.children.map(\.kind) ?? [] { return message }
    return nil
  }

  /// The control with the identifier `id`, if it sends an intent: a button, the back button.
  public func control(_ id: NodeID) -> Tappable? {
    node(id)?.tappable
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
      case .searchField(let field): texts.append(field.text.isEmpty ? field.prompt : field.text)
      case .row(let row):
        texts.append(row.title)
        // The favourite's heart, drawn `♥` after the label, is read as a text of its own.
        if row.isFavorite { texts.append("♥") }
      case .screen(let title): texts.append(title)
      case .backButton(let back): texts.append(back.title)
      case .button(let button): texts.append(button.title)
      case .menu(let label):
        texts.append(label.title)
        return false
      case .label(let label), .contentUnavailableView(let label): texts.append(label.title)
      case .picker(let picker): texts.append(picker.title)
      case .suggestion(let suggestion): texts.append(suggestion.term)
      case .section(let header?), .text(let header), .progressView(let header?),
        .alert(let header):
        texts.append(header)
      case .link(let link): texts.append(link.title)
      case .tile(let tile): texts.append(tile.title)
      case .navigationStack, .toolbar, .list, .section(nil), .image, .progressView(nil), .grid:
        break
      }
      return true
    }
    return texts
  }

  /// What pressing this node sends, as a `Tappable`, if it can be pressed on its own.
  var tappable: Tappable? {
    switch kind {
    case .backButton(let back):
      Tappable(kind: .backButton, id: id, label: back.title, intent: back.intent)
    case .button(let button):
      Tappable(
        kind: .button, id: id, label: button.title, intent: button.intent,
        isDisabled: button.isDisabled)
    case .row(let row): Tappable(kind: .row, id: id, label: row.title, intent: row.intent)
    case .tile(let tile): Tappable(kind: .tile, id: id, label: tile.title, intent: tile.intent)
    case .link(let link): Tappable(kind: .link, id: id, label: link.title, intent: link.intent)
    case .suggestion(let suggestion):
      Tappable(kind: .suggestion, id: id, label: suggestion.term, intent: suggestion.intent)
    default: nil
    }
  }

  /// Everything that can be pressed, depth first: the back button, buttons, rows, tiles, links,
  /// suggestions and picker options.
  public var tappables: [Tappable] {
    var found: [Tappable] = []
    walk { node, _ in
      if case .picker(let picker) = node.kind {
        found += picker.options.map {
          Tappable(kind: .option, id: node.id, label: $0.title, intent: $0.intent)
        }
      } else if let tappable = node.tappable {
        found.append(tappable)
      }
      return true
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

  /// Whether the first row named `name` shows the favourite's heart; `nil` when no row is.
  public func rowIsFavorite(_ name: String) -> Bool? {
    firstMatch {
      if case .row(let row) = $0.kind, row.title == name { row.isFavorite } else { nil }
    }
  }
}
