import Testing
import ViewDescription

/// The walk over a node tree as `NodeWalker`'s doc comment shows it, through the public API.
@Suite struct NodeWalkerSnippetTests {
  @Test("A walker of its own outlines a screen by depth and leaves a menu closed")
  func outline() {
    let tree = Node.navigationStack([
      .screen(
        "Dessert",
        [
          .toolbar([.menu("Kategorie", [.picker("Kategorie", options: ["Beef"], selection: nil)])]),
          .list([.row("Apam balik", intent: .diceTapped)]),
        ])
    ])
    // NodeWalker's doc comment
    struct Outline: NodeWalker {
      var lines: [String] = []
      mutating func visit(_ node: Node, at place: NodePlace) {
        lines.append(String(repeating: "  ", count: place.depth) + node.kind.name)
        if case .menu = node.kind { return }  // a closed menu hides its contents
        descend(into: node, at: place)
      }
    }
    var outline = Outline()
    outline.walk(tree)
    #expect(
      outline.lines == [
        "NavigationStack", "  Screen", "    Toolbar", "      Menu", "    List", "      Row",
      ])
  }

  @Test("A closure walk hands each node its place: path, depth and whether it is the last child")
  func places() {
    let tree = Node.list([.text("a"), .section("B", [.text("b")]), .text("c")])
    var places: [String] = []
    tree.walk { node, place in
      places.append("\(place.path) \(place.depth) \(place.isLast) \(node.kind.name)")
      return true
    }
    #expect(
      places == [
        "root 0 true List", "0 1 false Text", "1 1 false Section", "1.0 2 true Text",
        "2 1 true Text",
      ])
  }
}
