import MealCatalog
import Spelling

/// What a step's parser gets: the tokens after the keyword, the indented block below the line,
/// and the names of the catalog in use; its methods read the usual kinds of arguments.
struct StepInput {
  /// The step's keyword, such as `pull to refresh`.
  let keyword: String
  /// The example of the step's entry, for messages.
  let example: String
  /// The tokens after the keyword.
  let tokens: [Token]
  /// The line up to its comment, without surrounding whitespace.
  let body: String
  let context: ScenarioContext
  /// The lines of the indented block below the step: (0-based line index, text as written).
  let blockLines: [(index: Int, text: String)]
  /// The 0-based index of the line after the step: where an empty block stands.
  let blockStart: Int
  /// Whether an `expect screen` may stand without a block, as when recording fills it in.
  let allowsEmptyScreens: Bool

  /// The block's lines, ignoring comment lines, for steps that take no block.
  var blockLineIndices: [Int] {
    blockLines.filter { $0.text.firstVisible != "#" }.map(\.index)
  }

  func none() throws {
    guard let first = tokens.first else { return }
    throw StepError(
      "`\(keyword)` takes nothing after it, but `\(first.source)` follows"
        + longerKeywordHint(first))
  }

  func quoted() throws -> String {
    try quoted(tokens)
  }

  func quoted(_ tokens: [Token]) throws -> String {
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

  /// `"TEXT"` or `containing "TEXT"`.
  func textMatch() throws -> (text: String, containing: Bool) {
    if tokens.first == .word("containing") {
      return (try quoted(Array(tokens.dropFirst())), true)
    }
    return (try quoted(), false)
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
    try Self.duration(try single(what: "a duration"))
  }

  static func duration(_ word: String) throws -> Duration {
    do throws(DurationError) {
      return try DurationText.parse(word)
    } catch {
      switch error.reason {
      case .malformed:
        throw StepError("`\(word)` is not a duration; write it like `400ms`, `1s` or `1.5s`")
      case .tooPrecise:
        throw StepError("`\(word)` is finer than a nanosecond")
      case .outOfRange(let range):
        throw StepError(
          "`\(word)` is outside the allowed range of \(DurationText.describe(range))")
      }
    }
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

  /// Ids that the catalog in use has, when the context knows the catalog's ids.
  func knownIDs() throws -> [String] {
    let ids = try ids()
    if let unknown = ids.first(where: { !context.knowsMeal($0) }) {
      throw StepError("no meal with id \(unknown) in the catalog")
    }
    return ids
  }

  func startScreen() throws -> StartScreen {
    let word = try single(what: "a start screen (`categories` or `list`)")
    guard let start = StartScreen(rawValue: word) else {
      let screens = StartScreen.allCases.map(\.rawValue)
      throw StepError(
        "unknown start screen `\(word)`"
          + didYouMean(word, screens, else: "the start screens are", screens))
    }
    return start
  }

  func category() throws -> String {
    let name = try quoted()
    guard context.categories.contains(name) else {
      throw StepError(
        "unknown category `\(name)`"
          + didYouMean(name, context.categories, else: "the categories are", context.categories))
    }
    return name
  }

  /// `search` or `search.php`: an endpoint, spelled as everywhere else (`Catalog.endpoint`).
  func endpoint(_ word: String) throws -> String {
    guard let name = Catalog.endpoint(named: word, among: context.endpoints) else {
      let suggestion = Suggestion.closestEndpoint(to: word, in: context.endpoints).map {
        "; did you mean `\($0)`?"
      }
      throw StepError(
        "unknown endpoint `\(word)`"
          + (suggestion ?? didYouMean(word, [], else: "the endpoints are", context.endpoints)))
    }
    return name
  }

  static let states = ["offline", "timeout", "server-error", "broken-data", "online"]

  func network() throws -> Step.Action {
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
    guard let next = rest.first else { return .network(fault, endpoint: nil) }
    guard next == .word("for"), rest.count == 2, case .word(let endpoint) = rest.last! else {
      throw StepError(
        "`network \(state)` can only be followed by `for ENDPOINT`, as in `network \(state) for search.php`"
      )
    }
    return .network(fault, endpoint: try self.endpoint(endpoint))
  }

  func networkDelay() throws -> Step.Action {
    let words = tokens.compactMap { token -> String? in
      if case .word(let word) = token { return word }
      return nil
    }
    guard words.count == tokens.count, (1...2).contains(words.count) else {
      throw StepError(
        "`network delay` needs an optional endpoint and a duration, as in `\(example)`")
    }
    if words.count == 1 {
      if (try? DurationText.parse(words[0])) == nil,
        Catalog.endpoint(named: words[0], among: context.endpoints) != nil
      {
        throw StepError("`network delay \(words[0])` needs a duration after the endpoint")
      }
      return .networkDelay(try Self.duration(words[0]), endpoint: nil)
    }
    let endpoint = try self.endpoint(words[0])
    return .networkDelay(try Self.duration(words[1]), endpoint: endpoint)
  }

  /// The lines of the block with their indentation stripped.
  func block() throws -> (Step.Block, [String]) {
    guard !blockLines.isEmpty else {
      return (Step.Block(lines: blockStart..<blockStart, indentation: "  "), [])
    }
    let first = blockLines[0]
    let indentation = first.text.indentation
    var texts: [String] = []
    for (index, line) in blockLines {
      if line.indentation.contains("\t") {
        throw BlockError(index: index, message: "indent blocks with spaces, not tabs")
      }
      guard line.unicodeScalars.starts(with: indentation) else {
        throw BlockError(
          index: index,
          message:
            "this line is indented less than the first line of its block (\(indentation.count) spaces)"
        )
      }
      texts.append(String(Substring(line.unicodeScalars.dropFirst(indentation.count))))
    }
    let range = first.index..<(blockLines[blockLines.count - 1].index + 1)
    return (Step.Block(lines: range, indentation: String(Substring(indentation))), texts)
  }

  /// `; did you mean `tap dice`?` when the keyword and the word are a typo of a longer step.
  func longerKeywordHint(_ token: Token) -> String {
    guard case .word(let word) = token else { return "" }
    let longer = StepTable.keywords.filter {
      $0.hasPrefix(keyword + " ")
        && $0.split(separator: " ").count == keyword.split(separator: " ").count + 1
    }
    guard let match = Suggestion.closest(to: "\(keyword) \(word)", in: longer) else { return "" }
    return "; did you mean `\(match)`?"
  }
}

/// A problem on a line of a block rather than on the step's own line.
struct BlockError: Error {
  var index: Int
  var message: String
}

/// `; did you mean `x`?`, or `; <fallback> a, b, c` when nothing is close.
func didYouMean(
  _ word: String, _ candidates: [String], else fallback: String? = nil, _ all: [String] = []
) -> String {
  if let match = Suggestion.closest(to: word, in: candidates) {
    return "; did you mean `\(match)`?"
  }
  guard let fallback else { return "" }
  return "; \(fallback) " + all.map { "`\($0)`" }.joined(separator: ", ")
}
