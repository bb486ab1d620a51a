@testable import Scenarios

// The scenario parser as it was before it read plain lines from their bytes, kept word for word
// as the reference `ParserDifferentialTests` compares the parser with: lines split through
// `String` slices, every line walked Character by Character, steps found through a dictionary
// of split keywords. What did not change (the order of steps, the unknown-step message) it
// shares with the parser: `StepOrder` and `unknownStepMessage`.

/// `ScenarioParser.parse` as it was, Character by Character.
enum ReferenceScenarioParser {
  static func parse(
    _ text: String, file: String, context: ScenarioContext, allowsEmptyScreens: Bool = false
  ) -> Result<Scenario, Diagnostics> {
    var parser = ReferenceParser(
      file: file, context: context, allowsEmptyScreens: allowsEmptyScreens,
      lines: referenceLines(of: text))
    parser.parseLines()
    if parser.diagnostics.isEmpty, parser.steps.isEmpty {
      parser.diagnostics.append(
        Diagnostic(file: file, line: 1, message: "the scenario has no steps"))
    }
    guard parser.diagnostics.isEmpty else { return .failure(Diagnostics(parser.diagnostics)) }
    let scenario = Scenario(
      file: file, title: parser.order.title ?? Scenario.name(ofFile: file), steps: parser.steps,
      source: text, lines: parser.lines)
    return .success(scenario)
  }
}

/// `SourceText.lines(of:)` as it was: two `String` slices per line.
func referenceLines(of text: String) -> [SourceLine] {
  var lines: [SourceLine] = []
  let utf8 = text.utf8
  var start = utf8.startIndex
  var index = start
  while index != utf8.endIndex {
    if utf8[index] == UInt8(ascii: "\n") {
      var contentEnd = index
      if contentEnd > start, utf8[utf8.index(before: contentEnd)] == UInt8(ascii: "\r") {
        contentEnd = utf8.index(before: contentEnd)
      }
      let next = utf8.index(after: index)
      lines.append(
        SourceLine(
          content: String(text[start..<contentEnd]),
          terminator: String(text[contentEnd..<next])))
      start = next
    }
    index = utf8.index(after: index)
  }
  if start != utf8.endIndex {
    lines.append(SourceLine(content: String(text[start...]), terminator: ""))
  }
  return lines
}

/// `StepTable.entry(startingWith:)` as it was: by first word, the longest keyword first.
private func referenceEntry(startingWith words: [String]) -> StepKind? {
  guard let first = words.first, let candidates = referenceByFirstWord[first] else { return nil }
  return candidates.first { words.starts(with: $0.words) }?.kind
}

private let referenceByFirstWord: [String: [(words: [String], kind: StepKind)]] = {
  var table: [String: [(words: [String], kind: StepKind)]] = [:]
  for entry in StepTable.entries {
    let words = entry.keyword.split(separator: " ").map(String.init)
    table[words[0], default: []].append((words, entry))
  }
  return table.mapValues { $0.sorted { $0.words.count > $1.words.count } }
}()

// MARK: - The parser as it was

private struct ReferenceParser {
  let file: String
  let context: ScenarioContext
  let allowsEmptyScreens: Bool
  let lines: [SourceLine]
  var diagnostics: [Diagnostic] = []
  var steps: [Step] = []
  var order = StepOrder()

  init(file: String, context: ScenarioContext, allowsEmptyScreens: Bool, lines: [SourceLine]) {
    self.file = file
    self.context = context
    self.allowsEmptyScreens = allowsEmptyScreens
    self.lines = lines
  }

  /// A line's text, without a byte order mark at the start of the file.
  func content(_ index: Int) -> String {
    let content = lines[index].content
    if index == 0, content.hasPrefix("\u{FEFF}") { return String(content.dropFirst()) }
    return content
  }

  func isBlank(_ index: Int) -> Bool { content(index).firstVisible == nil }

  func isIndented(_ index: Int) -> Bool { content(index).first.map(\.isSpace) ?? false }

  mutating func report(_ index: Int, _ message: String) {
    diagnostics.append(Diagnostic(file: file, line: index + 1, message: message))
  }

  mutating func parseLines() {
    var index = 0
    while index < lines.count {
      let first = content(index).firstVisible
      if first == nil || first == "#" {
        index += 1
        continue
      }
      if isIndented(index) {
        report(
          index,
          "this line is indented, but only `expect screen` and `expect requests` take an indented block"
        )
        while index < lines.count, !isBlank(index), isIndented(index) { index += 1 }
        continue
      }
      index = parseStep(at: index)
    }
  }

  /// Parses the step at `index` and its block; returns the index of the next unread line.
  mutating func parseStep(at index: Int) -> Int {
    var next = index + 1
    while next < lines.count, !isBlank(next), isIndented(next) { next += 1 }
    let blockRange = (index + 1)..<next
    switch Tokenizer.tokenizeCharacters(content(index)) {
    case .failure(let error):
      report(index, error.message)
    case .success(let line):
      do {
        let (kind, action, block) = try step(of: line, blockRange: blockRange)
        try order.check(kind, action, at: index)
        steps.append(
          Step(line: index + 1, text: lines[index].content, action: action, block: block))
      } catch let error as BlockError {
        report(error.index, error.message)
      } catch {
        report(index, (error as? StepError)?.message ?? "\(error)")
      }
    }
    return next
  }

  // MARK: - Steps

  /// The step table's entry for the line, and what it parses the line and its block into.
  func step(
    of line: TokenizedLine, blockRange: Range<Int>
  ) throws -> (StepKind, Step.Action, Step.Block?) {
    let words = line.tokens.prefix { if case .word = $0 { true } else { false } }.map(\.source)
    guard let kind = referenceEntry(startingWith: words) else {
      throw StepError(unknownStepMessage(line))
    }
    let input = StepInput(
      keyword: kind.keyword, example: kind.example,
      tokens: Array(line.tokens.dropFirst(kind.keyword.split(separator: " ").count)),
      body: line.body, context: context,
      blockLines: blockRange.map { ($0, content($0)) }, blockStart: blockRange.lowerBound,
      allowsEmptyScreens: allowsEmptyScreens)
    if !kind.takesBlock, let first = input.blockLineIndices.first {
      throw BlockError(
        index: first,
        message:
          "this line is indented, but only `expect screen` and `expect requests` take an indented block"
      )
    }
    let (action, block) = try kind.parse(input)
    return (kind, action, block)
  }
}
