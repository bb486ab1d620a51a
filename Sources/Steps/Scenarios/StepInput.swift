import MealCatalog
import MealDB
import Spelling

/// What a step's parser gets, and readers of the usual kinds of arguments.
struct StepInput {
  /// The step being read.
  let kind: StepKind
  /// The tokens after the keyword.
  let tokens: [Token]
  /// The line up to its comment, without surrounding whitespace.
  let body: ArraySlice<UInt8>
  let context: ScenarioContext
  /// The indented lines below the step as written, by their 0-based line index.
  let block: ArraySlice<SourceLine>
  /// Whether an `expect screen` may stand without a block, as when recording fills it in.
  let allowsEmptyScreens: Bool

  var keyword: String { kind.keyword }

  func none() throws(StepError) {
    guard let first = tokens.first else { return }
    throw StepError("`\(keyword)` takes nothing after it, but `\(first.source)` follows")
  }

  func quoted(_ tokens: ArraySlice<Token>? = nil) throws(StepError) -> String {
    let tokens = tokens ?? self.tokens[...]
    guard let first = tokens.first, case .quoted(let text) = first else {
      // The step as meant: the words before the text (`containing`), then the text quoted.
      let step = ([keyword] + self.tokens[..<tokens.startIndex].map(\.source))
        .joined(separator: " ")
      let words = tokens.prefix { $0.word != nil }
      let written = words.map(\.source).joined(separator: " ")
      if words.count == tokens.count, !words.isEmpty {
        throw StepError(
          "`\(step)` needs its text in double quotes; did you mean "
            + "`\(step) \(Quoting.quoted(written))`?")
      }
      if words.count == tokens.count - 1, case .quoted(let text) = tokens.last {
        throw StepError(
          "`\(step)` takes its quoted text alone, without `\(written)`; did you mean "
            + "`\(step) \(Quoting.quoted(text))`?")
      }
      throw StepError("`\(keyword)` needs its text in double quotes, as in `\(kind.example)`")
    }
    guard tokens.count == 1 else {
      let next = tokens[tokens.index(after: tokens.startIndex)].source
      throw StepError("`\(keyword)` takes one quoted text, but `\(next)` follows it")
    }
    return text
  }

  /// The action `make` makes of `"TEXT"` or `containing "TEXT"` (whether it is `containing`).
  func textMatch(_ make: (String, Bool) -> Step.Action) throws(StepError) -> Step.Action {
    guard tokens.first == .word("containing") else { return make(try quoted(), false) }
    return make(try quoted(tokens.dropFirst()), true)
  }

  func single(what: String) throws(StepError) -> String {
    guard let word = tokens.first?.word else {
      throw StepError("`\(keyword)` needs \(what), as in `\(kind.example)`")
    }
    guard tokens.count == 1 else {
      throw StepError("`\(keyword)` takes one word, but `\(tokens[1].source)` follows it")
    }
    return word
  }

  /// A duration; `wait 1 second` is told how it is written.
  func duration() throws(StepError) -> Duration {
    if tokens.count == 2, let number = tokens[0].word, let unit = tokens[1].word,
      let short = ["s", "sec", "second", "seconds"].contains(unit.lowercased())
        ? "s" : ["ms", "millisecond", "milliseconds"].contains(unit.lowercased()) ? "ms" : nil,
      (try? DurationText.parse(number + short)) != nil
    {
      throw StepError(
        "a duration is written without a space; did you mean `\(keyword) \(number)\(short)`?")
    }
    return try Self.duration(single(what: "a duration"))
  }

  /// A duration, spelled as on the command line; a wrong one gets the command line's sentence.
  static func duration(_ word: String) throws(StepError) -> Duration {
    do throws(DurationError) {
      return try DurationText.parse(word)
    } catch {
      throw StepError(error.description)
    }
  }

  func count() throws(StepError) -> Int {
    let word = try single(what: "a number of requests")
    guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(word) else {
      throw StepError(
        "`\(word)` is not a number of requests; write it like `expect requests 1`")
    }
    return count
  }

  /// Meal ids, separated by commas or spaces; meals named instead get their ids suggested.
  func ids() throws(StepError) -> [String] {
    func isID(_ text: String) -> Bool {
      !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
    let ids = tokens.compactMap(\.word).flatMap { $0.split(separator: ",").map(String.init) }
    if ids.count > 0, ids.allSatisfy(isID), tokens.allSatisfy({ $0.word != nil }) { return ids }
    let named = tokens.map(\.text).joined(separator: " ").split(separator: ",")
      .map { $0.trimmed(.whitespacesAndNewlines) }
    let found = named.map { isID($0) ? $0 : context.mealID($0) }
    if !named.isEmpty, !named.allSatisfy(isID), found.allSatisfy({ $0 != nil }) {
      throw StepError(
        "`\(keyword)` names meals by id; did you mean "
          + "`\(keyword) \(found.map { $0! }.joined(separator: ", "))`?")
    }
    guard tokens.allSatisfy({ $0.word != nil }) else {
      throw StepError("meal ids are written without quotes, as in `\(kind.example)`")
    }
    guard let bad = ids.first(where: { !isID($0) }) else {
      throw StepError("`\(keyword)` needs at least one meal id, as in `\(kind.example)`")
    }
    throw StepError("`\(bad)` is not a meal id; ids are numbers such as 52772")
  }

  /// Ids that the catalog in use has, when the context knows the catalog's ids.
  func knownIDs() throws(StepError) -> [String] {
    let ids = try ids()
    guard let unknown = ids.first(where: { !context.knowsMeal($0) }) else { return ids }
    throw StepError("no meal with id \(unknown) in the catalog")
  }

  func startScreen() throws(StepError) -> StartScreen {
    let word = try single(what: "a start screen (`categories` or `list`)")
    guard let start = StartScreen(rawValue: word) else {
      let screens = StartScreen.allCases.map(\.rawValue)
      throw StepError(
        "unknown start screen `\(word)`"
          + didYouMean(word, among: screens, else: "the start screens are"))
    }
    return start
  }

  func category() throws(StepError) -> String {
    let name = try quoted()
    guard context.categories.contains(name) else {
      throw StepError(
        "unknown category `\(name)`"
          + didYouMean(name, among: context.categories, else: "the categories are"))
    }
    return name
  }

  /// `search` or `search.php`: an endpoint, spelled as everywhere else (`Catalog.endpoint`).
  func endpoint(_ word: String) throws(StepError) -> String {
    guard let name = Catalog.endpoint(named: word, among: context.endpoints) else {
      throw StepError(
        "unknown endpoint `\(word)`"
          + didYouMean(
            word, among: context.endpoints, else: "the endpoints are",
            closest: Suggestion.closestEndpoint))
    }
    return name
  }

  static let states = ["offline", "timeout", "server-error", "broken-data", "online"]

  func network() throws(StepError) -> Step.Action {
    guard let state = tokens.first?.word else {
      throw StepError(
        "`network` needs one of \(Self.states.joined(separator: ", ")), as in `network offline`")
    }
    let fault = NetworkFault(rawValue: state)
    guard fault != nil || state == "online" else {
      throw StepError(
        "unknown network state `\(state)`"
          + didYouMean(state, among: Self.states, else: "use one of"))
    }
    guard tokens.count > 1 else { return .network(fault, endpoint: nil) }
    guard tokens.count == 3, tokens[1] == .word("for"), let endpoint = tokens[2].word else {
      throw StepError(
        "`network \(state)` can only be followed by `for ENDPOINT`, as in `network \(state) for search.php`"
      )
    }
    return .network(fault, endpoint: try self.endpoint(endpoint))
  }

  func networkDelay() throws(StepError) -> Step.Action {
    let words = tokens.compactMap(\.word)
    guard words.count == tokens.count, (1...2).contains(words.count) else {
      throw StepError(
        "`network delay` needs an optional endpoint and a duration, as in `\(kind.example)`")
    }
    guard words.count == 2 else {
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

  /// `expect requests N`, with the requests listed in its block.
  func requests() throws(StepError) -> Step.Action {
    if let get = tokens.firstIndex(of: .word("GET")) {
      let request = tokens[get...].map(\.source).joined(separator: " ")
      throw StepError(
        "`expect requests` lists its requests below it, indented, one per line: "
          + "`expect requests \(get == 1 ? tokens[0].source : "1")`, then `  \(request)`")
    }
    guard !block.isEmpty else { return .expectRequests(try count(), listed: nil) }
    let listed = try blockTexts().map(\.string)
    // With a block the count may be left out: the block says how many.
    let count = tokens.isEmpty ? listed.count : try count()
    if let offset = listed.firstIndex(where: { !$0.hasPrefix("GET ") }) {
      throw StepError(
        "a listed request starts with `GET `, as in `GET search.php?s=Lasagne`, not `\(listed[offset])`",
        at: block.startIndex + offset)
    }
    guard listed.count == count else {
      let noun = listed.count == 1 ? "request" : "requests"
      throw StepError(
        "`expect requests \(count)` lists \(listed.count) \(noun) below it; the count and the list must agree"
      )
    }
    return .expectRequests(count, listed: listed)
  }

  /// The block of a step that compares a whole text (`expect screen`, `expect spoken`), lines
  /// joined with `\n`.
  func block(of step: String, what: String) throws(StepError) -> String {
    try none()
    guard !block.isEmpty || allowsEmptyScreens else {
      throw StepError(
        "`\(step)` needs \(what) as an indented block below it; `--record` fills it in")
    }
    return String(decoding: Array(try blockTexts().joined(separator: "\n".utf8)), as: UTF8.self)
  }

  /// The lines of the block without the indentation of its first line.
  func blockTexts() throws(StepError) -> [ArraySlice<UInt8>] {
    let indentation = block.first?.indentation ?? []
    return try block.indices.map { (index) throws(StepError) in
      let line = block[index]
      if line.indentation.contains(UInt8(ascii: "\t")) {
        throw StepError("indent blocks with spaces, not tabs", at: index)
      }
      guard line.text.starts(with: indentation) else {
        throw StepError(
          "this line is indented less than the first line of its block (\(indentation.string.unicodeScalars.count) spaces)",
          at: index)
      }
      return line.text.dropFirst(indentation.count)
    }
  }
}

/// `; did you mean `x`?` with the closest of `all`, or `; <listing> `a`, `b`, `c``.
func didYouMean(
  _ word: String, among all: [String], else listing: String,
  closest: (String, [String]) -> String? = Suggestion.closest
) -> String {
  if let match = closest(word, all) { return "; did you mean `\(match)`?" }
  return "; \(listing) " + all.map { "`\($0)`" }.joined(separator: ", ")
}
