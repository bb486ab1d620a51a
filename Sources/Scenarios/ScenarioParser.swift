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
  /// - Parameter allowsEmptyScreens: whether an `expect screen` may stand without a block, as when
  ///   recording fills it in.
  public static func parse(
    _ text: String, file: String, context: ScenarioContext, allowsEmptyScreens: Bool = false
  ) -> Result<Scenario, Diagnostics> {
    var parser = Parser(
      file: file, context: context, allowsEmptyScreens: allowsEmptyScreens,
      lines: SourceText.lines(of: text))
    parser.parseLines()
    guard parser.diagnostics.isEmpty else { return .failure(Diagnostics(parser.diagnostics)) }
    let scenario = Scenario(
      file: file, title: parser.title ?? Scenario.name(ofFile: file), steps: parser.steps,
      source: text, lines: parser.lines)
    return .success(scenario)
  }
}

// MARK: - The parser

private struct Parser {
  let file: String
  let context: ScenarioContext
  let allowsEmptyScreens: Bool
  let lines: [SourceLine]
  var diagnostics: [Diagnostic] = []
  var steps: [Step] = []
  var title: String?
  var titleLine: Int?
  var launchLine: Int?

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

  func isBlank(_ index: Int) -> Bool { content(index).trimmingWhitespace().isEmpty }

  func isIndented(_ index: Int) -> Bool { content(index).first.map(\.isWhitespace) ?? false }

  mutating func report(_ index: Int, _ message: String) {
    diagnostics.append(Diagnostic(file: file, line: index + 1, message: message))
  }

  mutating func parseLines() {
    var index = 0
    while index < lines.count {
      let trimmed = content(index).trimmingWhitespace()
      if trimmed.isEmpty || trimmed.hasPrefix("#") {
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
        let (action, block) = try action(of: line, at: index, blockRange: blockRange)
        try checkOrder(action, at: index)
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

  func action(
    of line: TokenizedLine, at index: Int, blockRange: Range<Int>
  ) throws -> (Step.Action, Step.Block?) {
    let words = line.tokens.prefix { if case .word = $0 { true } else { false } }.map(\.source)
    guard
      let entry = StepReference.entries.filter({ entry in
        let keywordWords = entry.keyword.split(separator: " ").map(String.init)
        return words.starts(with: keywordWords)
      }).max(by: { $0.keyword.count < $1.keyword.count })
    else {
      throw StepError(unknownStep(line))
    }
    let keyword = entry.keyword
    let arguments = Array(line.tokens.dropFirst(keyword.split(separator: " ").count))
    let takesBlock = keyword == "expect screen" || keyword == "expect requests"
    if !takesBlock,
      let first = blockRange.first(where: { !content($0).trimmingWhitespace().hasPrefix("#") })
    {
      throw BlockError(
        index: first,
        message:
          "this line is indented, but only `expect screen` and `expect requests` take an indented block"
      )
    }
    let args = Arguments(keyword: keyword, tokens: arguments, context: context)

    switch keyword {
    case "title":
      var text = String(line.body.dropFirst("title".count)).trimmingWhitespace()
      if arguments.count == 1, case .quoted(let quoted) = arguments[0] { text = quoted }
      guard !text.isEmpty else { throw StepError("`title` needs the scenario's name after it") }
      return (.title(text), nil)
    case "given favorites": return (.givenFavorites(try args.ids()), nil)
    case "given random": return (.givenRandom(try args.ids()), nil)
    case "given start":
      let word = try args.single(what: "a start screen (`categories` or `list`)")
      guard let start = StartScreen(rawValue: word) else {
        throw StepError(
          "unknown start screen `\(word)`\(didYouMean(word, StartScreen.allCases.map(\.rawValue)))")
      }
      return (.givenStart(start), nil)
    case "launch":
      try args.none()
      return (.launch, nil)
    case "relaunch":
      try args.none()
      return (.relaunch, nil)
    case "type": return (.type(try args.quoted()), nil)
    case "clear search":
      try args.none()
      return (.clearSearch, nil)
    case "wait": return (.wait(try args.duration()), nil)
    case "pick category":
      let name = try args.quoted()
      guard context.categories.contains(name) else {
        throw StepError(
          "unknown category `\(name)`"
            + didYouMean(name, context.categories, else: "the categories are", context.categories))
      }
      return (.pickCategory(name), nil)
    case "pull to refresh":
      try args.none()
      return (.pullToRefresh, nil)
    case "tap dice":
      try args.none()
      return (.tapDice, nil)
    case "open": return (.open(try args.quoted()), nil)
    case "back":
      try args.none()
      return (.back, nil)
    case "toggle heart":
      try args.none()
      return (.toggleHeart, nil)
    case "retry":
      try args.none()
      return (.retry, nil)
    case "network": return try args.network()
    case "network delay": return try args.networkDelay()
    case "expect title": return (.expectTitle(try args.quoted()), nil)
    case "expect visible": return (.expectVisible(try args.quoted()), nil)
    case "expect hidden": return (.expectHidden(try args.quoted()), nil)
    case "expect requests":
      guard !blockRange.isEmpty else {
        return (.expectRequests(try args.count(), listed: nil), nil)
      }
      let (block, listed) = try self.block(blockRange)
      // With a block the count may be left out: the block says how many.
      let count = args.tokens.isEmpty ? listed.count : try args.count()
      for (offset, request) in listed.enumerated() where !request.hasPrefix("GET ") {
        throw BlockError(
          index: blockRange.lowerBound + offset,
          message:
            "a listed request starts with `GET `, as in `GET search.php?s=Lasagne`, not `\(request)`"
        )
      }
      guard listed.count == count else {
        let noun = listed.count == 1 ? "request" : "requests"
        throw StepError(
          "`expect requests \(count)` lists \(listed.count) \(noun) below it; the count and the list must agree"
        )
      }
      return (.expectRequests(count, listed: listed), block)
    case "expect screen":
      try args.none()
      guard !blockRange.isEmpty else {
        guard allowsEmptyScreens else {
          throw StepError(
            "`expect screen` needs the expected screen as an indented block below it; `--record` fills it in"
          )
        }
        return (.expectScreen(""), Step.Block(lines: blockRange, indentation: "  "))
      }
      let (block, screen) = try self.block(blockRange)
      return (.expectScreen(screen.joined(separator: "\n")), block)
    case "focus search":
      try args.none()
      return (.focusSearch, nil)
    case "pick suggestion": return (.pickSuggestion(try args.quoted()), nil)
    case "tap": return (.tap(try args.quoted()), nil)
    case "dismiss notice":
      try args.none()
      return (.dismissNotice, nil)
    default:
      throw StepError("unknown step `\(line.body)`")
    }
  }

  func unknownStep(_ line: TokenizedLine) -> String {
    let words = line.tokens.prefix { if case .word = $0 { true } else { false } }.map(\.source)
    var best: (keyword: String, distance: Int)?
    for keyword in StepReference.keywords {
      let count = keyword.split(separator: " ").count
      guard words.count >= count else { continue }
      let written = words.prefix(count).joined(separator: " ")
      let distance = editDistance(written.lowercased(), keyword)
      let allowed = min(3, max(1, keyword.count / 3))
      if distance <= allowed, best.map({ distance < $0.distance }) ?? true {
        best = (keyword, distance)
      }
    }
    if let best { return "unknown step `\(line.body)`; did you mean `\(best.keyword)`?" }
    return "unknown step `\(line.body)`; `rezepte help run` lists every step"
  }

  /// The lines of a block with their indentation stripped.
  func block(_ range: Range<Int>) throws -> (Step.Block, [String]) {
    let first = content(range.lowerBound)
    let indentation = String(first.prefix { $0.isWhitespace })
    for index in range {
      let line = content(index)
      if line.prefix(while: \.isWhitespace).contains("\t") {
        throw BlockError(index: index, message: "indent blocks with spaces, not tabs")
      }
      if !line.hasPrefix(indentation) {
        throw BlockError(
          index: index,
          message:
            "this line is indented less than the first line of its block (\(indentation.count) spaces)"
        )
      }
    }
    let texts = range.map { String(content($0).dropFirst(indentation.count)) }
    return (Step.Block(lines: range, indentation: indentation), texts)
  }

  // MARK: - Order

  /// Steps that need a running app come after `launch`; setup may come at any time.
  mutating func checkOrder(_ action: Step.Action, at index: Int) throws {
    switch action {
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
    case .givenFavorites, .givenStart, .givenRandom, .wait, .network, .networkDelay,
      .expectRequests:
      // Setup may come at any time: stored favourites and the start screen take effect at the
      // next `launch` or `relaunch`, the network and the dice's answers at once.
      break
    default:
      if launchLine == nil {
        let keyword = Tokenizer.keywordText(lines[index].content)
        throw StepError("`\(keyword)` needs a running app; put `launch` before it")
      }
    }
  }
}

/// A problem on a line of a block rather than on the step's own line.
private struct BlockError: Error {
  var index: Int
  var message: String
}

/// The arguments after a step's keyword.
private struct Arguments {
  let keyword: String
  let tokens: [Token]
  let context: ScenarioContext

  var example: String { StepReference.entry(keyword)?.example ?? keyword }

  func none() throws {
    guard let first = tokens.first else { return }
    throw StepError(
      "`\(keyword)` takes nothing after it, but `\(first.source)` follows"
        + longerKeywordHint(first))
  }

  func quoted() throws -> String {
    guard let first = tokens.first, case .quoted(let text) = first else {
      let hint = tokens.first.map(longerKeywordHint) ?? ""
      if !hint.isEmpty { throw StepError("unknown step `\(keyword) \(tokens[0].source)`" + hint) }
      throw StepError("`\(keyword)` needs its text in double quotes, as in `\(example)`")
    }
    guard tokens.count == 1 else {
      throw StepError(
        "`\(keyword)` takes one quoted text, but `\(tokens[1].source)` follows it")
    }
    return text
  }

  func single(what: String) throws -> String {
    guard let first = tokens.first, case .word(let word) = first else {
      throw StepError("`\(keyword)` needs \(what), as in `\(example)`")
    }
    guard tokens.count == 1 else {
      throw StepError("`\(keyword)` takes one word, but `\(tokens[1].source)` follows it")
    }
    return word
  }

  func duration() throws -> Duration {
    let word = try single(what: "a duration")
    return try Self.duration(word)
  }

  static func duration(_ word: String) throws -> Duration {
    guard let duration = ScenarioDuration.parse(word) else {
      throw StepError("`\(word)` is not a duration; write it like `400ms`, `1s` or `1.5s`")
    }
    return duration
  }

  func count() throws -> Int {
    let word = try single(what: "a number of requests")
    guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(word) else {
      throw StepError(
        "`\(word)` is not a number of requests; write it like `expect requests 1`")
    }
    return count
  }

  func ids() throws -> [String] {
    var ids: [String] = []
    for token in tokens {
      guard case .word(let word) = token else {
        throw StepError("meal ids are written without quotes, as in `\(example)`")
      }
      ids += word.split(separator: ",").map(String.init)
    }
    guard !ids.isEmpty else {
      throw StepError("`\(keyword)` needs at least one meal id, as in `\(example)`")
    }
    if let bad = ids.first(where: { !$0.allSatisfy { $0.isASCII && $0.isNumber } }) {
      throw StepError("`\(bad)` is not a meal id; ids are numbers such as 52772")
    }
    return ids
  }

  func endpoint(_ word: String) throws -> String {
    guard context.endpoints.contains(word) else {
      throw StepError(
        "unknown endpoint `\(word)`"
          + didYouMean(word, context.endpoints, else: "the endpoints are", context.endpoints))
    }
    return word
  }

  static let states = ["offline", "timeout", "server-error", "broken-data", "online"]

  func network() throws -> (Step.Action, Step.Block?) {
    guard let first = tokens.first, case .word(let state) = first else {
      throw StepError(
        "`network` needs one of \(Self.states.joined(separator: ", ")), as in `network offline`")
    }
    let fault: NetworkFault?
    if state == "online" {
      fault = nil
    } else if let known = NetworkFault(rawValue: state) {
      fault = known
    } else {
      throw StepError(
        "unknown network state `\(state)`"
          + didYouMean(state, Self.states, else: "use one of", Self.states))
    }
    let rest = tokens.dropFirst()
    guard let next = rest.first else { return (.network(fault, endpoint: nil), nil) }
    guard next == .word("for"), rest.count == 2, case .word(let endpoint) = rest.last! else {
      throw StepError(
        "`network \(state)` can only be followed by `for ENDPOINT`, as in `network \(state) for search.php`"
      )
    }
    return (.network(fault, endpoint: try self.endpoint(endpoint)), nil)
  }

  func networkDelay() throws -> (Step.Action, Step.Block?) {
    let words = tokens.compactMap { token -> String? in
      if case .word(let word) = token { return word }
      return nil
    }
    guard words.count == tokens.count, (1...2).contains(words.count) else {
      throw StepError(
        "`network delay` needs an optional endpoint and a duration, as in `\(example)`")
    }
    if words.count == 1 {
      if ScenarioDuration.parse(words[0]) == nil, context.endpoints.contains(words[0]) {
        throw StepError("`network delay \(words[0])` needs a duration after the endpoint")
      }
      return (.networkDelay(try Self.duration(words[0]), endpoint: nil), nil)
    }
    let endpoint = try self.endpoint(words[0])
    return (.networkDelay(try Self.duration(words[1]), endpoint: endpoint), nil)
  }

  /// `; did you mean `tap dice`?` when the keyword and the word are a typo of a longer step.
  func longerKeywordHint(_ token: Token) -> String {
    guard case .word(let word) = token else { return "" }
    let longer = StepReference.keywords.filter {
      $0.hasPrefix(keyword + " ")
        && $0.split(separator: " ").count == keyword.split(separator: " ").count + 1
    }
    guard let match = closest(to: "\(keyword) \(word)", in: longer) else { return "" }
    return "; did you mean `\(match)`?"
  }
}

/// `; did you mean `x`?`, or `; <fallback> a, b, c` when nothing is close.
private func didYouMean(
  _ word: String, _ candidates: [String], else fallback: String? = nil, _ all: [String] = []
) -> String {
  if let match = closest(to: word, in: candidates) { return "; did you mean `\(match)`?" }
  guard let fallback else { return "" }
  return "; \(fallback) " + all.map { "`\($0)`" }.joined(separator: ", ")
}

extension Tokenizer {
  /// The leading words of a step line, for messages: `given favorites`, `type`.
  static func keywordText(_ line: String) -> String {
    let words = line.split(separator: " ").map(String.init)
    let keyword = StepReference.keywords.filter {
      words.starts(with: $0.split(separator: " ").map(String.init))
    }.max { $0.count < $1.count }
    return keyword ?? words.first ?? line
  }
}
