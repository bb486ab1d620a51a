import MealCatalog
import MealDB
import Spelling
import ViewDescription

/// One step of the scenario language: how it is spelled and explained, and how its line is parsed
/// into a `Step.Action`.
public final class StepKind: Sendable {
  /// The words that start the step, such as `pull to refresh` or `expect screen`.
  public let keyword: String
  /// How the step is written, with its arguments in capitals.
  public let syntax: String
  /// What the step does, in one line.
  public let summary: String
  /// A line that uses the step (and its block, for the steps that take one).
  public let example: String
  /// When the step may stand, and whether an indented block below it belongs to it.
  let order: Order
  let takesBlock: Bool
  /// The action of a step without arguments.
  let value: Step.Action?
  private let parse: @Sendable (StepInput) throws -> Step.Action

  /// When a step may stand: the title and `launch` once each; setup that acts at once anywhere;
  /// setup the next launch reads before `launch` or with a `relaunch` after it; the rest after
  /// `launch`.
  enum Order {
    case title, launch, anyTime, nextLaunch, needsApp
  }

  let words: [String]

  init(
    _ keyword: String, _ syntax: String, _ summary: String, example: String,
    order: Order = .needsApp, takesBlock: Bool = false, value: Step.Action? = nil,
    parse: @escaping @Sendable (StepInput) throws -> Step.Action
  ) {
    self.keyword = keyword
    words = keyword.words
    self.syntax = syntax
    self.summary = summary
    self.example = example
    self.order = order
    self.takesBlock = takesBlock
    self.value = value
    self.parse = parse
  }

  /// A step without arguments: `value` is its action.
  convenience init(
    _ keyword: String, _ summary: String, order: Order = .needsApp, value: Step.Action
  ) {
    self.init(keyword, keyword, summary, example: keyword, order: order, value: value) { input in
      try input.none()
      return value
    }
  }

  /// The step's action from its line and block (`StepInput`'s readers throw only `StepError`).
  func action(_ input: StepInput) throws(StepError) -> Step.Action {
    do { return try parse(input) } catch { throw error as! StepError }
  }
}

extension String {
  /// The words of a keyword or a wording.
  var words: [String] { unicodeScalars.split(separator: " ").map(String.init) }
}

/// Every step of the scenario language, in the order the help lists them. `Step.Action.lines`
/// writes an action back and `Step.Action.replay(on:mode:from:)` does it: exhaustive switches below.
public enum StepTable {
  public static let entries: [StepKind] = [
    StepKind(
      "title", "title TEXT", "Names the scenario; without it the file name is used.",
      example: "title Suche mit Pause", order: .title
    ) { input in
      var text = input.body.dropFirst("title".count).string.trimmed(.whitespacesAndNewlines)
      if input.tokens.count == 1, case .quoted(let quoted) = input.tokens[0] { text = quoted }
      guard !text.isEmpty else { throw StepError("`title` needs the scenario's name after it") }
      return .title(text)
    },
    StepKind(
      "given favorites", "given favorites ID, ID, …",
      "Favourites stored for the next `launch` or `relaunch`; unknown ids are stale favourites.",
      example: "given favorites 52768, 52772", order: .nextLaunch
    ) { .givenFavorites(try $0.ids()) },
    StepKind(
      "given random", "given random ID, …",
      "What the next taps on the dice return, in order; the ids must be in the catalog.",
      example: "given random 52772", order: .anyTime
    ) { .givenRandom(try $0.knownIDs()) },
    StepKind(
      "given start", "given start categories|list",
      "The start screen of the next `launch` or `relaunch`: the category grid or the recipe list.",
      example: "given start categories", order: .nextLaunch
    ) { .givenStart(try $0.startScreen()) },
    StepKind(
      "launch", "Starts the app: the categories and the Dessert list load.", order: .launch,
      value: .launch),
    StepKind("relaunch", "Restarts the app; stored favourites stay.", value: .relaunch),
    StepKind(
      "type", "type \"TEXT\"",
      "Types at the end of the search field, one keystroke per character; no time passes.",
      example: "type \"Las\""
    ) { .type(try $0.quoted()) },
    StepKind("clear search", "Empties the search field; no time passes.", value: .clearSearch),
    StepKind(
      "wait", "wait DURATION",
      "Advances the virtual clock (ms or s); what is due runs, nothing sleeps for real.",
      example: "wait 400ms", order: .anyTime
    ) { .wait(try $0.duration()) },
    StepKind(
      "pick category", "pick category \"NAME\"", "Picks a category in the \"Kategorie\" menu.",
      example: "pick category \"Chicken\""
    ) { .pickCategory(try $0.category()) },
    StepKind("pull to refresh", "Pulls the list down to reload it.", value: .pullToRefresh),
    StepKind(
      "tap dice", "Taps the dice button \"Zufallsrezept\" in the toolbar.", value: .tapDice),
    StepKind(
      "open", "open \"NAME\"", "Taps the list row (or grid tile) with exactly this name.",
      example: "open \"Apple Frangipan Tart\""
    ) { .open(try $0.quoted()) },
    StepKind("back", "Goes back to the previous screen.", value: .back),
    StepKind("toggle heart", "Taps the heart button of the detail screen.", value: .toggleHeart),
    StepKind("retry", "Taps \"Erneut versuchen\".", value: .retry),
    StepKind(
      "network", "network offline|timeout|server-error|broken-data|online [for ENDPOINT]",
      "Makes every request, or one endpoint's, fail this way; `online` heals it.",
      example: "network offline for search.php", order: .anyTime
    ) { try $0.network() },
    StepKind(
      "network delay", "network delay [ENDPOINT] DURATION",
      "Answers (of one endpoint) arrive this much later in virtual time; 0ms removes the delay.",
      example: "network delay search.php 1s", order: .anyTime
    ) { try $0.networkDelay() },
    StepKind(
      "expect title", "expect title \"TEXT\"", "The screen on top has this navigation title.",
      example: "expect title \"Suche\""
    ) { .expectTitle(try $0.quoted()) },
    StepKind(
      "expect visible", "expect visible [containing] \"TEXT\"",
      "Some node of the screen shows exactly this text (with `containing`: a text containing it).",
      example: "expect visible \"Lasagne\""
    ) { try $0.textMatch(Step.Action.expectVisible) },
    StepKind(
      "expect hidden", "expect hidden [containing] \"TEXT\"",
      "No node of the screen shows this text (with `containing`: no text contains it).",
      example: "expect hidden \"Lasagne\""
    ) { try $0.textMatch(Step.Action.expectHidden) },
    StepKind(
      "expect favorite", "expect favorite \"NAME\"",
      "The list row with exactly this name shows the favourite's heart (♥ after its name).",
      example: "expect favorite \"Apam balik\""
    ) { .expectFavorite(try $0.quoted()) },
    StepKind(
      "expect not favorite", "expect not favorite \"NAME\"",
      "The list row with exactly this name shows no heart.",
      example: "expect not favorite \"Apam balik\""
    ) { .expectFavorite(try $0.quoted(), isFavorite: false) },
    StepKind(
      "expect requests", "expect requests N",
      "N requests were sent since the last `expect requests`; an indented block may list them.",
      example: "expect requests 1\n  GET search.php?s=Lasagne", order: .anyTime, takesBlock: true
    ) { try $0.requests() },
    StepKind(
      "expect screen", "expect screen",
      "The whole screen is the indented block below; `--record` writes it.",
      example: "expect screen\n  NavigationStack\n  └─ Screen \"Suche\"", takesBlock: true
    ) { .expectScreen(try $0.block(of: "expect screen", what: "the expected screen")) },
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
      example: "pick suggestion \"Cake\""
    ) { .pickSuggestion(try $0.quoted()) },
    StepKind(
      "tap", "tap \"LABEL\"",
      "Taps the one button, row, tile, link, option or suggestion showing exactly this label.",
      example: "tap \"Erneut versuchen\""
    ) { .tap(try $0.quoted()) },
    StepKind(
      "dismiss notice", "Closes the notice shown after a failed refresh.", value: .dismissNotice),
    StepKind(
      "voiceover next", "Swipes right with VoiceOver: the focus moves to the next element.",
      value: .voiceOver(.next)),
    StepKind(
      "voiceover previous",
      "Swipes left with VoiceOver: the focus moves to the previous element.",
      value: .voiceOver(.previous)),
    StepKind(
      "voiceover activate", "Double-taps with VoiceOver: the focused element is activated.",
      value: .voiceOver(.activate)),
    StepKind(
      "voiceover back",
      "The escape gesture (a two-finger Z): dismisses the notice, or goes back.",
      value: .voiceOver(.back)),
    StepKind(
      "expect spoken", "expect spoken",
      "VoiceOver reads the whole indented block: an element a line, the focused one marked ▸.",
      example: "expect spoken\n  ▸ Dessert, Überschrift\n  Alle Rezepte durchsuchen, Suchfeld",
      takesBlock: true
    ) { .expectSpoken(try $0.block(of: "expect spoken", what: "what VoiceOver reads")) },
    StepKind(
      "expect announced", "expect announced \"TEXT\"",
      "The app announced this to VoiceOver since the last `expect announced`, which hears them all.",
      example: "expect announced \"1 Rezept gefunden\""
    ) { .expectAnnounced(try $0.quoted()) },
  ]

  /// The keywords of all steps, such as `wait` and `pull to refresh`.
  public static let keywords: [String] = entries.map(\.keyword)

  /// Words a learner may write for a step, each with the step's keyword (or why no step does
  /// it): a line starting with one is an error whose did-you-mean names the first of its steps
  /// that reads the rest of the line (`search "Chicken"` → `type "Chicken"`).
  public static let commonWordings: KeyValuePairs<String, String> = [
    "heart": "toggle heart", "tap heart": "toggle heart", "favorite": "given favorites",
    "favorite": "toggle heart", "favourite": "toggle heart", "toggle favorite": "toggle heart",
    "like": "toggle heart", "go back": "back", "tap back": "back", "navigate back": "back",
    "return": "back", "search": "type", "search for": "type", "enter": "type", "input": "type",
    "refresh": "pull to refresh", "pull down": "pull to refresh", "reload": "pull to refresh",
    "click": "tap", "press": "tap", "touch": "tap", "tap tile": "open", "tap row": "open",
    "swipe back": "back", "pick": "pick category", "pick": "pick suggestion",
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
    "expect heart": "expect favorite", "expect heart filled": "expect favorite",
    "expect favourite": "expect favorite", "expect heart empty": "expect not favorite",
    "scroll": "screens are checked whole, there is nothing to scroll",
    "swipe right": "voiceover next", "swipe left": "voiceover previous",
    "double tap": "voiceover activate", "activate": "voiceover activate",
    "escape": "voiceover back", "scrub": "voiceover back", "vo": "voiceover next",
    "focus next": "voiceover next", "next element": "voiceover next",
    "expect speech": "expect spoken", "expect read": "expect spoken",
    "expect voiceover": "expect spoken", "expect announcement": "expect announced",
    "announced": "expect announced", "voiceover": "voiceover next",
    "voice over": "voiceover next", "voiceover escape": "voiceover back",
    "voiceover swipe right": "voiceover next", "voiceover swipe left": "voiceover previous",
    "voiceover tap": "voiceover activate", "voiceover double tap": "voiceover activate",
  ]

  /// What a line's first words may mean, by the first of them, the longest first: a step, by
  /// its keyword's words, or a common wording of the step `keyword` names.
  private static let readings = Dictionary(
    grouping: (commonWordings.map { (words: $0.key.words, keyword: $0.value, step: StepKind?.none) }
      + entries.map { (words: $0.words, keyword: $0.keyword, step: Optional($0)) })
      .sorted { $0.words.count > $1.words.count },
    by: { $0.words[0] })

  /// The step a line (UTF-8) names and its action, read with the indented block below it; throws
  /// for a line that names no step or a wording longer than it (`tap back`), a block below a step
  /// that takes none, or what the step cannot read, which may be a longer step's typo (`tap dcie`).
  static func read(
    _ text: ArraySlice<UInt8>, block: ArraySlice<SourceLine> = [], context: ScenarioContext,
    allowsEmptyScreens: Bool = true
  ) throws(StepError) -> (kind: StepKind, action: Step.Action) {
    let line = try Tokenizer.tokenize(text)
    let words = line.tokens.lazy.prefix { $0.word != nil }.map { $0.text }
    let readings = words.first.flatMap { Self.readings[$0] } ?? []
    let kind = readings.first { $0.step != nil && words.starts(with: $0.words) }?.step
    var unknown: String { "unknown step `\(line.body.string)`" }
    // The longer step the words are a typo of (`tap dcie`), for a line `kind` cannot read.
    func typo(naming kind: StepKind?) -> StepError? {
      for count in stride(from: 3, to: kind?.words.count ?? 0, by: -1) where words.count >= count {
        let typed = words.prefix(count).joined(separator: " ")
        let longer = entries.filter { $0.words.count == count }.map(\.keyword)
        if let near = Suggestion.closest(to: typed, in: longer) {
          return StepError("\(unknown); did you mean `\(near)`?")
        }
      }
      return nil
    }
    // The longest wording longer than the step that the words start with, case and hyphens left
    // aside; a keyword is spelled so, the words after it only for a wording that starts with it.
    let named = kind?.words ?? []
    lazy var spelled: [String] = words.dropFirst(named.count).flatMap {
      $0.lowercased().unicodeScalars.split(separator: "-").map(String.init)
    }
    let longer = (kind == nil ? spelled.first.flatMap { Self.readings[$0] } ?? [] : readings)
      .prefix { $0.words.count > named.count }
    if let wording = longer.first(where: {
      $0.words.starts(with: named) && spelled.starts(with: $0.words.dropFirst(named.count))
    }) {
      let meanings = longer.filter { $0.words == wording.words }.map(\.keyword)
      guard keywords.contains(meanings[0]) else { throw StepError("\(unknown); \(meanings[0])") }
      let meaning = meant(meanings, length: wording.words.count, by: line, context)
      throw StepError("\(unknown); did you mean `\(meaning)`?")
    }
    guard let kind else {
      throw typo(naming: nil) ?? StepError("\(unknown); `rezepte help run` lists every step")
    }
    do throws(StepError) {
      if !kind.takesBlock, let indented = block.firstIndex(where: { !$0.isComment }) {
        throw StepError(ScenarioParser.indentedLine, at: indented)
      }
      let input = StepInput(
        kind: kind, tokens: Array(line.tokens.dropFirst(kind.words.count)), body: line.body,
        context: context, block: block, allowsEmptyScreens: allowsEmptyScreens)
      return (kind, try kind.action(input))
    } catch {
      throw typo(naming: kind) ?? error
    }
  }

  /// The step a wording means, with the rest of the line as written or quoted when that is a
  /// step `context` accepts; else the first step's syntax (`expect favorite "NAME"`).
  private static func meant(
    _ meanings: [String], length: Int, by line: TokenizedLine, _ context: ScenarioContext
  ) -> String {
    // The tokens the wording's words came from, and what follows them.
    var used = 0
    var rest = line.tokens[...]
    while used < length, let word = rest.first?.word {
      used += word.split(separator: "-").count
      rest = rest.dropFirst()
    }
    let written = rest.map(\.source).joined(separator: " ")
    let quoted = rest.allSatisfy { $0.word != nil } ? Quoting.quoted(written) : written
    for step in meanings {
      for arguments in rest.isEmpty ? [""] : [written, quoted] {
        let line = arguments.isEmpty ? step : step + " " + arguments
        if (try? Step.Action(line: line, context: context)) != nil { return line }
      }
    }
    return entries.first { $0.keyword == meanings[0] }!.syntax
  }

  /// The steps as the help prints them (syntax, explanation, example), then the wordings.
  public static func helpText() -> String {
    var lines: [String] = []
    for entry in entries {
      let example = entry.example.split(separator: "\n")
      lines += ["  \(entry.syntax)", "      \(entry.summary)", "      e.g. \(example[0])"]
      lines += example.dropFirst().map { "           \($0)" }
    }
    lines += ["", "Other wordings, each an error whose did-you-mean names the step it means:"]
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

extension Step.Action: CustomStringConvertible {
  /// The step as a scenario file spells it: its line, then the lines of its block (indented by
  /// two spaces), for `expect requests` with a list and `expect screen`; parsing the lines gives
  /// the action back.
  public var lines: [String] {
    let q = Quoting.quoted
    switch self {
    case .title(let text):
      // As written when that reads back as the same title and shows no control character.
      let raw = "title " + text
      let readsBack = (try? Self(line: raw, context: ScenarioContext(categories: []))) == self
      return [
        readsBack && !text.unicodeScalars.contains(where: Quoting.isControl)
          ? raw : "title " + q(text)
      ]
    case .givenFavorites(let ids): return ["given favorites " + ids.joined(separator: ", ")]
    case .givenRandom(let ids): return ["given random " + ids.joined(separator: ", ")]
    case .givenStart(let start): return ["given start \(start.rawValue)"]
    case .launch, .relaunch, .clearSearch, .pullToRefresh, .tapDice, .back, .toggleHeart, .retry,
      .focusSearch, .leaveSearch, .dismissNotice, .voiceOver:
      return [StepTable.entries.first { $0.value == self }!.keyword]
    case .type(let text): return ["type \(q(text))"]
    case .wait(let duration): return ["wait \(DurationText.format(duration))"]
    case .pickCategory(let name): return ["pick category \(q(name))"]
    case .open(let name): return ["open \(q(name))"]
    case .network(let fault, let endpoint):
      return ["network \(fault?.rawValue ?? "online")" + (endpoint.map { " for \($0)" } ?? "")]
    case .networkDelay(let delay, let endpoint):
      return ["network delay " + (endpoint.map { "\($0) " } ?? "") + DurationText.format(delay)]
    case .expectTitle(let title): return ["expect title \(q(title))"]
    case .expectVisible(let text, let containing):
      return ["expect visible " + (containing ? "containing " : "") + q(text)]
    case .expectHidden(let text, let containing):
      return ["expect hidden " + (containing ? "containing " : "") + q(text)]
    case .expectFavorite(let name, let isFavorite):
      return ["expect " + (isFavorite ? "" : "not ") + "favorite \(q(name))"]
    case .expectRequests(let count, let listed):
      return ["expect requests \(count)"] + (listed ?? []).map { "  " + $0 }
    case .expectScreen(let block), .expectSpoken(let block):
      return [self == .expectScreen(block) ? "expect screen" : "expect spoken"]
        + block.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    case .expectAnnounced(let text): return ["expect announced \(q(text))"]
    case .pickSuggestion(let text): return ["pick suggestion \(q(text))"]
    case .tap(let label): return ["tap \(q(label))"]
    }
  }

  /// `lines`, joined by line breaks: what a message quotes.
  public var description: String { lines.joined(separator: "\n") }
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
  /// Carries the step out on `driver`: a gesture finds its node on the screen and sends that
  /// node's intent (`Gestures`), setup changes the app or its transport, an expectation
  /// compares, and `expect screen` records the screen in `.record` mode. One arm per action.
  /// `before` is the app's `moment()` now, when the caller has just taken it.
  ///
  /// - Throws: `StepUnavailable` when the screen does not offer the gesture, or the driver
  ///   cannot carry the step out at all.
  @MainActor
  public func replay(
    on driver: AppDriver, mode: ScenarioRunner.Mode = .check, from before: AppDriver.Moment? = nil
  ) async throws -> StepOutcome {
    let before = before ?? driver.moment()
    let outcome = try await perform(on: driver, mode: mode, shown: before?.shown)
    // VoiceOver follows what the step changed, and the screen is audited.
    guard role == .gesture || role == .app else { return outcome }
    let findings = driver.followStep(since: before)
    guard outcome == .done, !findings.isEmpty else { return outcome }
    return .failed(findings.map(\.description))
  }

  @MainActor
  private func perform(
    on driver: AppDriver, mode: ScenarioRunner.Mode, shown: AppDriver.Shown?
  ) async throws -> StepOutcome {
    switch self {
    case .title:
      break  // the scenario's name: nothing happens in the app
    case .givenFavorites(let ids): driver.storeFavorites(ids)
    // The next launch (and every relaunch after it) opens this screen: an app setting.
    case .givenStart(let start): driver.app.start = start
    case .givenRandom(let ids): try driver.offline("given random").enqueueRandom(ids: ids)
    case .network(let fault, let endpoint):
      try driver.offline("network").setFault(fault, for: endpoint)
    case .networkDelay(let delay, let endpoint):
      try driver.offline("network delay").setDelay(delay, for: endpoint)
    case .launch: await driver.app.launch()
    case .relaunch: await driver.app.relaunch()
    case .wait(let duration): await driver.app.advance(by: duration)
    case .type(let text): try await driver.type(text)
    case .clearSearch, .pickCategory, .pullToRefresh, .tapDice, .open, .back, .toggleHeart, .retry,
      .focusSearch, .leaveSearch, .pickSuggestion, .tap, .dismissNotice:
      await driver.press(try Gestures.target(of: self, on: (shown ?? driver.running()).screen))
    case .expectTitle(let expected):
      return Expectations.title(expected, found: driver.title())
    case .expectVisible(let text, let containing):
      return Expectations.visible(
        text, containing: containing, in: driver.visibleTexts(),
        error: driver.screen()?.errorMessage)
    case .expectHidden(let text, let containing):
      return Expectations.hidden(text, containing: containing, in: driver.visibleTexts())
    case .expectFavorite(let name, let isFavorite):
      return Expectations.favorite(name, isFavorite, on: try driver.running().screen)
    case .expectRequests(let count, let listed):
      return Expectations.requests(driver.app.takeRequests(), count: count, listed: listed)
    case .expectScreen(let expected), .expectSpoken(let expected):
      let isScreen = self == .expectScreen(expected)
      let actual = isScreen ? driver.screenText() : driver.spokenLines().joined(separator: "\n")
      if mode == .record { return .recorded(actual) }
      let what = isScreen ? "the screen" : "what VoiceOver reads"
      return Expectations.screen(expected, actual: actual, what: what)
    case .expectAnnounced(let text):
      return Expectations.announced(text, in: driver.takeAnnouncements())
    case .voiceOver(let gesture):
      try await driver.voiceOver(gesture)
    }
    return .done
  }

  /// The action one step line spells, read with the step table outside a scenario file: no
  /// block, and no check of where the step stands.
  init(line: String, context: ScenarioContext) throws(StepError) {
    self = try StepTable.read(ArraySlice(line.utf8), context: context).action
  }
}
