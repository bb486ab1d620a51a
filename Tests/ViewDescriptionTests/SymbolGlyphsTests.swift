import Foundation
import Testing
import ViewDescription

/// The one table of SF Symbol glyphs knows every symbol the app's screens name.
@Suite struct SymbolGlyphsTests {
  /// Every SF Symbol name spelled in the screens' sources: each `…Symbol = "name"` of `AppText`
  /// and each `systemImage: "name"` literal, so a symbol added there is checked here without
  /// being listed twice.
  static let symbolsInSources: [String] = {
    let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Screens/ViewDescription/Screens")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: screens.path)) ?? []
    var names: Set<String> = []
    let pattern = try! NSRegularExpression(
      pattern: #"(?:Symbol\s*=\s*|systemImage:\s*)"([^"\\]+)""#)
    for file in files where file.hasSuffix(".swift") {
      guard
        let text = try? String(
          contentsOf: screens.appendingPathComponent(file), encoding: .utf8)
      else { continue }
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
      }
    }
    return names.sorted()
  }()

  @Test("The screens' sources name the app's symbols, the dice and fork.knife among them")
  func collected() {
    #expect(Self.symbolsInSources.count >= 11)
    #expect(Self.symbolsInSources.contains("fork.knife"))
    #expect(Self.symbolsInSources.contains(AppText.diceSymbol))
  }

  @Test(
    "Every symbol the app uses has a glyph of its own in the table", arguments: symbolsInSources)
  func known(symbol: String) {
    let glyph = SymbolGlyphs.table[symbol]
    #expect(glyph != nil, "no glyph for \(symbol)")
    #expect(glyph?.count == 1)
  }

  @Test("No two symbols share a glyph")
  func distinct() {
    #expect(Set(SymbolGlyphs.table.values).count == SymbolGlyphs.table.count)
  }

  @Test("fork.knife is a fork, not the hot springs sign")
  func forkKnife() {
    #expect(SymbolGlyphs.glyph(for: "fork.knife") == "⋔")
    #expect(!SymbolGlyphs.table.values.contains("♨"))
  }

  @Test("A symbol the table does not know is drawn as its name in brackets")
  func fallback() {
    #expect(SymbolGlyphs.glyph(for: "cart.badge.plus") == "[cart.badge.plus]")
    #expect(SymbolGlyphs.glyph(for: "x\u{1B}y") == #"[x\u{1B}y]"#)
  }

  @Test("The storyboard draws a symbol from the table, with its name as the tooltip")
  func html() {
    var writer = HTMLWriter()
    HTMLRenderer().render(.label("Dessert", systemImage: "fork.knife"), into: &writer)
    HTMLRenderer().render(.label("Dessert", systemImage: "cart"), into: &writer)
    #expect(writer.output.contains(#"<span class="glyph" title="fork.knife">⋔</span>"#))
    #expect(writer.output.contains(#"<span class="glyph" title="cart">[cart]</span>"#))
  }
}
