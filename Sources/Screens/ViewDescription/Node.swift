import Foundation
import ViewModels

/// One element of a screen, named after the SwiftUI view it stands for, with its children.
///
/// A node is a plain value: its kind says what it is and carries what that kind shows and what
/// acting on it sends, typed per kind as SwiftUI types its views (a row has a title, a thumbnail,
/// a favourite mark and what it opens; a link has a destination). The nodes a user acts on carry
/// an identifier, as `.accessibilityIdentifier` gives a view one, so that a step, a key or a
/// rule finds the dice by what it is, never by its German title. A node knows nothing about how
/// it is drawn, compared or replayed.
public struct Node: Hashable, Sendable {
  /// What the node is, with what it shows and sends.
  public var kind: Kind
  /// Who the node is to a user who acts on it; `nil` for what is only read.
  public var id: NodeID?
  /// What VoiceOver is told of it beyond what its kind says.
  public var accessibility = Accessibility()
  public var children: [Node]

  public init(_ kind: Kind, id: NodeID? = nil, children: [Node] = []) {
    self.kind = kind
    self.id = id
    self.children = children
  }

  /// The kinds of nodes, each with its payload.
  public enum Kind: Hashable, Sendable {
    case navigationStack
    /// A view in the navigation stack with its `.navigationTitle`.
    case screen(title: String)
    /// The navigation bar's back button, titled after the screen below.
    case backButton(BackButton)
    case toolbar
    case button(Button)
    /// A `Menu` with its title and symbol, holding its content.
    case menu(Label)
    case picker(Picker)
    /// The `.searchable` modifier's field.
    case searchField(SearchField)
    /// `Text(term).searchCompletion(term)` in `.searchSuggestions`: tapping it fills the field.
    case suggestion(Suggestion)
    case list(List)
    case section(header: String?)
    /// A `NavigationLink` in a list.
    case row(Row)
    case text(String)
    /// `AsyncImage(url:)`.
    case image(url: String)
    case label(Label)
    case progressView(title: String?)
    /// Its title and symbol; the description and the actions are its children.
    case contentUnavailableView(Label)
    case link(Link)
    /// A `LazyVGrid` of tiles.
    case grid
    /// A `NavigationLink` in a grid: a tile with an image above its name.
    case tile(Tile)
    /// The `.alert` modifier: a message over the screen, its buttons the children.
    case alert(message: String)

    /// The SwiftUI name the text renderer prints: `Row`, `SearchField`.
    public var name: String {
      switch self {
      case .navigationStack: "NavigationStack"
      case .screen: "Screen"
      case .backButton: "BackButton"
      case .toolbar: "Toolbar"
      case .button: "Button"
      case .menu: "Menu"
      case .picker: "Picker"
      case .searchField: "SearchField"
      case .suggestion: "Suggestion"
      case .list: "List"
      case .section: "Section"
      case .row: "Row"
      case .text: "Text"
      case .image: "Image"
      case .label: "Label"
      case .progressView: "ProgressView"
      case .contentUnavailableView: "ContentUnavailableView"
      case .link: "Link"
      case .grid: "Grid"
      case .tile: "Tile"
      case .alert: "Alert"
      }
    }
  }

  // MARK: - Payloads

  /// The back button: the title of the screen below, and what a tap sends.
  public struct BackButton: Hashable, Sendable {
    public var title: String
    public var intent: UserIntent
  }

  /// `Button(title, systemImage:) { send(intent) }`, `.disabled` or not.
  public struct Button: Hashable, Sendable {
    public var title: String
    public var symbol: SFSymbol?
    /// `.disabled(true)`: shown, but taps do nothing.
    public var isDisabled: Bool
    public var intent: UserIntent
  }

  /// A title with an SF Symbol: `Label`, a `Menu`'s face, `ContentUnavailableView`'s title.
  public struct Label: Hashable, Sendable {
    public var title: String
    public var symbol: SFSymbol?
  }

  /// `Picker(title, selection:)` over options that each send their own intent when picked.
  public struct Picker: Hashable, Sendable {
    public var title: String
    public var options: [Option]
    /// The selected option's title.
    public var selection: String?

    /// One option: its title and what picking it sends.
    public struct Option: Hashable, Sendable {
      public var title: String
      public var intent: UserIntent
    }
  }

  /// The `.searchable(text:prompt:)` field; its suggestions are its children.
  public struct SearchField: Hashable, Sendable {
    public var prompt: String
    public var text: String
    /// `.searchFocused`: the field has the focus, the keyboard is up.
    public var isFocused: Bool

    /// What typing sends: the field's whole text after the keystroke.
    public func typing(_ text: String) -> UserIntent { .searchTextChanged(text) }

    /// What tapping into the field (`true`) or leaving it (`false`) sends.
    public func focusing(_ isFocused: Bool) -> UserIntent { .searchFocusChanged(isFocused) }

    /// What the keyboard's search key sends: `text` searched at once, as a picked suggestion is.
    public func submitting(_ text: String) -> UserIntent { .suggestionPicked(text) }
  }

  /// A suggestion under the search field: the term, and what tapping it sends.
  public struct Suggestion: Hashable, Sendable {
    public var term: String
    public var intent: UserIntent
  }

  /// `List { … }`, `.refreshable` when pulling it sends an intent.
  public struct List: Hashable, Sendable {
    /// What pulling the list down sends; `nil` when it is not refreshable.
    public var refresh: UserIntent?
    /// A pull to refresh is under way: the list's spinner turns.
    public var isRefreshing: Bool
  }

  /// A row: the meal's name, its thumbnail, its favourite mark, and what tapping it opens.
  public struct Row: Hashable, Sendable {
    public var title: String
    public var thumbnail: String?
    /// The meal is a favourite: the row shows a filled heart.
    public var isFavorite: Bool
    public var intent: UserIntent
  }

  /// `Link(title, destination:)`.
  public struct Link: Hashable, Sendable {
    public var title: String
    public var destination: URL

    /// What following it sends.
    public var intent: UserIntent { .linkTapped(destination) }
  }

  /// A tile of a grid: its name, its image, and what tapping it opens.
  public struct Tile: Hashable, Sendable {
    public var title: String
    public var image: String?
    public var intent: UserIntent
  }
}

/// Who a node is to the user who acts on it, as `.accessibilityIdentifier(id.identifier)` names
/// a SwiftUI view: the steps, the player's keys, explore and the queries find controls by it.
public enum NodeID: Hashable, Sendable {
  /// A screen of the navigation stack, by the identity its path entry got when it was pushed.
  case screen(StackID)
  case back
  case dice
  case categoryMenu
  case categoryPicker
  case search
  case heart
  case retry
  /// The button that dismisses the notice after a failed refresh or dice.
  case dismissNotice
  /// A row, by its meal's id.
  case meal(String)
  /// A tile of the grid, by its category's name.
  case category(String)
  case suggestion(String)
  case link(URL)

  /// The string a SwiftUI port passes to `.accessibilityIdentifier`: `dice`, `meal-52772`.
  public var identifier: String {
    switch self {
    case .screen(let id): "screen-\(id.rawValue)"
    case .back: "back"
    case .dice: "dice"
    case .categoryMenu: "category-menu"
    case .categoryPicker: "category-picker"
    case .search: "search"
    case .heart: "heart"
    case .retry: "retry"
    case .dismissNotice: "dismiss-notice"
    case .meal(let id): "meal-" + id
    case .category(let name): "category-" + name
    case .suggestion(let term): "suggestion-" + term
    case .link(let url): "link-" + url.absoluteString
    }
  }
}

// MARK: - Building nodes the way SwiftUI spells them

extension Node {
  /// `NavigationStack { … }`, holding the screen on top.
  public static func navigationStack(_ children: [Node]) -> Node {
    Node(.navigationStack, children: children)
  }

  /// A view in the stack with its `.navigationTitle`, its identity in the stack, and its back
  /// button (the title of the screen below) when it is not the first screen.
  public static func screen(
    _ title: String, id: StackID = .root, back: String? = nil, _ children: [Node]
  ) -> Node {
    let backButton = back.map {
      Node(.backButton(BackButton(title: $0, intent: .backTapped)), id: .back)
    }
    return Node(
      .screen(title: title), id: .screen(id), children: [backButton].compactMap { $0 } + children)
  }

  /// `.toolbar { … }`.
  public static func toolbar(_ children: [Node]) -> Node {
    Node(.toolbar, children: children)
  }

  /// `Button(title, systemImage:) { send(intent) }`, optionally `.disabled`.
  public static func button(
    _ title: String, symbol: SFSymbol? = nil, isDisabled: Bool = false, id: NodeID? = nil,
    intent: UserIntent
  ) -> Node {
    Node(
      .button(Button(title: title, symbol: symbol, isDisabled: isDisabled, intent: intent)), id: id)
  }

  /// `Menu(title, systemImage:) { … }`.
  public static func menu(
    _ title: String, symbol: SFSymbol? = nil, id: NodeID? = nil, _ children: [Node]
  ) -> Node {
    Node(.menu(Label(title: title, symbol: symbol)), id: id, children: children)
  }

  /// `Picker(title, selection:) { ForEach(options) { Text($0).tag($0) } }`; picking an option
  /// picks that category.
  public static func picker(
    _ title: String, options: [String], selection: String?, id: NodeID? = nil
  ) -> Node {
    let options = options.map { Picker.Option(title: $0, intent: .categoryPicked($0)) }
    return Node(.picker(Picker(title: title, options: options, selection: selection)), id: id)
  }

  /// The `.searchable(text:prompt:)` field, focused or not, with its `.searchSuggestions`.
  public static func searchField(
    prompt: String, text: String, isFocused: Bool = false, suggestions: [Node] = []
  ) -> Node {
    Node(
      .searchField(SearchField(prompt: prompt, text: text, isFocused: isFocused)), id: .search,
      children: suggestions)
  }

  /// `Text(term).searchCompletion(term)`: a suggestion that fills the search field when tapped.
  public static func suggestion(_ term: String) -> Node {
    Node(
      .suggestion(Suggestion(term: term, intent: .suggestionPicked(term))),
      id: .suggestion(term))
  }

  /// `List { … }`, with `.refreshable` when `refresh` is given.
  public static func list(
    refresh: UserIntent? = nil, isRefreshing: Bool = false, _ children: [Node]
  ) -> Node {
    Node(.list(List(refresh: refresh, isRefreshing: isRefreshing)), children: children)
  }

  /// `Section(header) { … }`, or a section without a header.
  public static func section(_ header: String? = nil, _ children: [Node]) -> Node {
    Node(.section(header: header), children: children)
  }

  /// A `NavigationLink` row showing a name, its thumbnail and, for a favourite, a heart.
  public static func row(
    _ title: String, thumbnail: String? = nil, isFavorite: Bool = false, id: NodeID? = nil,
    intent: UserIntent
  ) -> Node {
    Node(
      .row(Row(title: title, thumbnail: thumbnail, isFavorite: isFavorite, intent: intent)), id: id
    )
  }

  /// `Text(string)`.
  public static func text(_ string: String) -> Node {
    Node(.text(string))
  }

  /// `AsyncImage(url:)`.
  public static func image(url: String) -> Node {
    Node(.image(url: url))
  }

  /// `Label(title, systemImage:)`.
  public static func label(_ title: String, symbol: SFSymbol) -> Node {
    Node(.label(Label(title: title, symbol: symbol)))
  }

  /// `ProgressView(title)`.
  public static func progressView(_ title: String? = nil) -> Node {
    Node(.progressView(title: title))
  }

  /// `ContentUnavailableView { Label(title, systemImage:) } description: { … } actions: { … }`.
  public static func contentUnavailableView(
    _ title: String, symbol: SFSymbol, description: String? = nil, actions: [Node] = []
  ) -> Node {
    Node(
      .contentUnavailableView(Label(title: title, symbol: symbol)),
      children: (description.map { [.text($0)] } ?? []) + actions)
  }

  /// `Link(title, destination:)`.
  public static func link(_ title: String, destination: URL) -> Node {
    Node(.link(Link(title: title, destination: destination)), id: .link(destination))
  }

  /// `LazyVGrid { … }`.
  public static func grid(_ children: [Node]) -> Node {
    Node(.grid, children: children)
  }

  /// A `NavigationLink` tile of a grid: its image (`AsyncImage`) above its name.
  public static func tile(
    _ title: String, image: String? = nil, id: NodeID? = nil, intent: UserIntent
  ) -> Node {
    Node(.tile(Tile(title: title, image: image, intent: intent)), id: id)
  }

  /// `.alert(message, isPresented:) { buttons }`.
  public static func alert(_ message: String, _ buttons: [Node]) -> Node {
    Node(.alert(message: message), children: buttons)
  }
}
