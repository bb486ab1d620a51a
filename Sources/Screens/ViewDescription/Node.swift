import Foundation
import ViewModels

/// One element of a screen, named after the SwiftUI view it stands for, with its children.
///
/// A node is a plain value: it knows what it shows and what a tap on it sends, nothing about
/// how it is drawn, compared or replayed. The attributes are typed fields; each kind uses the
/// few that SwiftUI's initialiser for it takes, the rest stay `nil` or empty.
public struct Node: Hashable, Sendable {
  /// What the node is, by the SwiftUI name of the view or modifier it stands for.
  public var kind: Kind
  /// The visible text: a title, a button's or row's label, a text's string, a search prompt.
  public var label: String?
  /// An SF Symbol name (`Button(_:systemImage:)`, `Label`, `Image(systemName:)`).
  public var systemImage: String?
  /// An image's address (`AsyncImage`), a row's thumbnail, or a link's destination.
  public var url: String?
  /// A search field's current text.
  public var text: String?
  /// A picker's options, in order.
  public var options: [String]
  /// A picker's selected option.
  public var selection: String?
  /// A screen's back button: the title of the screen below it in the navigation stack.
  public var back: String?
  /// On/off properties such as `.disabled` and `.refreshable`.
  public var flags: Flags
  /// What tapping the node sends (a button, row, link, a screen's back button), or pulling a
  /// refreshable list; a picker sends `.categoryPicked` for the option tapped instead.
  public var intent: UserIntent?
  public var children: [Node]

  public init(
    _ kind: Kind, label: String? = nil, systemImage: String? = nil, url: String? = nil,
    text: String? = nil, options: [String] = [], selection: String? = nil, back: String? = nil,
    flags: Flags = [], intent: UserIntent? = nil, children: [Node] = []
  ) {
    self.kind = kind
    self.label = label
    self.systemImage = systemImage
    self.url = url
    self.text = text
    self.options = options
    self.selection = selection
    self.back = back
    self.flags = flags
    self.intent = intent
    self.children = children
  }

  /// The kinds of nodes; the raw value is the SwiftUI name the text renderer prints.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case navigationStack = "NavigationStack"
    /// A view in the navigation stack with its `.navigationTitle` (and its back button).
    case screen = "Screen"
    case toolbar = "Toolbar"
    case button = "Button"
    case menu = "Menu"
    case picker = "Picker"
    /// The `.searchable` modifier's field.
    case searchField = "SearchField"
    case list = "List"
    case section = "Section"
    /// A `NavigationLink` in a list.
    case row = "Row"
    case text = "Text"
    case image = "Image"
    case label = "Label"
    case progressView = "ProgressView"
    case contentUnavailableView = "ContentUnavailableView"
    case link = "Link"
    /// A `LazyVGrid` of tiles.
    case grid = "Grid"
    /// A `NavigationLink` in a grid: a tile with an image above its name.
    case tile = "Tile"
    /// `Text(term).searchCompletion(term)` in `.searchSuggestions`: tapping it fills the field.
    case suggestion = "Suggestion"
    /// The `.alert` modifier: a message over the screen with its buttons.
    case alert = "Alert"
  }

  /// On/off properties of a node, printed in their declaration order.
  public struct Flags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The recipe is a favourite: the row's filled heart, printed as `♥`.
    public static let favorite = Flags(rawValue: 1 << 0)
    /// `.disabled(true)`: shown, but taps do nothing.
    public static let disabled = Flags(rawValue: 1 << 1)
    /// `.refreshable`: the list can be pulled to refresh.
    public static let refreshable = Flags(rawValue: 1 << 2)
    /// A pull to refresh is under way: the list's spinner turns.
    public static let refreshing = Flags(rawValue: 1 << 3)
    /// The search field has the focus (`.searchFocused`): the keyboard is up.
    public static let focused = Flags(rawValue: 1 << 4)
  }
}

// MARK: - Building nodes the way SwiftUI spells them

extension Node {
  /// `NavigationStack { … }`, holding the screen on top.
  public static func navigationStack(_ children: [Node]) -> Node {
    Node(.navigationStack, children: children)
  }

  /// A view in the stack with its `.navigationTitle`; `back` is the back button's title.
  public static func screen(_ title: String, back: String? = nil, _ children: [Node]) -> Node {
    Node(
      .screen, label: title, back: back, intent: back == nil ? nil : .backTapped, children: children
    )
  }

  /// `.toolbar { … }`.
  public static func toolbar(_ children: [Node]) -> Node {
    Node(.toolbar, children: children)
  }

  /// `Button(title, systemImage:) { send(intent) }`, optionally `.disabled`.
  public static func button(
    _ title: String, systemImage: String? = nil, isDisabled: Bool = false, intent: UserIntent
  ) -> Node {
    Node(
      .button, label: title, systemImage: systemImage, flags: isDisabled ? .disabled : [],
      intent: intent)
  }

  /// `Menu(title, systemImage:) { … }`.
  public static func menu(_ title: String, systemImage: String? = nil, _ children: [Node]) -> Node {
    Node(.menu, label: title, systemImage: systemImage, children: children)
  }

  /// `Picker(title, selection:) { ForEach(options) { Text($0).tag($0) } }` over category names.
  public static func picker(_ title: String, options: [String], selection: String?) -> Node {
    Node(.picker, label: title, options: options, selection: selection)
  }

  /// The `.searchable(text:prompt:)` field, focused or not, with its `.searchSuggestions`.
  public static func searchField(
    prompt: String, text: String, isFocused: Bool = false, suggestions: [Node] = []
  ) -> Node {
    Node(
      .searchField, label: prompt, text: text, flags: isFocused ? .focused : [],
      children: suggestions)
  }

  /// `Text(term).searchCompletion(term)`: a suggestion that fills the search field when tapped.
  public static func suggestion(_ term: String) -> Node {
    Node(.suggestion, label: term, intent: .suggestionPicked(term))
  }

  /// `List { … }`, with `.refreshable` when `refresh` is given.
  public static func list(
    refresh: UserIntent? = nil, isRefreshing: Bool = false, _ children: [Node]
  ) -> Node {
    var flags: Flags = refresh == nil ? [] : .refreshable
    if isRefreshing { flags.insert(.refreshing) }
    return Node(.list, flags: flags, intent: refresh, children: children)
  }

  /// `Section(header) { … }`, or a section without a header.
  public static func section(_ header: String? = nil, _ children: [Node]) -> Node {
    Node(.section, label: header, children: children)
  }

  /// A `NavigationLink` row showing a name, its thumbnail and, for a favourite, a heart.
  public static func row(
    _ title: String, thumbnail: String? = nil, isFavorite: Bool = false, intent: UserIntent
  ) -> Node {
    Node(.row, label: title, url: thumbnail, flags: isFavorite ? .favorite : [], intent: intent)
  }

  /// `Text(string)`.
  public static func text(_ string: String) -> Node {
    Node(.text, label: string)
  }

  /// `AsyncImage(url:)`.
  public static func image(url: String) -> Node {
    Node(.image, url: url)
  }

  /// `Image(systemName:)`.
  public static func image(systemName: String) -> Node {
    Node(.image, systemImage: systemName)
  }

  /// `Label(title, systemImage:)`.
  public static func label(_ title: String, systemImage: String) -> Node {
    Node(.label, label: title, systemImage: systemImage)
  }

  /// `ProgressView(title)`.
  public static func progressView(_ title: String? = nil) -> Node {
    Node(.progressView, label: title)
  }

  /// `ContentUnavailableView { Label(title, systemImage:) } description: { … } actions: { … }`.
  public static func contentUnavailableView(
    _ title: String, systemImage: String, description: String? = nil, actions: [Node] = []
  ) -> Node {
    Node(
      .contentUnavailableView, label: title, systemImage: systemImage,
      children: (description.map { [.text($0)] } ?? []) + actions)
  }

  /// `Link(title, destination:)`; following it sends `.linkTapped`.
  public static func link(_ title: String, destination: URL) -> Node {
    Node(.link, label: title, url: destination.absoluteString, intent: .linkTapped(destination))
  }

  /// `LazyVGrid { … }`.
  public static func grid(_ children: [Node]) -> Node {
    Node(.grid, children: children)
  }

  /// A `NavigationLink` tile of a grid: its image (`AsyncImage`) above its name.
  public static func tile(_ title: String, image: String? = nil, intent: UserIntent) -> Node {
    Node(.tile, label: title, url: image, intent: intent)
  }

  /// `.alert(message, isPresented:) { buttons }`.
  public static func alert(_ message: String, _ buttons: [Node]) -> Node {
    Node(.alert, label: message, children: buttons)
  }

  /// Whether the node has the flag.
  public func has(_ flag: Flags) -> Bool { flags.contains(flag) }
}
