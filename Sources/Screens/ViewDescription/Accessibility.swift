import MealDB
import Spelling
import ViewModels

extension Node {
  /// What a screen's accessibility modifiers say of a node beyond what its kind gives it, as a
  /// careful SwiftUI developer sets them: each field is one modifier (the Porting article maps
  /// them), and a node without any speaks as its SwiftUI view does by default.
  public struct Accessibility: Hashable, Sendable {
    /// `.accessibilityLabel`: spoken instead of the visible text.
    public var label: String?
    /// `.accessibilityValue`: a state spoken after the label (the picker's choice).
    public var value: String?
    /// `.accessibilityHint`: what activating it does, spoken last.
    public var hint: String?
    /// `.accessibilityAddTraits`: traits beyond the kind's own (a header, the selected heart).
    public var traits: Traits
    /// `.accessibilityHidden(true)`: not spoken at all (a decorative picture).
    public var isHidden: Bool

    public init(
      label: String? = nil, value: String? = nil, hint: String? = nil, traits: Traits = [],
      isHidden: Bool = false
    ) {
      self.label = label
      self.value = value
      self.hint = hint
      self.traits = traits
      self.isHidden = isHidden
    }
  }

  /// What an element is to VoiceOver, as `AccessibilityTraits` says it; `Spoken.words` lists
  /// what a German VoiceOver says for each.
  public struct Traits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let isSelected = Traits(rawValue: 1 << 0)
    public static let isButton = Traits(rawValue: 1 << 1)
    public static let isLink = Traits(rawValue: 1 << 2)
    public static let isSearchField = Traits(rawValue: 1 << 3)
    public static let isImage = Traits(rawValue: 1 << 4)
    public static let isHeader = Traits(rawValue: 1 << 5)
    /// Not enabled (`.disabled(true)`).
    public static let isNotEnabled = Traits(rawValue: 1 << 6)
    /// A progress view: VoiceOver polls it and speaks no word for it.
    public static let updatesFrequently = Traits(rawValue: 1 << 7)
    /// A modal view (an alert): VoiceOver reaches nothing behind it.
    public static let isModal = Traits(rawValue: 1 << 8)
  }

  /// The node with these accessibility modifiers.
  public consuming func accessibility(_ accessibility: Accessibility) -> Node {
    self.accessibility = accessibility
    return self
  }
}

/// One element VoiceOver visits, swipe by swipe: what it speaks, and what a double tap sends.
public struct SpokenElement: Hashable, Sendable {
  /// Who the element is, for the VoiceOver cursor: the node's identifier, or its kind and label.
  public var key: String
  public var label: String
  public var value: String?
  public var traits: Node.Traits
  public var hint: String?
  /// What activating it (a double tap) sends; `nil` for what is only read.
  public var action: UserIntent?
  /// Where the node it stands for is.
  let place: NodePlace

  /// The node it stands for.
  public var path: NodePath { place.path }

  /// The German words VoiceOver speaks for the traits, in the order it speaks them; traits
  /// without an entry are not spoken.
  public static let words: [(trait: Node.Traits, word: String)] = [
    (.isNotEnabled, "gedimmt"), (.isButton, "Taste"), (.isLink, "Link"),
    (.isSearchField, "Suchfeld"), (.isImage, "Bild"), (.isHeader, "Überschrift"),
  ]

  /// One line as VoiceOver speaks it: `ausgewählt` first for a selected element, then the
  /// label, the value, the traits' words and the hint, separated by commas; white space at the
  /// ends of a part is not spoken, and control characters are written visibly (`\n`).
  public var spoken: String {
    var line = ""
    func say(_ part: String?) {
      guard let part = part.map({ Quoting.visible($0.trimmed(.whitespaces)) }), !part.isEmpty
      else { return }
      line += line.isEmpty ? part : ", " + part
    }
    if traits.contains(.isSelected) { say("ausgewählt") }
    [label, value].forEach(say)
    for (trait, word) in Self.words where traits.contains(trait) { say(word) }
    say(hint)
    return line
  }

  /// Whether `spoken` is empty: no part but white space, and no trait that is spoken.
  var isSilent: Bool {
    let blank = { (part: String?) in part?.isBlank ?? true }
    return !traits.contains(.isSelected) && !Self.words.contains { traits.contains($0.trait) }
      && blank(label) && blank(value) && blank(hint)
  }
}

/// What VoiceOver reads of a screen: its elements, and what the cursor follows it by and hears
/// a change by, noted in the same walk.
public struct SpokenScreen: Sendable {
  /// The elements, in the order a swipe right takes them; while an alert is shown, only its own.
  public var elements: [SpokenElement] = []
  /// The screen on top.
  var id: NodeID?
  /// Whether the heart is selected; `nil` without a heart.
  var heart: Bool?
  /// Whether it shows an alert, a retry button, a spinner, a search field with more than blanks.
  var (hasAlert, retry, progress, query) = (false, false, false, false)
}

extension Node {
  /// The elements VoiceOver visits on this screen, in the order a swipe right takes them: the
  /// back button, the toolbar, the navigation title (a heading, under the bar as a large title
  /// is), the search field and its suggestions, then the content; while an alert is shown, only
  /// the alert's elements, as it is modal. Hidden nodes and their children are left out; a
  /// menu's contents show only once it is opened.
  public var spokenElements: [SpokenElement] { spokenScreen.elements }

  /// What VoiceOver reads of this screen: its `spokenElements`, and what the cursor follows.
  public var spokenScreen: SpokenScreen {
    var reader = Reader()
    reader.walk(self)
    if let modal = reader.modal { (reader.read.elements, reader.read.hasAlert) = (modal, true) }
    return reader.read
  }
}

/// The walk that collects what VoiceOver reads of a tree.
private struct Reader: NodeWalker {
  var read = SpokenScreen()
  /// The alert's elements, once the walk met one.
  var modal: [SpokenElement]?

  /// How many elements had each key so far (the alert's too): a meal's row shown twice (in the
  /// list and in „Favoriten“) is two elements, `meal-52768` and `meal-52768#2`. Made with room
  /// for more elements than the lesson's screens have, so that it does not grow on them.
  var seen = [String: Int](minimumCapacity: 64)

  mutating func visit(_ node: Node, at place: NodePlace) {
    guard !node.accessibility.isHidden else { return }
    func add(
      _ label: String, _ traits: Node.Traits = [], value: String? = nil,
      action: UserIntent? = nil
    ) {
      let a = node.accessibility
      var element = SpokenElement(
        key: "", label: a.label ?? label, value: a.value ?? value,
        traits: traits.union(a.traits), hint: a.hint, action: action, place: place)
      // What speaks nothing (an empty text) is no element VoiceOver stops at.
      guard !element.isSilent else { return }
      let key = node.id?.identifier ?? node.kind.name + "|" + label
      // One look-up for a key met the first time, as most are.
      let count = seen.updateValue(1, forKey: key).map { $0 + 1 }
      if let count { seen[key] = count }
      element.key = count.map { key + "#\($0)" } ?? key
      read.elements.append(element)
    }
    if case .heart? = node.id {
      read.heart = read.heart ?? node.accessibility.traits.contains(.isSelected)
    }
    if case .retry? = node.id { read.retry = true }
    switch node.kind {
    case .screen(let title):
      read.id = read.id ?? node.id
      // The bar (back button, toolbar) first, then the title, then the rest.
      descend(into: node, at: place) { $0.isBarButton }
      add(title, .isHeader)
      descend(into: node, at: place) { !$0.isBarButton }
    case .alert(let message):
      let outer = read.elements
      read.elements = []
      add(message, .isModal)
      descend(into: node, at: place)
      modal = read.elements
      read.elements = outer
    case .backButton(let back): add(back.title, .isButton, action: back.intent)
    case .button(let button):
      add(
        button.title, button.isDisabled ? [.isButton, .isNotEnabled] : .isButton,
        action: button.isDisabled ? nil : button.intent)
    case .menu(let menu): add(menu.title, .isButton)
    case .searchField(let field):
      if node.id == .search { read.query = read.query || !field.text.isBlank }
      add(
        field.prompt, .isSearchField, value: field.text.isEmpty ? nil : field.text,
        action: field.focusing(true))
      descend(into: node, at: place)
    case .suggestion(let suggestion): add(suggestion.term, .isButton, action: suggestion.intent)
    case .section(let header):
      if let header { add(header) }
      descend(into: node, at: place)
    case .row(let row): add(row.title, .isButton, action: row.intent)
    case .tile(let tile): add(tile.title, .isButton, action: tile.intent)
    case .text(let text): add(text)
    case .image: add("", .isImage)
    case .label(let label): add(label.title)
    case .progressView(let title):
      read.progress = true
      add(title ?? "", .updatesFrequently)
    case .contentUnavailableView(let label):
      add(label.title)
      descend(into: node, at: place)
    case .link(let link): add(link.title, .isLink, action: link.intent)
    case .navigationStack, .toolbar, .list, .grid:
      descend(into: node, at: place)
    case .picker:
      break  // inside the closed menu
    }
  }
}

extension Node {
  /// Whether the node sits in the navigation bar's row: the back button, the toolbar.
  fileprivate var isBarButton: Bool {
    switch kind {
    case .backButton, .toolbar: true
    default: false
    }
  }
}

extension String {
  /// Whether it holds nothing but white space.
  fileprivate var isBlank: Bool { unicodeScalars.allSatisfy(WhiteSpace.whitespaces.contains) }
}
