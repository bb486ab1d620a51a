/// A pass over a node tree that says what to do at a node; the walk takes it through the tree.
///
/// The one descent over `Node.children` is `descend(into:at:where:)`, in the spirit of
/// swift-markdown's `MarkupWalker`: `walk(_:)` visits the root, and a walker's `visit(_:at:)`
/// does its part at a node and calls `descend` to visit the node's children in order (all of
/// them, or those a filter keeps), or skips them by not calling it. Each node comes with its
/// place: its path, its depth and whether it is the last child. The renderers, the diff, the
/// terminal layout and the queries are walkers; none repeats the descent.
///
/// ```swift
/// struct Outline: NodeWalker {
///   var lines: [String] = []
///   mutating func visit(_ node: Node, at place: NodePlace) {
///     lines.append(String(repeating: "  ", count: place.depth) + node.kind.name)
///     if case .menu = node.kind { return }  // a closed menu hides its contents
///     descend(into: node, at: place)
///   }
/// }
/// var outline = Outline()
/// outline.walk(tree)
/// ```
public protocol NodeWalker {
  /// Does this walker's part at `node`, which sits at `place`.
  mutating func visit(_ node: Node, at place: NodePlace)
}

extension NodeWalker {
  /// Visits `root` as the root of its tree, and through it whatever `visit` descends into.
  public mutating func walk(_ root: Node) {
    visit(root, at: NodePlace())
  }

  /// Visits the children of `node` (which sits at `place`) that `include` keeps, in order, each
  /// at its own place.
  public mutating func descend(
    into node: Node, at place: NodePlace, where include: (Node) -> Bool = { _ in true }
  ) {
    guard !node.children.isEmpty else { return }
    let (parent, last) = (place.path, node.children.count - 1)
    // Each child is lent where it lies: an array's subscript hands out a copy of the node.
    node.children.withUnsafeBufferPointer { children in
      for index in children.indices where include(children[index]) {
        visit(children[index], at: NodePlace(parent: parent, index: index, isLast: index == last))
      }
    }
  }
}

/// Where a walk meets a node: its path from the root, and whether it is its parent's last child.
public struct NodePlace: Hashable, Sendable {
  /// The path of the node's parent and the node's index in it, or the node's own path at the
  /// start of a walk (`index` is `nil`): `path` is put together only when a walker asks for it.
  private let parent: NodePath
  private let index: Int?
  /// Whether no sibling follows the node; the root counts as last.
  public var isLast: Bool

  /// The root's place.
  public init(path: NodePath = NodePath(), isLast: Bool = true) {
    (parent, index, self.isLast) = (path, nil, isLast)
  }

  init(parent: NodePath, index: Int, isLast: Bool) {
    (self.parent, self.index, self.isLast) = (parent, index, isLast)
  }

  /// The index of each child taken on the way down from the root.
  public var path: NodePath { index.map { NodePath(parent.indices + [$0]) } ?? parent }

  /// 0 for the root; one more for each level below it.
  public var depth: Int { parent.indices.count + (index == nil ? 0 : 1) }
}

/// Where a node sits in its tree: the index of each child taken on the way down from the root.
///
/// The root's path is empty; `[0, 2]` is the third child of the root's first child.
public struct NodePath: Hashable, Sendable, CustomStringConvertible {
  public var indices: [Int]

  public init(_ indices: [Int] = []) {
    self.indices = indices
  }

  /// `0.2`, or `root` for the empty path: how a page names it in `data-path`.
  public var description: String {
    indices.isEmpty ? "root" : indices.map(String.init).joined(separator: ".")
  }
}

// MARK: - Walks given as closures

extension Node {
  /// Calls `visit` with this node and its descendants, depth first, parents before children,
  /// each with its place; a node's children are visited only when `visit` returns `true` for it.
  public func walk(_ visit: (Node, NodePlace) -> Bool) {
    withoutActuallyEscaping(visit) { visit in
      var walker = ClosureWalker(body: visit)
      walker.walk(self)
    }
  }
}

/// The walker behind `Node.walk(_:)`.
private struct ClosureWalker: NodeWalker {
  let body: (Node, NodePlace) -> Bool

  mutating func visit(_ node: Node, at place: NodePlace) {
    if body(node, place) { descend(into: node, at: place) }
  }
}
