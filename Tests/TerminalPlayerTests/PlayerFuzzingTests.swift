import MealCatalog
import Testing
import VirtualTime

@testable import RezepteFuzz
@testable import TerminalPlayer

/// The fuzz target of the player's keys, run on a few inputs in the normal test run.
@Suite struct PlayerFuzzingTests {
  @Test("A 16,000-character paste, deleted again, keeps every frame within the terminal")
  func paste() {
    let paste = Array(String(repeating: "Lasagne ", count: 2_000).utf8)
    #expect(
      PlayerFuzzing.play([60, 24] + Array("/".utf8) + paste + Array(repeating: 0x7F, count: 4_000))
        == nil)
  }

  @Test("Random keys at random sizes keep every frame within the terminal")
  func randomKeys() {
    var random = SeededGenerator(seed: 25)
    for _ in 0..<60 {
      let count = Int(random.next() % 300)
      let keys = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      #expect(PlayerFuzzing.play(keys) == nil, "\(keys)")
    }
  }
}
