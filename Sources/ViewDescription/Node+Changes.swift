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
  /// Children are matched to the previous children by kind and label (the n-th `Row "Lasagne"`
  /// to the n-th), not by position, so a row inserted at the top marks that row alone and not
  /// every row below it. A node counts as changed when nothing matches it, when one of its own
  /// attributes differs (text, flags, selection, …), or when a previous child is gone, so that
  /// the list that lost rows is marked. The descendants of a new node are not listed: the new
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
    for (index, child) in children.enumerated() {
      let key = ChildKey(child)
      guard let match = unmatched[key]?.first else {
        changed.insert(path.child(index))
        continue
      }
      unmatched[key]?.removeFirst()
      child.collectChanges(since: previous.children[match], at: path.child(index), into: &changed)
    }
    if unmatched.values.contains(where: { !$0.isEmpty }) { changed.insert(path) }
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
    label = node.label
  }
}
