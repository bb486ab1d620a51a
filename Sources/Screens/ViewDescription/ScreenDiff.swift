import Spelling

/// The difference of two screens, worked out on their nodes: which nodes of the new screen are
/// new, which are gone from the old one, and which stayed but changed (a text typed, a flag
/// set, a title).
///
/// Two node trees are compared node by node (what `TextRenderer` would draw of each), never
/// through their text. A text tree (an expected screen, written in a scenario file or a Swift
/// literal) is read back into nodes by its guides and connectors, so a node is compared by its
/// depth and what its line says, never by the connector in front of it. An alert added below a
/// list changes every row's guide from `   ` to `│  `, and none of them counts as changed: only
/// the alert and its button are new. Lines that are no tree (a list of requests) are nodes at
/// depth 0.
///
/// Nodes are matched in order (a shortest diff over depth and text); within a run of changes, a
/// gone node and a new node of the same depth, kind and label are one changed node, and so are
/// the one gone and the one new node of a kind at a depth (a screen whose title changed). The
/// same diff serves a failed `expect screen`, `rezepte show`, the storyboard's highlights and
/// `--record`'s summary.
public struct ScreenDiff: Sendable {
  /// What became of a node.
  public enum Change: Equatable, Sendable {
    /// On both screens, as it was.
    case same
    /// Only on the new screen.
    case added
    /// Only on the old screen.
    case removed
    /// On both screens, saying something else now.
    case changed
  }

  /// One node of either screen.
  public struct Entry: Equatable, Sendable {
    public let change: Change
    /// The node's place in the new screen, counted depth first from 0; `nil` for a removed node.
    public let newIndex: Int?
    /// The node's place in the old screen, counted depth first from 0; `nil` for an added node.
    public let oldIndex: Int?
  }

  /// Every node of both screens, in the order the new screen draws them, removed nodes where
  /// they stood.
  public let entries: [Entry]
  private let old: DrawnTree
  private let new: DrawnTree

  /// The diff of two texts: text trees, or any lines; an empty text has no nodes.
  public init(old: String, new: String) {
    self.init(old: DrawnTree(text: old), new: DrawnTree(text: new))
  }

  /// The diff of two lists of lines, each line a node at depth 0: requests, say.
  public init(oldLines: [String], newLines: [String]) {
    self.init(old: DrawnTree(lines: oldLines), new: DrawnTree(lines: newLines))
  }

  /// The diff of two node trees, drawn by `renderer`; each node is read from its own tree, so a
  /// wrapped line is never taken for a node of its own.
  public init(old: Node, new: Node, renderer: TextRenderer = TextRenderer()) {
    self.init(old: DrawnTree(old, renderer: renderer), new: DrawnTree(new, renderer: renderer))
  }

  /// The diff of two trees read before: a screen compared with the one before it and then with
  /// the one after it is read once.
  public init(old: DrawnTree, new: DrawnTree) {
    self.old = old
    self.new = new
    entries = Self.entries(old: old, new: new)
  }

  /// How many nodes are new, gone and changed.
  public var counts: (added: Int, removed: Int, changed: Int) {
    func count(_ change: Change) -> Int { entries.count { $0.change == change } }
    return (count(.added), count(.removed), count(.changed))
  }

  // MARK: - Drawing

  /// How a drawn diff shows a changed node.
  public enum Style: Sendable {
    /// Its old lines marked `− `, then its new lines marked `+ `: what a failed expectation
    /// shows (`− expected, + actual`).
    case bothSides
    /// Its new lines marked `+ `, and each run of removed nodes as one line counting their lines:
    /// the new screen with what is new on it, as `rezepte show` prints it for a learner, its
    /// counts in German (`⋮ 3 unveränderte Zeilen`, `− 1 Zeile entfernt`).
    case newSide
  }

  /// The diff as lines: unchanged lines start with two spaces, gone ones with `− `, new ones
  /// with `+ `.
  ///
  /// - Parameters:
  ///   - context: unchanged lines kept before and after each change; longer unchanged runs are
  ///     shortened to a `⋮` line saying how many were left out.
  ///   - limit: the most lines shown; a longer diff ends with a line counting the rest.
  public func lines(
    context: Int = 3, limit: Int = 400, style: Style = .bothSides
  ) -> [String] {
    let (oldLines, newLines) = (old.drawn.map(\.drawn), new.drawn.map(\.drawn))
    var marked: [(line: String, isChange: Bool)] = []
    var removed = 0
    func flushRemoved() {
      guard removed > 0 else { return }
      marked.append(("− " + (removed == 1 ? "1 Zeile" : "\(removed) Zeilen") + " entfernt", true))
      removed = 0
    }
    for entry in entries {
      let oldSide = entry.oldIndex.map { oldLines[$0] } ?? []
      let newSide = entry.newIndex.map { newLines[$0] } ?? []
      switch (entry.change, style) {
      case (.same, _):
        flushRemoved()
        marked += newSide.map { ("  " + $0, false) }
      case (.removed, .newSide):
        removed += oldSide.count
      case (_, .newSide):
        flushRemoved()
        marked += newSide.map { ("+ " + $0, true) }
      case (_, .bothSides):
        marked += oldSide.map { ("− " + $0, true) } + newSide.map { ("+ " + $0, true) }
      }
    }
    flushRemoved()
    return Self.shortened(marked, context: context, limit: limit, german: style == .newSide)
  }

  /// The marked lines with unchanged runs further than `context` from a change folded, and at
  /// most `limit` lines in all.
  private static func shortened(
    _ marked: [(line: String, isChange: Bool)], context: Int, limit: Int, german: Bool
  ) -> [String] {
    func omitted(_ count: Int) -> String {
      german
        ? "  ⋮ \(count) unveränderte Zeile" + (count == 1 ? "" : "n")
        : "  ⋮ \(count) unchanged line" + (count == 1 ? "" : "s")
    }
    // For each line, whether a change lies within `context` lines of it.
    let context = min(context, marked.count)  // `.max` keeps every line
    var near = [Bool](repeating: false, count: marked.count)
    for index in marked.indices where marked[index].isChange {
      for other in max(0, index - context)...min(marked.count - 1, index + context) {
        near[other] = true
      }
    }
    var output: [String] = []
    var skipped = 0
    for (index, line) in marked.enumerated() {
      if near[index] {
        if skipped > 0 { output.append(omitted(skipped)) }
        skipped = 0
        output.append(line.line)
      } else {
        skipped += 1
      }
    }
    if skipped > 0 { output.append(omitted(skipped)) }
    let left = output.count - limit
    guard left > 0 else { return output }
    return output.prefix(limit)
      + [
        german
          ? "  ⋯ \(left) weitere Zeile\(left == 1 ? "" : "n") ausgelassen"
          : "  ⋯ \(left == 1 ? "1 more line" : "\(left) more lines") of the diff left out"
      ]
  }

  // MARK: - Highlights

  /// The paths of the new screen's nodes that are new or changed: the nodes whose lines
  /// `lines(style: .newSide)` marks `+`, which a storyboard highlights. Only a screen read from a
  /// node tree has paths; the diff of texts lists none.
  public var changedPaths: Set<NodePath> {
    Set(
      entries.compactMap { entry in
        guard entry.change == .added || entry.change == .changed else { return nil }
        return entry.newIndex.flatMap { new.drawn[$0].path }
      })
  }

  // MARK: - Matching

  private static func entries(old: DrawnTree, new: DrawnTree) -> [Entry] {
    var entries: [Entry] = []
    var (oldIndex, newIndex) = (0, 0)
    var hunk: (removed: [Int], added: [Int]) = ([], [])
    func flush() {
      entries += pair(hunk.removed, hunk.added, old: old, new: new)
      hunk = ([], [])
    }
    for line in lineDiff(old.keys, new.keys) {
      switch line {
      case .same:
        flush()
        entries.append(Entry(change: .same, newIndex: newIndex, oldIndex: oldIndex))
        (oldIndex, newIndex) = (oldIndex + 1, newIndex + 1)
      case .removed:
        hunk.removed.append(oldIndex)
        oldIndex += 1
      case .added:
        hunk.added.append(newIndex)
        newIndex += 1
      }
    }
    flush()
    return entries
  }

  /// One run of changes: gone nodes paired with new ones that are the same node changed; the
  /// new side in order, each unpaired gone node before the first changed node that stood after
  /// it.
  private static func pair(
    _ removed: [Int], _ added: [Int], old: DrawnTree, new: DrawnTree
  ) -> [Entry] {
    var partner: [Int: Int] = [:]  // added index → removed index
    // The n-th gone node of a kind and label pairs with the n-th new one.
    var goneByIdentity = Dictionary(grouping: removed) { old.identity(of: $0) }
    for index in added {
      let identity = new.identity(of: index)
      guard let match = goneByIdentity[identity]?.first else { continue }
      goneByIdentity[identity]?.removeFirst()
      partner[index] = match
    }
    // A kind that is gone once and new once at one depth is the same node changed.
    let paired = Set(partner.values)
    let goneByKind = Dictionary(grouping: removed.filter { !paired.contains($0) }) {
      old.kind(of: $0)
    }
    let newByKind = Dictionary(grouping: added.filter { partner[$0] == nil }) { new.kind(of: $0) }
    for (kind, fresh) in newByKind {
      if fresh.count == 1, let gone = goneByKind[kind], gone.count == 1 {
        partner[fresh[0]] = gone[0]
      }
    }
    var entries: [Entry] = []
    let matched = Set(partner.values)
    var gone = removed.filter { !matched.contains($0) }[...]
    func flushGone(before limit: Int) {
      while let first = gone.first, first < limit {
        entries.append(Entry(change: .removed, newIndex: nil, oldIndex: first))
        gone.removeFirst()
      }
    }
    for index in added {
      let match = partner[index]
      if let match { flushGone(before: match) }
      entries.append(
        Entry(change: match == nil ? .added : .changed, newIndex: index, oldIndex: match))
    }
    flushGone(before: .max)
    return entries
  }
}

// MARK: - Reading a drawn tree

/// A screen read node by node, as a `ScreenDiff` compares it: each node's depth and what its
/// lines say, from a node tree (as `TextRenderer` draws it) or from the lines of a text tree.
public struct DrawnTree: Hashable, Sendable {
  /// What a node is compared by: its depth and the text of its lines without the guides.
  struct Key: Hashable, Sendable {
    var depth: Int
    var text: [String]
  }

  let keys: [Key]
  /// Each node's lines as drawn, and its place in its tree (`nil` for a node read from text).
  fileprivate let drawn: [DrawnNode]

  /// `tree` as `renderer` draws it: what the text tree does not draw (addresses, intents) is no
  /// change.
  public init(_ tree: Node, renderer: TextRenderer = TextRenderer()) {
    self.init(renderer.drawnNodes(tree))
  }

  /// A text tree read back into nodes by its guides and connectors.
  init(text: String) {
    self.init(DrawnNode.read(text))
  }

  /// Lines that are no tree: each a node at depth 0.
  init(lines: [String]) {
    self.init(lines.map { DrawnNode(depth: 0, content: [$0], drawn: [$0]) })
  }

  private init(_ nodes: [DrawnNode]) {
    keys = nodes.map { Key(depth: $0.depth, text: $0.content) }
    drawn = nodes
  }

  /// The kind and the label of a node (`Row "Lasagne"`) with its depth: what pairs a changed
  /// node. Asked only of the nodes in a run of changes.
  func identity(of index: Int) -> String {
    "\(drawn[index].depth) " + DrawnNode.kindAndLabel(drawn[index].content.first ?? "")
  }

  /// The kind alone, with the depth.
  func kind(of index: Int) -> String {
    "\(drawn[index].depth) " + String((drawn[index].content.first ?? "").prefix { $0 != " " })
  }

  /// Whether the two draw the same nodes: what they are compared by, whatever drew their lines.
  public static func == (lhs: DrawnTree, rhs: DrawnTree) -> Bool {
    lhs.keys == rhs.keys
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
  }
}

/// One node of a text tree: its depth and its lines, as drawn and without the guides.
struct DrawnNode: Sendable {
  /// 0 for the root; one more for each level below it.
  var depth: Int
  /// The node's lines with the guides and the connector in front taken off: what it says.
  var content: [String]
  /// The node's lines as drawn.
  var drawn: [String]
  /// Where the node sits in the tree it was drawn from; `nil` for a node read from text.
  var path: NodePath?

  /// `Row "Lasagne"` of `Row "Lasagne" ♥`: the kind, and the quoted label if one follows it
  /// (up to the first quote that no backslash escapes), read by the bytes.
  static func kindAndLabel(_ line: String) -> String {
    let utf8 = line.utf8
    let kind = utf8.prefix { $0 != UInt8(ascii: " ") }
    guard utf8[kind.endIndex...].starts(with: " \"".utf8) else { return String(Substring(kind)) }
    var escaped = false
    for index in utf8.indices.dropFirst(kind.count + 2) {
      if escaped {
        escaped = false
      } else if utf8[index] == UInt8(ascii: "\\") {
        escaped = true
      } else if utf8[index] == UInt8(ascii: "\"") {
        return String(Substring(utf8[...index]))
      }
    }
    return String(Substring(kind))
  }

  /// The nodes of a text tree, in the order it draws them.
  ///
  /// A line is a guide or a connector three characters wide at a time (`│  `, three spaces,
  /// `├─ `, `└─ `), then what it says. A line whose last group is a connector starts a node one
  /// level below the groups before it; a line of guides only continues the node before it (a
  /// wrapped line); a line with neither starts a node at depth 0.
  static func read(_ text: String) -> [DrawnNode] {
    guard !text.isEmpty else { return [] }
    var nodes: [DrawnNode] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(line)
      var groups = 0
      var endsInConnector = false
      while let group = guideGroups.first(where: { rest.hasPrefix($0) }) {
        rest = rest.dropFirst(group.count)
        groups += 1
        endsInConnector = group == "├─ " || group == "└─ "
        if endsInConnector { break }
      }
      let content = String(rest)
      if endsInConnector || groups == 0 || nodes.isEmpty || content.isEmpty {
        let depth = endsInConnector ? groups : 0
        nodes.append(DrawnNode(depth: depth, content: [content], drawn: [String(line)]))
      } else {
        nodes[nodes.count - 1].content.append(content)
        nodes[nodes.count - 1].drawn.append(String(line))
      }
    }
    return nodes
  }

  private static let guideGroups = ["├─ ", "└─ ", "│  ", "   "]
}
