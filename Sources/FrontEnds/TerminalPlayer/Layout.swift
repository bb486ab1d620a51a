import ViewDescription
import ViewModels

/// How a piece of a line is drawn.
enum Style: Hashable, Sendable {
  case plain, bold, dim, selected, link, input, notice
}

/// A run of text in one style.
struct Span: Hashable, Sendable {
  var text: String
  var style: Style

  init(_ text: String, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// One line of the terminal, at most as wide as the layout.
struct Line: Hashable, Sendable {
  var spans: [Span]

  init(_ spans: [Span]) { self.spans = spans }
  init(_ text: String, _ style: Style = .plain) { self.spans = [Span(text, style)] }

  /// The characters, without styles.
  var text: String { spans.map(\.text).joined() }
}

/// Something the selection can rest on and `Enter` presses.
struct Item: Hashable, Sendable, Identifiable {
  var kind: Tappable.Kind
  var label: String
  var intent: UserIntent
  /// Where it is in the body.
  var lines: Range<Int>

  /// The item as the selection remembers it: a suggestion and a row of the same name are two.
  var id: [String] { [kind.rawValue, label] }
}

/// A screen laid out for the terminal: a fixed header (title, toolbar, search field), a body
/// that scrolls, a fixed footer (status, notice, help), and the body's selectable items.
struct Layout: Equatable, Sendable {
  var header: [Line]
  var body: [Line]
  var footer: [Line]
  var items: [Item]

  /// The lines that fit the body between header and footer.
  func bodyHeight(for height: Int) -> Int {
    max(height - header.count - footer.count, 1)
  }

  /// The whole terminal: header, the visible part of the body padded to fill, footer.
  func frame(height: Int, scroll: Int) -> [Line] {
    let bodyHeight = bodyHeight(for: height)
    var visible = Array(body.dropFirst(scroll).prefix(bodyHeight))
    visible += Array(repeating: Line(""), count: bodyHeight - visible.count)
    return Array((header + visible + footer).prefix(max(height, 1)))
  }
}
