/// The SF Symbols the screens show, by their system names (`Button(_:systemImage:)` takes
/// `rawValue`), each with the one character the storyboard's HTML and the terminal player draw.
///
/// Each glyph is one character that takes one terminal column and that DejaVu Sans or DejaVu
/// Sans Mono draws, so it needs no emoji font (the storyboard's browser test checks that none
/// is drawn as the missing-glyph box). A text tree draws a symbol as its name in brackets:
/// `[heart.fill]`.
public enum SFSymbol: String, CaseIterable, Hashable, Sendable {
  case dice
  case line3HorizontalDecreaseCircle = "line.3.horizontal.decrease.circle"
  case forkKnife = "fork.knife"
  case magnifyingglass
  case squareGrid2x2 = "square.grid.2x2"
  case wifiExclamationmark = "wifi.exclamationmark"
  case questionmarkCircle = "questionmark.circle"
  case heart
  case heartFill = "heart.fill"
  case globe
  case tag

  /// The character drawn for the symbol.
  public var glyph: String {
    switch self {
    case .dice: "⚄"
    case .line3HorizontalDecreaseCircle: "☰"
    case .forkKnife: "⋔"
    case .magnifyingglass: "⌕"
    case .squareGrid2x2: "⊞"
    case .wifiExclamationmark: "⚠"
    case .questionmarkCircle: "?"
    case .heart: "♡"
    case .heartFill: "♥"
    case .globe: "⊕"
    case .tag: "#"
    }
  }
}
