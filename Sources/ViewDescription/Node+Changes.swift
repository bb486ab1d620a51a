/// Where a node sits in its tree: the index of each child taken on the way down from the root.
///
/// The root's path is empty; `[0, 2]` is the third child of the root's first child.
public struct NodePath: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var indices: [Int]

  public init(_ indices: [Int] = []) {
    self.indices = indices
  }

  /// The path of the `index`-th child of the node at this path.
  public func child(_ index: Int) -> NodePath { NodePath(indices + [index]) }

  /// `0.2`, or `root` for the empty path: how a page names it in `data-path`.
  public var description: String {
    indices.isEmpty ? "root" : indices.map(String.init).joined(separator: ".")
  }

  public static func < (lhs: NodePath, rhs: NodePath) -> Bool {
    lhs.indices.lexicographicallyPrecedes(rhs.indices)
  }
}

extension Node {
  /// The paths of the nodes in this tree that are new or changed since `previous`.
  ///
  /// Children are matched to the previous children by kind, and items (rows, tiles, texts,
  /// buttons, …) also by label: the n-th `Row "Lasagne"` to the n-th, not by position, so a row
  /// inserted at the top marks that row alone and not every row below it. Screens are matched
  /// by their back button: the list whose title went from "Dessert" to "Suche" is the same
  /// screen, compared node by node, while a pushed screen is new. A node counts as changed when nothing matches it, when one of its own
  /// attributes differs (text, flags, selection, …), or when a previous child is gone and no new
  /// one came, so that the list that lost rows is marked. The descendants of a new node are not listed: the new
  /// node stands for them.
  public func changedPaths(since previous: Node) -> Set<NodePath> {
    var changed: Set<NodePath> = []
    collectChanges(since: previous, at: NodePath(), into: &changed)
    return changed
  }

  private func collectChanges(
    since previous: Node, at path: NodePath, into changed: inout Set<NodePath>
  ) {
    if !hasSameAttributes(as: previous) { changed.insert(path) }
    var unmatched: [ChildKey: [Int]] = [:]
    for (index, child) in previous.children.enumerated() {
      unmatched[ChildKey(child), default: []].append(index)
    }
    var added = false
    for (index, child) in children.enumerated() {
      let key = ChildKey(child)
      guard let match = unmatched[key]?.first else {
        changed.insert(path.child(index))
        added = true
        continue
      }
      unmatched[key]?.removeFirst()
      child.collectChanges(since: previous.children[match], at: path.child(index), into: &changed)
    }
    // A child that is gone shows on its parent, unless a new child took its place.
    if !added, unmatched.values.contains(where: { !$0.isEmpty }) { changed.insert(path) }
  }

  /// Whether everything but the children is equal.
  private func hasSameAttributes(as other: Node) -> Bool {
    kind == other.kind && label == other.label && systemImage == other.systemImage
      && url == other.url && text == other.text && options == other.options
      && selection == other.selection && back == other.back && flags == other.flags
      && intent == other.intent
  }
}

/// What a child is matched by between two trees.
private struct ChildKey: Hashable {
  let kind: Node.Kind
  let label: String?

  init(_ node: Node) {
    kind = node.kind
    switch node.kind {
    case .row, .tile, .text, .button, .suggestion, .label, .link, .section:
      label = node.label
    case .screen:
      // A pushed or popped screen has another back button: it is another screen, marked as a
      // whole (its title), while the same screen with a new title is compared node by node.
      label = node.back
    case .navigationStack, .toolbar, .menu, .picker, .searchField, .list, .image,
      .progressView, .contentUnavailableView, .grid, .alert:
      label = nil
    }
  }
}
