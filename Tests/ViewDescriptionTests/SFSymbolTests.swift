import Testing
import ViewDescription

/// Every SF Symbol the screens show has one glyph of its own for the storyboard and the player.
@Suite struct SFSymbolTests {
  @Test("Every symbol has a glyph of one character", arguments: SFSymbol.allCases)
  func oneCharacter(symbol: SFSymbol) {
    #expect(symbol.glyph.count == 1, "\(symbol.rawValue)")
  }

  @Test("No two symbols share a glyph")
  func distinct() {
    #expect(Set(SFSymbol.allCases.map(\.glyph)).count == SFSymbol.allCases.count)
  }

  @Test("fork.knife is a fork, not the hot springs sign")
  func forkKnife() {
    #expect(SFSymbol.forkKnife.glyph == "⋔")
    #expect(!SFSymbol.allCases.map(\.glyph).contains("♨"))
  }

  @Test("A text tree names the symbol by its system name, as `Image(systemName:)` takes it")
  func systemNames() {
    #expect(Node.label("Pasta", symbol: .forkKnife).description == #"Label "Pasta" [fork.knife]"#)
    #expect(SFSymbol.heartFill.rawValue == "heart.fill")
  }
}
