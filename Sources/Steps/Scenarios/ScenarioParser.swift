import Spelling

/// All the problems found in one or more scenario files.
public struct Diagnostics: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problems in file and line order.
  public var all: [Diagnostic]

  public init(_ all: [Diagnostic]) {
    self.all = all
  }

  /// One `file:line: error: …` line per problem.
  public var description: String {
    all.map(\.description).joined(separator: "\n")
  }
}

/// Turns the text of a scenario file into a `Scenario`, or reports every problem in it.
public enum ScenarioParser {
  /// Parses `text`, read from `file`, checking names against `context`.
  ///
  /// - Parameters:
  ///   - text: the file's text.
  ///   - file: the path the file was given as; diagnostics name it.
  ///   - context: the catalog's names that steps are checked against.
  ///   - allowsEmptyScreens: whether an `expect screen` may stand without a block, as when
  ///     recording fills it in.
  public static func parse(
    _ text: String, file: String, context: ScenarioContext, allowsEmptyScreens: Bool = false
  ) -> Result<Scenario, Diagnostics> {
    var parser = Parser(
      file: file, context: context, allowsEmptyScreens: allowsEmptyScreens,
      lines: SourceText.lines(of: text))
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

// MARK: - The parser

/// How a line starts, which decides what it is.
private enum LineStart {
  /// Nothing but white space.
  case blank
  /// `#` is its first visible character.
  case comment
  /// A step, or an indented line.
  case other
}

private struct Parser {
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

  /// How a line starts: blank, a comment, or something else.
  func start(_ index: Int) -> LineStart {
    switch content(index).firstVisible {
    case nil: .blank
    case "#": .comment
    default: .other
    }
  }

  func isBlank(_ index: Int) -> Bool { start(index) == .blank }

  func isIndented(_ index: Int) -> Bool {
    content(index).unicodeScalars.first?.isSpace ?? false
  }

  mutating func report(_ index: Int, _ message: String) {
    diagnostics.append(Diagnostic(file: file, line: index + 1, message: message))
  }

  mutating func parseLines() {
    var index = 0
    while index < lines.count {
      if start(index) != .other {
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
    switch Tokenizer.tokenize(content(index)) {
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
    guard let (kind, wordCount) = StepTable.match(line.tokens) else {
      throw StepError(unknownStepMessage(line, context: context))
    }
    let input = StepInput(
      keyword: kind.keyword, example: kind.example,
      tokens: Array(line.tokens.dropFirst(wordCount)),
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

// MARK: - Rules every parse shares

/// The title and where the title and `launch` stand, kept while a file is parsed: the order
/// steps may come in.
struct StepOrder {
  var title: String?
  var titleLine: Int?
  var launchLine: Int?

  /// Steps that need a running app come after `launch`; setup may come at any time.
  mutating func check(_ kind: StepKind, _ action: Step.Action, at index: Int) throws {
    switch kind.order {
    case .title:
      if let titleLine {
        throw StepError("the scenario has a title already, on line \(titleLine)")
      }
      titleLine = index + 1
      if case .title(let text) = action { title = text }
    case .launch:
      if let launchLine {
        throw StepError(
          "the app was launched on line \(launchLine) already; `relaunch` restarts it")
      }
      launchLine = index + 1
    case .anyTime:
      // Setup may come at any time: stored favourites and the start screen take effect at the
      // next `launch` or `relaunch`, the network and the dice's answers at once.
      break
    case .needsApp:
      if launchLine == nil {
        throw StepError("`\(kind.keyword)` needs a running app; put `launch` before it")
      }
    }
  }
}

/// The message for a step line whose first words name no step: the step a learner meant when
/// the words are a common wording of it (`heart`, `go back`, `search "Chicken"`), else the step
/// they are closest to when one is near.
func unknownStepMessage(_ line: TokenizedLine, context: ScenarioContext) -> String {
  if let meant = StepTable.meant(by: line.tokens, context: context) {
    return "unknown step `\(line.body)`; did you mean `\(meant)`?"
  }
  let words = line.tokens.prefix { if case .word = $0 { true } else { false } }.map(\.source)
  var best: (keyword: String, distance: Int)?
  for keyword in StepTable.keywords {
    let count = keyword.split(separator: " ").count
    guard words.count >= count else { continue }
    let written = words.prefix(count).joined(separator: " ")
    let distance = Suggestion.editDistance(written.lowercased(), keyword)
    let allowed = min(3, max(1, keyword.count / 3))
    if distance <= allowed, best.map({ distance < $0.distance }) ?? true {
      best = (keyword, distance)
    }
  }
  if let best { return "unknown step `\(line.body)`; did you mean `\(best.keyword)`?" }
  return "unknown step `\(line.body)`; `rezepte help run` lists every step"
}
