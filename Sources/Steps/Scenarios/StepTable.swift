import Spelling
import ViewDescription

/// One step of the scenario language: how it is spelled and explained, and how its line is parsed
/// into a `Step.Action`. What the action does is `Step.Action.replay(_:)`, and how it is written
/// back `Step.Action.lines`: exhaustive switches over the same enum.
public struct StepKind: Sendable {
  /// The words that start the step, such as `pull to refresh` or `expect screen`.
  public let keyword: String
  /// How the step is written, with its arguments in capitals.
  public let syntax: String
  /// What the step does, in one line.
  public let summary: String
  /// A line that uses the step (and its block, for the steps that take one).
  public let example: String
  /// When the step may stand.
  let order: Order
  /// Whether an indented block below the step belongs to it.
  let takesBlock: Bool
  /// The step's value and block, from its line; throws `StepError` or `BlockError`.
  let parse: @Sendable (StepInput) throws -> (Step.Action, Step.Block?)

  /// When a step may stand in a file.
  enum Order {
    /// The scenario's name: once.
    case title
    /// Starts the app: once, before every step that needs it.
    case launch
    /// Setup, time and requests: before or after `launch`.
    case anyTime
    /// Needs a running app: after `launch`.
    case needsApp
  }

  init(
    _ keyword: String, _ syntax: String, _ summary: String, example: String,
    order: Order = .needsApp, takesBlock: Bool = false,
    parse: @escaping @Sendable (StepInput) throws -> (Step.Action, Step.Block?)
  ) {
    self.keyword = keyword
    self.syntax = syntax
    self.summary = summary
    self.example = example
    self.order = order
    self.takesBlock = takesBlock
    self.parse = parse
  }

  /// A step without a block whose value `parse` reads from its arguments.
  init(
    _ keyword: String, _ syntax: String, _ summary: String, example: String,
    order: Order = .needsApp,
    parse: @escaping @Sendable (StepInput) throws -> Step.Action
  ) {
    self.init(
      keyword, syntax, summary, example: example, order: order,
      parse: { (try parse($0), nil) })
  }

  /// A step without arguments: `value` is its action.
  init(_ keyword: String, _ summary: String, order: Order = .needsApp, value: Step.Action) {
    self.init(
      keyword, keyword, summary, example: keyword, order: order,
      parse: { input in
        try input.none()
        return value
      })
  }
}

/// Every step of the scenario language, in the order the help lists them: how each is spelled,
/// explained and parsed. `Step.Action.lines` writes an action back, `Step.Action.replay(_:)`
/// carries it out: exhaustive switches below, so the compiler asks for both arms of a new case.
public enum StepTable {
  /// Every step.
  public static let entries: [StepKind] = [
    StepKind(
      "title", "title TEXT", "Names the scenario; without it the file name is used.",
      example: "title Suche mit Pause", order: .title,
      parse: { input in
        var text = String(input.body.dropFirst("title".count)).trimmingWhitespace()
        if input.tokens.count == 1, case .quoted(let quoted) = input.tokens[0] { text = quoted }
        guard !text.isEmpty else { throw StepError("`title` needs the scenario's name after it") }
        return .title(text)
      }),
    StepKind(
      "given favorites", "given favorites ID, ID, …",
      "Favourites stored for the next `launch` or `relaunch`; unknown ids are stale favourites.",
      example: "given favorites 52768, 52772", order: .anyTime,
      parse: { .givenFavorites(try $0.ids()) }),
    StepKind(
      "given random", "given random ID, …",
      "What the next taps on the dice return, in order; the ids must be in the catalog.",
      example: "given random 52772", order: .anyTime,
      parse: { .givenRandom(try $0.knownIDs()) }),
    StepKind(
      "given start", "given start categories|list",
      "The start screen: the category grid or the recipe list (before `launch`).",
      example: "given start categories", order: .anyTime,
      parse: { .givenStart(try $0.startScreen()) }),
    StepKind(
      "launch", "Starts the app: the categories and the Dessert list load.", order: .launch,
      value: .launch),
    StepKind(
      "relaunch", "Restarts the app; stored favourites stay.", value: .relaunch),
    StepKind(
      "type", "type \"TEXT\"",
      "Types at the end of the search field, one keystroke per character; no time passes.",
      example: "type \"Las\"",
      parse: { .type(try $0.quoted()) }),
    StepKind(
      "clear search", "Empties the search field; no time passes.", value: .clearSearch),
    StepKind(
      "wait", "wait DURATION",
      "Advances the virtual clock (ms or s); what is due runs, nothing sleeps for real.",
      example: "wait 400ms", order: .anyTime,
      parse: { .wait(try $0.duration()) }),
    StepKind(
      "pick category", "pick category \"NAME\"", "Picks a category in the \"Kategorie\" menu.",
      example: "pick category \"Chicken\"",
      parse: { .pickCategory(try $0.category()) }),
    StepKind(
      "pull to refresh", "Pulls the list down to reload it.", value: .pullToRefresh),
    StepKind(
      "tap dice", "Taps the dice button \"Zufallsrezept\" in the toolbar.", value: .tapDice),
    StepKind(
      "open", "open \"NAME\"", "Taps the list row (or grid tile) with exactly this name.",
      example: "open \"Apple Frangipan Tart\"",
      parse: { .open(try $0.quoted()) }),
    StepKind(
      "back", "Goes back to the previous screen.", value: .back),
    StepKind(
      "toggle heart", "Taps the heart button of the detail screen.", value: .toggleHeart),
    StepKind(
      "retry", "Taps \"Erneut versuchen\".", value: .retry),
    StepKind(
      "network", "network offline|timeout|server-error|broken-data|online [for ENDPOINT]",
      "Makes every request, or one endpoint's, fail this way; `online` heals it.",
      example: "network offline for search.php", order: .anyTime,
      parse: { try $0.network() }),
    StepKind(
      "network delay", "network delay [ENDPOINT] DURATION",
      "Answers (of one endpoint) arrive this much later in virtual time; 0ms removes the delay.",
      example: "network delay search.php 1s", order: .anyTime,
      parse: { try $0.networkDelay() }),
    StepKind(
      "expect title", "expect title \"TEXT\"", "The screen on top has this navigation title.",
      example: "expect title \"Suche\"",
      parse: { .expectTitle(try $0.quoted()) }),
    StepKind(
      "expect visible", "expect visible [containing] \"TEXT\"",
      "Some node of the screen shows exactly this text (with `containing`: a text containing it).",
      example: "expect visible \"Lasagne\"",
      parse: { input in
        let (text, containing) = try input.textMatch()
        return .expectVisible(text, containing: containing)
      }),
    StepKind(
      "expect hidden", "expect hidden [containing] \"TEXT\"",
      "No node of the screen shows this text (with `containing`: no text contains it).",
      example: "expect hidden \"Lasagne\"",
      parse: { input in
        let (text, containing) = try input.textMatch()
        return .expectHidden(text, containing: containing)
      }),
    StepKind(
      "expect requests", "expect requests N",
      "N requests were sent since the last `expect requests`; an indented block may list them.",
      example: "expect requests 1\n  GET search.php?s=Lasagne", order: .anyTime, takesBlock: true,
      parse: { input in
        guard !input.blockLines.isEmpty else {
          return (.expectRequests(try input.count(), listed: nil), nil)
        }
        let (block, listed) = try input.block()
        // With a block the count may be left out: the block says how many.
        let count = input.tokens.isEmpty ? listed.count : try input.count()
        for (offset, request) in listed.enumerated() where !request.hasPrefix("GET ") {
          throw BlockError(
            index: block.lines.lowerBound + offset,
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
      }),
    StepKind(
      "expect screen", "expect screen",
      "The whole screen is the indented block below; `--record` writes it.",
      example: "expect screen\n  NavigationStack\n  └─ Screen \"Suche\"",
      takesBlock: true,
      parse: { input in
        try input.none()
        guard !input.blockLines.isEmpty else {
          guard input.allowsEmptyScreens else {
            throw StepError(
              "`expect screen` needs the expected screen as an indented block below it; `--record` fills it in"
            )
          }
          return (.expectScreen(""), try input.block().0)
        }
        let (block, screen) = try input.block()
        // Joined by hand: the first call of the library's unspecialized `joined(separator:)`
        // looks its conformances up at run time, a quarter of a million instructions.
        var text = ""
        for (offset, line) in screen.enumerated() {
          if offset > 0 { text += "\n" }
          text += line
        }
        return (.expectScreen(text), block)
      }),
    StepKind(
      "focus search",
      "Taps into the search field; while it is focused and empty it shows suggestions.",
      value: .focusSearch),
    StepKind(
      "leave search",
      "Leaves the search field: the keyboard goes down and the suggestions hide; the text stays.",
      value: .leaveSearch),
    StepKind(
      "pick suggestion", "pick suggestion \"TEXT\"",
      "Picks a shown suggestion: it fills the search field and searches at once, with no pause.",
      example: "pick suggestion \"Cake\"",
      parse: { .pickSuggestion(try $0.quoted()) }),
    StepKind(
      "tap", "tap \"LABEL\"",
      "Taps the one button, row, tile, link, option or suggestion showing exactly this label.",
      example: "tap \"Erneut versuchen\"",
      parse: { .tap(try $0.quoted()) }),
    StepKind(
      "dismiss notice", "Closes the notice shown after a failed refresh.", value: .dismissNotice),
  ]

  /// The keywords of all steps, such as `wait` and `pull to refresh`.
  public static let keywords: [String] = entries.map(\.keyword)

  private static let byKeyword: [String: StepKind] = Dictionary(
    uniqueKeysWithValues: entries.map { ($0.keyword, $0) })

  /// The entry whose keyword the leading words of `tokens` spell, the longest one when several
  /// do (`network delay` before `network`), and how many words its keyword has.
  static func match(_ tokens: [Token]) -> (kind: StepKind, wordCount: Int)? {
    var words: [String] = []
    for token in tokens {
      guard case .word(let word) = token else { break }
      words.append(word)
    }
    guard let entry = longestFirst.first(where: { words.starts(with: $0.words) }) else {
      return nil
    }
    return (entry.kind, entry.words.count)
  }

  /// The entries with their keywords split into words, the keywords with the most words first
  /// and in table order among keywords of one length (none of which starts with another).
  private static let longestFirst: [(words: [String], kind: StepKind)] = {
    let split = entries.map { entry in (entry.keyword.split(separator: " ").map(String.init), entry)
    }
    let longest = split.map(\.0.count).max() ?? 0
    return stride(from: longest, through: 1, by: -1).flatMap { length in
      split.filter { $0.0.count == length }.map { (words: $0.0, kind: $0.1) }
    }
  }()

  /// Words a learner may write for a step, each with the step's keyword: the did-you-mean of an
  /// unknown step and `rezepte help run` read them from here. A hyphen counts as a space, and
  /// case does not count. A wording may mean several steps (`random 52772` is
  /// `given random 52772`, a bare `random` is `tap dice`): the first that reads the rest of the
  /// line is suggested.
  public static let commonWordings: KeyValuePairs<String, String> = [
    "heart": "toggle heart", "favorite": "given favorites", "favorite": "toggle heart",
    "favourite": "toggle heart", "toggle favorite": "toggle heart", "like": "toggle heart",
    "go back": "back", "navigate back": "back", "return": "back",
    "search": "type", "search for": "type", "enter": "type", "input": "type",
    "refresh": "pull to refresh", "pull down": "pull to refresh", "reload": "pull to refresh",
    "click": "tap", "press": "tap", "touch": "tap",
    "dice": "tap dice", "roll": "tap dice", "roll dice": "tap dice",
    "random": "given random", "random": "tap dice",
    "sleep": "wait", "pause": "wait", "advance": "wait",
    "delay": "network delay", "delay": "wait",
    "category": "pick category", "select category": "pick category",
    "choose category": "pick category",
    "start": "given start", "start": "launch", "restart": "relaunch",
    "clear": "clear search", "focus": "focus search", "unfocus": "leave search",
    "dismiss": "dismiss notice", "close notice": "dismiss notice", "ok": "dismiss notice",
    "try again": "retry",
    "see": "expect visible", "expect text": "expect visible", "expect shown": "expect visible",
    "expect not visible": "expect hidden", "expect absent": "expect hidden",
  ]

  /// The step a line that names no step was meant as, for a line that starts with one of
  /// `commonWordings` (`search "Chicken"` → `type "Chicken"`) or with a keyword in other case or
  /// with hyphens (`Pull-to-refresh`): the meant step with the rest of the line, as written or
  /// quoted, when that is a step `context` accepts; else the meant step's keyword alone.
  static func meant(by tokens: [Token], context: ScenarioContext) -> String? {
    var words: [String] = []
    for token in tokens {
      guard case .word(let word) = token else { break }
      words += word.lowercased().split(separator: "-").map(String.init)
    }
    let wordings = Array(commonWordings) + keywords.map { ($0, $0) }
    let matches = wordings.map { ($0.0.split(separator: " ").map(String.init), $0.1) }
      .filter { words.starts(with: $0.0) }
    guard let longest = matches.map(\.0.count).max() else { return nil }
    let steps = matches.filter { $0.0.count == longest }.map(\.1)
    // The tokens the wording's words came from, and what follows them.
    var used = 0
    var rest = tokens[...]
    while used < longest, case .word(let word) = rest.first {
      used += word.split(separator: "-").count
      rest = rest.dropFirst()
    }
    let written = rest.map(\.source).joined(separator: " ")
    let quoted =
      rest.allSatisfy { if case .word = $0 { true } else { false } }
      ? Quoting.quoted(rest.map(\.source).joined(separator: " ")) : written
    for step in steps {
      for arguments in rest.isEmpty ? [""] : [written, quoted] {
        let line = arguments.isEmpty ? step : step + " " + arguments
        if (try? Step.Action(line: line, context: context)) != nil { return line }
      }
    }
    return steps.first
  }

  /// The steps as the help prints them: syntax, explanation and example, one block per step.
  public static func helpText() -> String {
    var lines: [String] = []
    for entry in entries {
      lines.append("  \(entry.syntax)")
      lines.append("      \(entry.summary)")
      let example = entry.example.split(separator: "\n").map(String.init)
      lines.append("      e.g. \(example[0])")
      for more in example.dropFirst() {
        lines.append("           \(more)")
      }
    }
    lines += ["", "Other wordings, and the step each means:"]
    var line = " "
    for (wording, step) in commonWordings {
      let entry = " \(wording) → \(step),"
      if line.count + entry.count > 80 {
        lines.append(line)
        line = " "
      }
      line += entry
    }
    lines.append(String(line.dropLast()))
    return lines.joined(separator: "\n")
  }
}

// MARK: - Writing an action

extension Unicode.GeneralCategory {
  fileprivate var isMark: Bool {
    self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
  }
}

extension Step.Action: CustomStringConvertible {
  /// The step as a scenario file spells it: its line, then the lines of its block (indented by
  /// two spaces) for `expect requests` with a list and `expect screen`. Parsing the lines gives
  /// the action back; texts are quoted with `Quoting.quoted`, durations spelled with
  /// `DurationText.format`.
  public var lines: [String] {
    let q = Quoting.quoted
    switch self {
    case .title(let text): return ["title " + (Self.readsBackRaw(text) ? text : q(text))]
    case .givenFavorites(let ids): return ["given favorites " + ids.joined(separator: ", ")]
    case .givenRandom(let ids): return ["given random " + ids.joined(separator: ", ")]
    case .givenStart(let start): return ["given start \(start.rawValue)"]
    case .launch: return ["launch"]
    case .relaunch: return ["relaunch"]
    case .type(let text): return ["type \(q(text))"]
    case .clearSearch: return ["clear search"]
    case .wait(let duration): return ["wait \(DurationText.format(duration))"]
    case .pickCategory(let name): return ["pick category \(q(name))"]
    case .pullToRefresh: return ["pull to refresh"]
    case .tapDice: return ["tap dice"]
    case .open(let name): return ["open \(q(name))"]
    case .back: return ["back"]
    case .toggleHeart: return ["toggle heart"]
    case .retry: return ["retry"]
    case .network(let fault, let endpoint):
      return ["network \(fault?.rawValue ?? "online")" + (endpoint.map { " for \($0)" } ?? "")]
    case .networkDelay(let delay, let endpoint):
      return ["network delay " + (endpoint.map { "\($0) " } ?? "") + DurationText.format(delay)]
    case .expectTitle(let title): return ["expect title \(q(title))"]
    case .expectVisible(let text, let containing):
      return ["expect visible " + (containing ? "containing " : "") + q(text)]
    case .expectHidden(let text, let containing):
      return ["expect hidden " + (containing ? "containing " : "") + q(text)]
    case .expectRequests(let count, let listed):
      return ["expect requests \(count)"] + (listed ?? []).map { "  " + $0 }
    case .expectScreen(let screen):
      return ["expect screen"]
        + screen.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    case .focusSearch: return ["focus search"]
    case .leaveSearch: return ["leave search"]
    case .pickSuggestion(let text): return ["pick suggestion \(q(text))"]
    case .tap(let label): return ["tap \(q(label))"]
    case .dismissNotice: return ["dismiss notice"]
    }
  }

  /// `lines`, joined by line breaks: what a message quotes.
  public var description: String { lines.joined(separator: "\n") }

  /// Whether `title TEXT` reads `text` back as it is, unquoted: no quote, backslash, comment
  /// sign or control character, no white space at either end, and no combining mark at the
  /// start (it would join the space before it).
  private static func readsBackRaw(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !first.properties.isWhitespace,
      !first.properties.generalCategory.isMark, text.trimmingWhitespace() == text
    else { return false }
    return !text.unicodeScalars.contains {
      $0 == "\"" || $0 == "#" || $0 == "\\" || Quoting.isControl($0)
    }
  }
}

// MARK: - Replaying an action

/// How a step's replay ended.
public enum StepOutcome: Equatable, Sendable {
  /// It was carried out, or its expectation held.
  case done
  /// Its expectation did not hold: what was expected and what was found, one entry per line.
  case failed([String])
  /// `expect screen` while recording: the screen found.
  case recorded(String)
}

extension Step.Action {
  /// Carries the step out on the replay's driver: a gesture finds its node on the screen and
  /// sends that node's intent (`Gestures`), setup goes through `configure`, an expectation
  /// compares. One arm per action, chosen by the compiler.
  ///
  /// - Parameters:
  ///   - driver: the app the step acts on.
  ///   - mode: whether `expect screen` compares the screen or records it.
  /// - Throws: `StepUnavailable` when the screen does not offer the gesture, `StepUnsupported`
  ///   when the driver cannot carry the step out at all.
  @MainActor
  public func replay(
    on driver: any ScenarioDriver, mode: ScenarioRunner.Mode = .check
  ) async throws -> StepOutcome {
    switch self {
    case .title:
      break  // the scenario's name: nothing happens in the app
    case .givenFavorites, .givenRandom, .givenStart, .network, .networkDelay:
      try await driver.configure(self)
    case .launch: try await driver.launch()
    case .relaunch: try await driver.relaunch()
    case .type(let text): try await Gestures.type(text, on: driver)
    case .clearSearch: try await Gestures.clearSearch(on: driver)
    case .wait(let duration): try await driver.wait(duration)
    case .pickCategory(let name): try await Gestures.pick(category: name, on: driver)
    case .pullToRefresh: try await Gestures.pullToRefresh(on: driver)
    case .tapDice:
      try await Gestures.tap(AppText.dice, kinds: [.button], missing: "no dice button", on: driver)
    case .open(let name):
      try await Gestures.tap(
        name, kinds: [.row, .tile], missing: "no row or tile named \(Quoting.quoted(name))",
        on: driver)
    case .back: try await Gestures.back(on: driver)
    case .toggleHeart: try await Gestures.toggleHeart(on: driver)
    case .retry:
      try await Gestures.tap(
        AppText.retry, kinds: [.button], missing: "no \(Quoting.quoted(AppText.retry)) button",
        on: driver)
    case .expectTitle(let expected):
      return Expectations.title(expected, found: driver.title())
    case .expectVisible(let text, let containing):
      return Expectations.visible(text, containing: containing, in: driver.visibleTexts())
    case .expectHidden(let text, let containing):
      return Expectations.hidden(text, containing: containing, in: driver.visibleTexts())
    case .expectRequests(let count, let listed):
      return Expectations.requests(driver.takeRequests(), count: count, listed: listed)
    case .expectScreen(let expected):
      let actual = driver.screenText()
      if mode == .record { return .recorded(actual) }
      return Expectations.screen(expected, actual: actual)
    case .focusSearch: try await Gestures.focusSearch(on: driver)
    case .leaveSearch: try await Gestures.leaveSearch(on: driver)
    case .pickSuggestion(let text): try await Gestures.pick(suggestion: text, on: driver)
    case .tap(let label): try await Gestures.tap(label, on: driver)
    case .dismissNotice:
      try await Gestures.tap(
        AppText.noticeDismiss, kinds: [.button], missing: "no notice to dismiss", on: driver)
    }
    return .done
  }
}

extension ScenarioDriver {
  /// Parses one step line with the step table and replays it on this driver, outside a scenario
  /// (no order is checked): for a step typed at a prompt, or a test.
  ///
  /// - Throws: `StepUnavailable` when the screen does not offer the step, `StepUnsupported` when
  ///   this driver cannot carry it out, and `StepLineError` for a line that is no valid step or
  ///   an expectation that does not hold.
  public func perform(_ line: String, context: ScenarioContext) async throws {
    let action: Step.Action
    do {
      action = try Step.Action(line: line, context: context)
    } catch {
      throw StepLineError(error.message)
    }
    if case .failed(let details) = try await action.replay(on: self) {
      throw StepLineError(details.joined(separator: "\n"))
    }
  }
}

extension Step.Action {
  /// The action one step line spells, read with the step table outside a scenario file: no
  /// block, and no check of where the step stands.
  init(line: String, context: ScenarioContext) throws(StepError) {
    let tokenized: TokenizedLine
    switch Tokenizer.tokenize(line) {
    case .success(let success): tokenized = success
    case .failure(let error): throw error
    }
    guard let (kind, wordCount) = StepTable.match(tokenized.tokens) else {
      throw StepError(unknownStepMessage(tokenized, context: context))
    }
    let input = StepInput(
      keyword: kind.keyword, example: kind.example,
      tokens: Array(tokenized.tokens.dropFirst(wordCount)),
      body: tokenized.body, context: context, blockLines: [], blockStart: 0,
      allowsEmptyScreens: true)
    do {
      self = try kind.parse(input).0
    } catch let error as StepError {
      throw error
    } catch {
      throw StepError("\(error)")
    }
  }
}

/// A step line that is no valid step, or an expectation that does not hold, outside a scenario.
public struct StepLineError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
