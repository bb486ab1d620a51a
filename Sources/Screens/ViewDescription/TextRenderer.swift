import Spelling
import ViewModels

/// Prints a node tree as text: one node per line, indented with `├─ └─ │`, deterministic.
///
/// A line reads `Kind "label" ♥ [symbol] text="…" back="…" url="…" (flags): options → intent`,
/// each part only when the node has it, always in this order. Strings are quoted, with `"` and
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
  /// Each node's lines in the order they are drawn, in the one pass that draws the text: what
  /// `ScreenDiff` shows of a tree it compared.
  func drawnLines(_ node: Node) -> [[String]] {
    var writer = Writer(options: options)
    writer.drawnLines = []
    writer.walk(node)
    return writer.drawnLines ?? []
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
  /// Each node's lines as drawn, when the caller asks for them.
  var drawnLines: [[String]]?
  /// The guides (`│  ` or three spaces) of the ancestors of the node being written.
  var prefix = ""

  /// Writes the node's lines after the ancestors' guides and its connector, then its children
  /// under them with the guide it hands down.
  mutating func visit(_ node: Node, at place: NodePlace) {
    let (connector, guide) =
      place.depth == 0 ? ("", "") : place.isLast ? ("└─ ", "   ") : ("├─ ", "│  ")
    let line = LineFormatter(options: options).line(for: node)
    // Each guide and connector is three characters wide.
    let room = options.width - 3 * place.depth
    var lines =
      line.count <= room
      ? [line]
      : wrap(
        line, room: room, continuation: prefix + guide + (node.children.isEmpty ? "   " : "│  "))
    lines[0] = prefix + connector + lines[0]
    drawnLines?.append(lines)
    for line in lines {
      if !output.isEmpty { output += "\n" }
      output += line
    }
    let outer = prefix
    prefix += guide
    descend(into: node, at: place)
    prefix = outer
  }

  /// `line` broken at spaces, greedily, into a first line of `room` characters and lines that
  /// start with `continuation`; never after a lone `●` or `→` nor before a lone `·`, so a
  /// picker's marker stays with its option, an arrow with its intent, a separator ends its line.
  /// (Words compare as `Character`s do, by canonical equivalence: U+0387 is another `·`.)
  private func wrap(_ line: String, room firstRoom: Int, continuation: String) -> [String] {
    let minimumRoom = 24
    var room = max(firstRoom, minimumRoom)
    var lines = [""]
    var used = -1  // no word on this line yet
    var previous: Substring = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      if used < 0 {
        used = word.count
      } else if used + 1 + word.count <= room || previous == "●" || previous == "→"
        || word == "·"
      {
        lines[lines.count - 1] += " "
        used += 1 + word.count
      } else {
        lines.append(continuation)
        room = max(options.width - continuation.count, minimumRoom)
        used = word.count
      }
      lines[lines.count - 1] += word
      previous = word
    }
    return lines
  }
}

/// Formats one node's line, without its guides.
private struct LineFormatter {
  let options: TextRenderer.Options

  func line(for node: Node) -> String {
    var line = node.kind.rawValue
    func add(_ name: String, quoting value: String?) {
      guard let value else { return }
      line += name
      Quoting.appendQuoted(value, to: &line)
    }
    add(" ", quoting: node.label)
    if node.has(.favorite) { line += " ♥" }
    if let symbol = node.systemImage { line += " [" + symbol + "]" }
    add(" text=", quoting: node.text)
    add(" back=", quoting: node.back)
    add(" url=", quoting: options.showsURLs ? node.url : nil)
    // ` (disabled, refreshable)`: the flags a node has, in this order.
    let flags = Self.flagNames.filter { node.has($0.flag) }.map(\.name)
    if !flags.isEmpty { line += " (" + flags.joined(separator: ", ") + ")" }
    if !node.options.isEmpty {
      let options = node.options.map { ($0 == node.selection ? "● " : "") + Self.shown($0) }
      line += ": " + options.joined(separator: " · ")
    }
    if options.showsIntents, let intent = node.intent { line += " → " + intent.rendered }
    return line
  }

  private static let flagNames: [(flag: Node.Flags, name: String)] = [
    (.disabled, "disabled"), (.refreshable, "refreshable"), (.refreshing, "refreshing"),
    (.focused, "focused"),
  ]

  /// Options go bare, as the picker shows them, unless they could be misread.
  private static func shown(_ option: String) -> String {
    let misreadable =
      option.isEmpty || option.first == " " || option.last == " "
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
    default: String(describing: self)  // the cases without a payload print their name
    }
  }
}
