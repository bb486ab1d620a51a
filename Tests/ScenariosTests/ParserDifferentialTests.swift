import Foundation
import Testing

@testable import Scenarios

/// The byte fast paths of the parser give exactly what the Character walks give: the same lines,
/// tokens, blocks, steps, titles and diagnostics, for the lesson, the fuzz seeds and nasty text.
@Suite struct ParserDifferentialTests {
  // MARK: - The plain scalars

  /// Every scalar `PlainText.isPlainScalar` admits.
  static let plainScalars: [Unicode.Scalar] = (0x80..<0x1_0000).compactMap { value in
    guard PlainText.isPlainScalar(UInt32(value)) else { return nil }
    return Unicode.Scalar(UInt32(value))
  }

  @Test("Every plain scalar is a Character of its own, next to ASCII and next to itself")
  func plainScalarsBreak() {
    for scalar in Self.plainScalars {
      let text = String(scalar)
      #expect(("a" + text + "a").count == 3, "U+\(String(scalar.value, radix: 16))")
      #expect((" " + text + "\t").count == 3, "U+\(String(scalar.value, radix: 16))")
      #expect((text + text).count == 2, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test("No plain scalar is white space or equal to a character the step syntax gives a meaning")
  func plainScalarsMeanNothing() {
    let meaningful: [Character] = ["#", "\"", "\\", " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"]
    for scalar in Self.plainScalars {
      let character = Character(scalar)
      #expect(!scalar.properties.isWhitespace, "U+\(String(scalar.value, radix: 16))")
      #expect(!character.isSpace, "U+\(String(scalar.value, radix: 16))")
      #expect(!meaningful.contains(character), "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test(
    "Text with a scalar that may join its neighbours or be white space is not plain",
    arguments: [
      " \u{301}", "a\u{308}", "\u{A0}", "\u{3000}", "\u{85}", "\u{2028}", "\u{200D}", "\u{FE0F}",
      "\u{600}a", "👍🏽", "🇩🇪", "\u{1100}\u{1161}", "x\r\ny", "\u{FEFF}", "\u{2000}", "\u{20D7}",
    ])
  func notPlain(text: String) {
    var text = text
    #expect(!text.withUTF8 { PlainText.isPlain($0) })
  }

  @Test("The lesson's own text is plain, so it takes the fast paths")
  func lessonIsPlain() throws {
    for (name, text) in try Self.lessonTexts() {
      for line in referenceLines(of: text) {
        var content = line.content
        #expect(content.withUTF8 { PlainText.isPlain($0) }, "\(name): \(line.content)")
      }
    }
  }

  // MARK: - Lines and tokens

  @Test("Splitting into lines gives what the String slices gave")
  func lines() throws {
    for text in try Self.corpus() {
      #expect(SourceText.lines(of: text) == referenceLines(of: text), "\(text.debugDescription)")
    }
  }

  @Test("Tokenizing a line gives the tokens, body and error the Character walk gives")
  func tokens() throws {
    var lines = Self.nastyLines
    for text in try Self.corpus() { lines += referenceLines(of: text).map(\.content) }
    for line in lines {
      #expect(
        Tokenizer.tokenize(line) == Tokenizer.tokenizeCharacters(line), "\(line.debugDescription)")
    }
  }

  // MARK: - Blocks

  @Test("Reading an indented block gives the lines, indentation and error the Character walk gives")
  func blocks() {
    var random = SplitMix(seed: 7)
    let indents = [
      "  ", "    ", " ", "\t", "  \t", "\u{A0} ", " \u{301}", "\u{3000}", "\u{0B} ", "",
    ]
    let texts = ["GET search.php", "├─ Row \"Ä\"", "│  └─ x", "#", "\u{301}y", "", "\t", " ", "·"]
    for _ in 0..<3000 {
      let count = random.below(4) + 1
      let lines = (0..<count).map { offset in
        (
          index: 5 + offset,
          text: indents[random.below(indents.count)] + texts[random.below(texts.count)]
        )
      }
      let input = StepInput(
        keyword: "expect screen", example: "", tokens: [], body: "expect screen",
        context: ScenarioContext(categories: []), blockLines: lines, blockStart: 5,
        allowsEmptyScreens: false)
      #expect(
        Self.outcome { try input.block() } == Self.outcome { try input.blockCharacters() },
        "\(lines.map(\.text))")
    }
  }

  // MARK: - Whole files

  @Test("Parsing gives the scenario or the diagnostics the Character walk gives")
  func parse() throws {
    let context = ScenarioContext(categories: ["Chicken", "Dessert", "Beef"], mealIDs: ["52772"])
    for text in try Self.corpus() {
      for allowsEmpty in [false, true] {
        let parsed = ScenarioParser.parse(
          text, file: "x.scenario", context: context, allowsEmptyScreens: allowsEmpty)
        let reference = ReferenceScenarioParser.parse(
          text, file: "x.scenario", context: context, allowsEmptyScreens: allowsEmpty)
        #expect(parsed == reference, "\(text.debugDescription)")
      }
    }
  }

  @Test("A scenario with a byte order mark, CRLF and a last line without newline parses alike")
  func byteOrderMarkAndLineEndings() {
    let text = "\u{FEFF}title „Ä“\r\nlaunch\r\nexpect screen\r\n  ├─ A\r\n  └─ B"
    let context = ScenarioContext(categories: [])
    let parsed = ScenarioParser.parse(text, file: "x.scenario", context: context)
    #expect(parsed == ReferenceScenarioParser.parse(text, file: "x.scenario", context: context))
    #expect((try? parsed.get().title) == "„Ä“")
  }

  // MARK: - The corpus

  /// A block's lines and indentation, or its error, comparably.
  static func outcome(_ read: () throws -> (Step.Block, [String])) -> String {
    do {
      let (block, texts) = try read()
      return "\(block.lines) \(block.indentation.debugDescription) \(texts)"
    } catch let error as BlockError {
      return "\(error.index): \(error.message)"
    } catch {
      return "\(error)"
    }
  }

  static func lessonTexts() throws -> [(String, String)] {
    try lessonFiles.map { name in
      (name, try String(contentsOf: lessonFolder.appendingPathComponent(name), encoding: .utf8))
    }
  }

  /// The fuzz corpus of the scenario parser.
  static func seedTexts() -> [String] {
    let folder = lessonFolder.deletingLastPathComponent().appendingPathComponent(
      "Tests/Fuzz/scenario")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap {
      try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }
  }

  /// Pieces that nasty lines are made of: white space of every kind, combining marks right after
  /// spaces, quotes, escapes and `#`, a byte order mark, lone CRs, box drawing, umlauts written
  /// both ways, emoji, and the words of steps.
  static let fragments: [String] = [
    "", " ", "  ", "\t", "\u{A0}", "\u{3000}", "\u{2000}", "\u{2002}", "\u{0B}", "\u{0C}", "\u{85}",
    "\u{2028}", "\u{301}", " \u{301}", "#", "\"", "\\", "\\\"", "\\\\", "\\n", "\\ä", "\r",
    "\u{FEFF}",
    "ä", "a\u{308}", "„", "“", "├─", "│", "└─", "·", "●", "♥", "❤️", "👍🏽", "🇩🇪", "\u{600}",
    "\u{200D}", "\u{AD}", "é", "ś", "#\u{301}", "\"\u{301}", "launch", "expect", "screen",
    "requests", "visible", "containing", "title", "type", "wait", "400ms", "network", "offline",
    "for", "search.php", "given", "favorites", "52772,", "GET", "pick", "category", "Chicken",
    "Dessert", "x",
  ]

  /// Lines made of `fragments`: every pair, and random runs of up to six.
  static let nastyLines: [String] = {
    var lines: [String] = []
    for first in fragments {
      for second in fragments { lines.append(first + second) }
    }
    var random = SplitMix(seed: 1)
    for _ in 0..<4000 {
      lines.append((0..<(random.below(6) + 1)).map { _ in random.pick(fragments) }.joined())
    }
    return lines
  }()

  /// The lesson files, the fuzz seeds, and copies of both with nasty lines put in and lines of
  /// theirs changed, in many line endings.
  static func corpus() throws -> [String] {
    let originals = try lessonTexts().map(\.1) + seedTexts()
    var texts = originals
    var random = SplitMix(seed: 42)
    let prefixes = ["", "  ", "    ", "\t", " \u{301}", "\u{A0}", "expect visible ", "type ", "# "]
    for original in originals {
      for _ in 0..<12 {
        var lines = referenceLines(of: original).map(\.content)
        for _ in 0..<(random.below(6) + 1) {
          let line = random.pick(prefixes) + random.pick(nastyLines)
          let at = random.below(lines.count + 1)
          if random.below(2) == 0, at < lines.count {
            lines[at] = random.pick(prefixes) + lines[at]
          } else {
            lines.insert(line, at: at)
          }
        }
        let ending = random.pick(["\n", "\r\n", "\r", "\n\r"])
        let bom = random.below(4) == 0 ? "\u{FEFF}" : ""
        let last = random.below(2) == 0 ? ending : ""
        texts.append(bom + lines.joined(separator: ending) + last)
      }
    }
    return texts
  }
}

/// A small seeded random number generator, so the generated corpus is the same on every run.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
