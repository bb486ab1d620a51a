import Spelling
import ViewModels

/// Prints a node tree as text: one node per line, indented with `├─ └─ │`, deterministic.
///
/// A line reads `Kind "label" ♥ [symbol] text="…" back="…" url="…" (flags): options → intent`,
/// each part only when the node's kind has it, always in this order; a screen's back button is
/// drawn on its screen's line as `back="…"`. Strings are quoted, with `"` and
/// `\` escaped as `\"` and `\\` and control characters as `\n`, `\t`, `\r` or `\u{…}`, so a line
/// reads back unambiguously. A line longer than `Options.width` is wrapped at spaces: each
/// continuation line is indented one step under its node (keeping the tree's guides) and drops
/// exactly one space, so joining the pieces with one space gives the line back. Words are
/// never split, so a single word longer than the room overflows. The Scenario language article
/// shows a screen drawn this way.
public struct TextRenderer: Sendable {
  /// How the renderer lays out and what it adds to each line.
  public struct Options: Hashable, Sendable {
    /// The column at which lines are wrapped (counted in characters, guides included).
    public var width: Int
    /// Whether tappable nodes end in `→ intent`, e.g. `→ mealTapped("53049")`.
    public var showsIntents: Bool
    /// Whether images, row and tile pictures and link destinations show their address as
    /// `url="…"`.
    /// Off by default: the addresses never change on screen and would crowd every line.
    public var showsURLs: Bool

    public init(width: Int = 80, showsIntents: Bool = false, showsURLs: Bool = false) {
      self.width = width
      self.showsIntents = showsIntents
      self.showsURLs = showsURLs
    }

    /// Eighty columns, no intents, no thumbnails: what scenario snapshots compare.
    public static let `default` = Options()
  }

  public var options: Options

  public init(options: Options = .default) {
    self.options = options
  }

  /// The tree as text, lines separated by `\n`, without a trailing line break.
  public func render(_ node: Node) -> String {
    var writer = Writer(options: options)
    writer.walk(node)
    return writer.output
  }
}

extension TextRenderer {
  /// Each drawn node with its place and its lines, in the one pass that draws the text: what
  /// `ScreenDiff` compares of a tree. The back button is drawn on its screen's line.
  func drawnNodes(_ node: Node) -> [DrawnNode] {
    var writer = Writer(options: options)
    writer.drawnNodes = []
    writer.walk(node)
    return writer.drawnNodes ?? []
  }
}

extension Node: CustomStringConvertible {
  /// The tree rendered with `TextRenderer.Options.default`.
  public var description: String { TextRenderer().render(self) }
}

// MARK: - Writing

/// The renderer's state while it walks one tree.
private struct Writer: NodeWalker {
  let options: TextRenderer.Options
  var output = ""
  /// Each node as drawn, when the caller asks for them instead of the text.
  var drawnNodes: [DrawnNode]?
  /// The guides (`│  ` or three spaces) of the ancestors of the node being written.
  var prefix = ""

  /// Writes the node's lines after the ancestors' guides and its connector, then its children
  /// under them with the guide it hands down.
  mutating func visit(_ node: Node, at place: NodePlace) {
    let (connector, guide) =
      place.depth == 0 ? ("", "") : place.isLast ? ("└─ ", "   ") : ("├─ ", "│  ")
    let line = text(of: node)
    // Each guide and connector is three characters wide.
    let room = options.width - 3 * place.depth
    // A line has no more characters than bytes: most are counted by their bytes.
    let fits = line.utf8.count <= room || line.count <= room
    let pieces = fits ? [line] : wrap(line, room: room, depth: place.depth + 1)
    let drawn =
      [prefix + connector + pieces[0]]
      + pieces.dropFirst().map { prefix + guide + (node.children.isEmpty ? "   " : "│  ") + $0 }
    if drawnNodes == nil {
      for line in drawn {
        if !output.isEmpty { output += "\n" }
        output += line
      }
    } else {
      drawnNodes?.append(
        DrawnNode(depth: place.depth, content: pieces, drawn: drawn, path: place.path))
    }
    let outer = prefix
    prefix += guide
    descend(into: node, at: place) { if case .backButton = $0.kind { false } else { true } }
    prefix = outer
  }

  /// `line` broken at spaces, greedily, into a first piece of `room` characters and pieces for
  /// lines indented `depth` levels; never after a lone `●` or `→` nor before a lone `·`, so a
  /// picker's marker stays with its option, an arrow with its intent, a separator ends its line.
  /// (Words compare as `Character`s do, by canonical equivalence: U+0387 is another `·`.)
  private func wrap(_ line: String, room firstRoom: Int, depth: Int) -> [String] {
    let minimumRoom = 24
    var room = max(firstRoom, minimumRoom)
    var pieces: [String] = []
    var used = -1  // no word on this line yet
    var (start, previous): (String.Index, Substring) = (line.startIndex, "")
    for word in Self.words(of: line) {
      let count = word.count
      if used < 0 {
        used = count
      } else if used + 1 + count <= room || previous == "●" || previous == "→" || word == "·" {
        used += 1 + count
      } else {
        // A piece is the line's text from its first word to its last.
        pieces.append(String(Substring(line.utf8[start..<previous.endIndex])))
        (start, room, used) = (word.startIndex, max(options.width - 3 * depth, minimumRoom), count)
      }
      previous = word
    }
    return pieces + [String(Substring(line.utf8[start...]))]
  }

  /// `line` split at each space that is a Character of its own, found by its bytes: only a
  /// scalar beyond ASCII can make one Character with the space beside it.
  private static func words(of line: String) -> [Substring] {
    let (utf8, bytes) = (line.utf8, Array(line.utf8))
    var (words, start) = ([Substring](), utf8.startIndex)
    for offset in bytes.indices where bytes[offset] == UInt8(ascii: " ") {
      let space = utf8.index(utf8.startIndex, offsetBy: offset)
      let next = utf8.index(after: space)
      if bytes[max(offset - 1, 0)] >= 0x80 || bytes[min(offset + 1, bytes.count - 1)] >= 0x80,
        String.Index(space, within: line) == nil || String.Index(next, within: line) == nil
      {
        continue
      }
      words.append(Substring(utf8[start..<space]))
      start = next
    }
    return words + [Substring(utf8[start...])]
  }

  /// One node's line, without its guides.
  private func text(of node: Node) -> String {
    var line = node.kind.name
    func add(_ name: String, quoting value: String?) {
      guard let value else { return }
      line += name
      Quoting.appendQuoted(value, to: &line)
    }
    func symbol(_ symbol: SFSymbol?) {
      if let symbol { line += " [" + symbol.rawValue + "]" }
    }
    func flags(_ flags: [(Bool, String)]) {
      let names = flags.filter(\.0).map(\.1)
      if !names.isEmpty { line += " (" + names.joined(separator: ", ") + ")" }
    }
    var intent: UserIntent?
    switch node.kind {
    case .navigationStack, .toolbar, .grid, .section(nil), .progressView(nil):
      break
    case .screen(let title):
      add(" ", quoting: title)
      for child in node.children {
        guard case .backButton(let back) = child.kind else { continue }
        add(" back=", quoting: back.title)
        intent = back.intent
      }
    case .backButton(let back):
      add(" ", quoting: back.title)
      intent = back.intent
    case .button(let button):
      add(" ", quoting: button.title)
      symbol(button.symbol)
      flags([(button.isDisabled, "disabled")])
      intent = button.intent
    case .menu(let label), .label(let label), .contentUnavailableView(let label):
      add(" ", quoting: label.title)
      symbol(label.symbol)
    case .picker(let picker):
      add(" ", quoting: picker.title)
      if !picker.options.isEmpty {
        let options = picker.options.map {
          ($0.title == picker.selection ? "● " : "") + Self.shown($0.title)
        }
        line += ": " + options.joined(separator: " · ")
      }
    case .searchField(let field):
      add(" ", quoting: field.prompt)
      add(" text=", quoting: field.text)
      flags([(field.isFocused, "focused")])
    case .suggestion(let suggestion):
      add(" ", quoting: suggestion.term)
      intent = suggestion.intent
    case .list(let list):
      flags([(list.refresh != nil, "refreshable"), (list.isRefreshing, "refreshing")])
      intent = list.refresh
    case .section(let text?), .text(let text), .progressView(let text?), .alert(let text):
      add(" ", quoting: text)
    case .row(let row):
      add(" ", quoting: row.title)
      if row.isFavorite { line += " ♥" }
      add(" url=", quoting: options.showsURLs ? row.thumbnail : nil)
      intent = row.intent
    case .image(let url):
      add(" url=", quoting: options.showsURLs ? url : nil)
    case .link(let link):
      add(" ", quoting: link.title)
      add(" url=", quoting: options.showsURLs ? link.destination.absoluteString : nil)
      intent = link.intent
    case .tile(let tile):
      add(" ", quoting: tile.title)
      add(" url=", quoting: options.showsURLs ? tile.image : nil)
      intent = tile.intent
    }
    if options.showsIntents, let intent { line += " → " + intent.rendered }
    return line
  }

  /// Options go bare, as the picker shows them, unless they could be misread.
  private static func shown(_ option: String) -> String {
    // Printable ASCII but `"` and `\` is misread only when empty or with a space at an end.
    let plain = option.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    let misreadable =
      plain
      ? option.isEmpty || option.utf8.first == 0x20 || option.utf8.last == 0x20
      : option.isEmpty || option.first == " " || option.last == " "
        || option.contains(where: { "·●\"\\".contains($0) || $0.isNewline })
    return misreadable ? Quoting.quoted(option) : option
  }
}

extension UserIntent {
  /// The intent as the renderer prints it after `→`: `mealTapped("53049")`, `diceTapped`.
  var rendered: String {
    func call(_ name: String, _ argument: String) -> String {
      name + "(" + Quoting.quoted(argument) + ")"
    }
    return switch self {
    case .searchTextChanged(let text): call("searchTextChanged", text)
    case .categoryPicked(let category): call("categoryPicked", category)
    case .categoryTileTapped(let category): call("categoryTileTapped", category)
    case .suggestionPicked(let term): call("suggestionPicked", term)
    case .mealTapped(let meal): call("mealTapped", meal.id)
    case .linkTapped(let url): call("linkTapped", url.absoluteString)
    case .searchFocusChanged(let isFocused): "searchFocusChanged(\(isFocused))"
    // The cases without a payload print their name, spelled here: reflection reads it slowly.
    case .pulledToRefresh: "pulledToRefresh"
    case .retryTapped: "retryTapped"
    case .diceTapped: "diceTapped"
    case .heartTapped: "heartTapped"
    case .backTapped: "backTapped"
    case .noticeDismissed: "noticeDismissed"
    case .pathChanged: String(describing: self)
    }
  }
}
