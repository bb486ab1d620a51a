import ViewDescription

/// One step of the scenario language: how it is spelled and explained, how its line is parsed and
/// how it is replayed on a driver, all in one place.
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
  /// Whether the step checks the app rather than acting on it.
  public let isExpectation: Bool
  /// Whether an indented block below the step belongs to it.
  let takesBlock: Bool
  /// The step's value and block, from its line; throws `StepError` or `BlockError`.
  let parse: @Sendable (StepInput) throws -> (Step.Action, Step.Block?)
  /// Carries the step out on a driver.
  let replay: @MainActor @Sendable (Step.Action, StepReplay) async throws -> StepOutcome

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
    order: Order = .needsApp, isExpectation: Bool = false, takesBlock: Bool = false,
    parse: @escaping @Sendable (StepInput) throws -> (Step.Action, Step.Block?),
    replay: @escaping @MainActor @Sendable (Step.Action, StepReplay) async throws -> StepOutcome
  ) {
    self.keyword = keyword
    self.syntax = syntax
    self.summary = summary
    self.example = example
    self.order = order
    self.isExpectation = isExpectation
    self.takesBlock = takesBlock
    self.parse = parse
    self.replay = replay
  }

  /// A step without a block whose value `parse` reads from its arguments.
  init(
    _ keyword: String, _ syntax: String, _ summary: String, example: String,
    order: Order = .needsApp, isExpectation: Bool = false,
    parse: @escaping @Sendable (StepInput) throws -> Step.Action,
    replay: @escaping @MainActor @Sendable (Step.Action, StepReplay) async throws -> StepOutcome
  ) {
    self.init(
      keyword, syntax, summary, example: example, order: order, isExpectation: isExpectation,
      parse: { (try parse($0), nil) }, replay: replay)
  }

  /// A step without arguments: `value` is its action, `gesture` what it does.
  init(
    _ keyword: String, _ summary: String, example: String? = nil, order: Order = .needsApp,
    value: Step.Action,
    gesture: @escaping @MainActor @Sendable (any ScenarioDriver) async throws -> Void
  ) {
    self.init(
      keyword, keyword, summary, example: example ?? keyword, order: order,
      parse: { input in
        try input.none()
        return value
      },
      replay: { _, replay in
        try await gesture(replay.driver)
        return .done
      })
  }
}

/// What a step's replay gets: the driver, and whether `expect screen` records.
@MainActor
struct StepReplay {
  let driver: any ScenarioDriver
  let mode: ScenarioRunner.Mode
}

/// How a step's replay ended.
enum StepOutcome: Equatable {
  /// It was carried out, or its expectation held.
  case done
  /// Its expectation did not hold: what was expected and what was found, one entry per line.
  case failed([String])
  /// `expect screen` while recording: the screen found.
  case recorded(String)
}

/// Every step of the scenario language, in the order the help lists them: the one place that
/// spells, explains, parses and replays each step.
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
      },
      replay: { _, _ in .done }),
    StepKind(
      "given favorites", "given favorites ID, ID, …",
      "Favourites stored for the next `launch` or `relaunch`; unknown ids are stale favourites.",
      example: "given favorites 52768, 52772", order: .anyTime,
      parse: { .givenFavorites(try $0.ids()) },
      replay: { action, replay in
        guard case .givenFavorites(let ids) = action else { return .done }
        try await replay.driver.configure(.favorites(ids))
        return .done
      }),
    StepKind(
      "given random", "given random ID, …",
      "What the next taps on the dice return, in order; the ids must be in the catalog.",
      example: "given random 52772", order: .anyTime,
      parse: { .givenRandom(try $0.knownIDs()) },
      replay: { action, replay in
        guard case .givenRandom(let ids) = action else { return .done }
        try await replay.driver.configure(.random(ids))
        return .done
      }),
    StepKind(
      "given start", "given start categories|list",
      "The start screen: the category grid or the recipe list (before `launch`).",
      example: "given start categories", order: .anyTime,
      parse: { .givenStart(try $0.startScreen()) },
      replay: { action, replay in
        guard case .givenStart(let start) = action else { return .done }
        try await replay.driver.configure(.start(start))
        return .done
      }),
    StepKind(
      "launch", "Starts the app: the categories and the Dessert list load.", order: .launch,
      value: .launch, gesture: { try await $0.launch() }),
    StepKind(
      "relaunch", "Restarts the app; stored favourites stay.", value: .relaunch,
      gesture: { try await $0.relaunch() }),
    StepKind(
      "type", "type \"TEXT\"",
      "Types at the end of the search field, one keystroke per character; no time passes.",
      example: "type \"Las\"",
      parse: { .type(try $0.quoted()) },
      replay: { action, replay in
        guard case .type(let text) = action else { return .done }
        try await Gestures.type(text, on: replay.driver)
        return .done
      }),
    StepKind(
      "clear search", "Empties the search field; no time passes.", value: .clearSearch,
      gesture: { try await Gestures.clearSearch(on: $0) }),
    StepKind(
      "wait", "wait DURATION",
      "Advances the virtual clock (ms or s); what is due runs, nothing sleeps for real.",
      example: "wait 400ms", order: .anyTime,
      parse: { .wait(try $0.duration()) },
      replay: { action, replay in
        guard case .wait(let duration) = action else { return .done }
        try await replay.driver.wait(duration)
        return .done
      }),
    StepKind(
      "pick category", "pick category \"NAME\"", "Picks a category in the \"Kategorie\" menu.",
      example: "pick category \"Chicken\"",
      parse: { .pickCategory(try $0.category()) },
      replay: { action, replay in
        guard case .pickCategory(let name) = action else { return .done }
        try await Gestures.pick(category: name, on: replay.driver)
        return .done
      }),
    StepKind(
      "pull to refresh", "Pulls the list down to reload it.", value: .pullToRefresh,
      gesture: { try await Gestures.pullToRefresh(on: $0) }),
    StepKind(
      "tap dice", "Taps the dice button \"Zufallsrezept\" in the toolbar.", value: .tapDice,
      gesture: {
        try await Gestures.tap(AppText.dice, kinds: [.button], missing: "no dice button", on: $0)
      }),
    StepKind(
      "open", "open \"NAME\"", "Taps the list row (or grid tile) with exactly this name.",
      example: "open \"Apple Frangipan Tart\"",
      parse: { .open(try $0.quoted()) },
      replay: { action, replay in
        guard case .open(let name) = action else { return .done }
        try await Gestures.tap(
          name, kinds: [.row, .tile], missing: "no row or tile named \"\(name)\"",
          on: replay.driver)
        return .done
      }),
    StepKind(
      "back", "Goes back to the previous screen.", value: .back,
      gesture: { try await Gestures.back(on: $0) }),
    StepKind(
      "toggle heart", "Taps the heart button of the detail screen.", value: .toggleHeart,
      gesture: { try await Gestures.toggleHeart(on: $0) }),
    StepKind(
      "retry", "Taps \"Erneut versuchen\".", value: .retry,
      gesture: {
        try await Gestures.tap(
          AppText.retry, kinds: [.button], missing: "no \"\(AppText.retry)\" button", on: $0)
      }),
    StepKind(
      "network", "network offline|timeout|server-error|broken-data|online [for ENDPOINT]",
      "Makes every request, or one endpoint's, fail this way; `online` heals it.",
      example: "network offline for search.php", order: .anyTime,
      parse: { try $0.network() },
      replay: { action, replay in
        guard case .network(let fault, let endpoint) = action else { return .done }
        try await replay.driver.configure(.network(fault, endpoint: endpoint))
        return .done
      }),
    StepKind(
      "network delay", "network delay [ENDPOINT] DURATION",
      "Answers (of one endpoint) arrive this much later in virtual time; 0ms removes the delay.",
      example: "network delay search.php 1s", order: .anyTime,
      parse: { try $0.networkDelay() },
      replay: { action, replay in
        guard case .networkDelay(let delay, let endpoint) = action else { return .done }
        try await replay.driver.configure(.delay(delay, endpoint: endpoint))
        return .done
      }),
    StepKind(
      "expect title", "expect title \"TEXT\"", "The screen on top has this navigation title.",
      example: "expect title \"Suche\"", isExpectation: true,
      parse: { .expectTitle(try $0.quoted()) },
      replay: { action, replay in
        guard case .expectTitle(let expected) = action else { return .done }
        return Expectations.title(expected, found: replay.driver.title())
      }),
    StepKind(
      "expect visible", "expect visible [containing] \"TEXT\"",
      "Some node of the screen shows exactly this text (with `containing`: a text containing it).",
      example: "expect visible \"Lasagne\"", isExpectation: true,
      parse: { input in
        let (text, containing) = try input.textMatch()
        return .expectVisible(text, containing: containing)
      },
      replay: { action, replay in
        guard case .expectVisible(let text, let containing) = action else { return .done }
        return Expectations.visible(text, containing: containing, in: replay.driver.visibleTexts())
      }),
    StepKind(
      "expect hidden", "expect hidden [containing] \"TEXT\"",
      "No node of the screen shows this text (with `containing`: no text contains it).",
      example: "expect hidden \"Lasagne\"", isExpectation: true,
      parse: { input in
        let (text, containing) = try input.textMatch()
        return .expectHidden(text, containing: containing)
      },
      replay: { action, replay in
        guard case .expectHidden(let text, let containing) = action else { return .done }
        return Expectations.hidden(text, containing: containing, in: replay.driver.visibleTexts())
      }),
    StepKind(
      "expect requests", "expect requests N",
      "N requests were sent since the last `expect requests`; an indented block may list them.",
      example: "expect requests 1\n  GET search.php?s=Lasagne", order: .anyTime,
      isExpectation: true, takesBlock: true,
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
      },
      replay: { action, replay in
        guard case .expectRequests(let count, let listed) = action else { return .done }
        return Expectations.requests(replay.driver.takeRequests(), count: count, listed: listed)
      }),
    StepKind(
      "expect screen", "expect screen",
      "The whole screen is the indented block below; `--record` writes it.",
      example: "expect screen\n  NavigationStack\n  └─ Screen \"Suche\"", isExpectation: true,
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
      },
      replay: { action, replay in
        guard case .expectScreen(let expected) = action else { return .done }
        let actual = replay.driver.screenText()
        if replay.mode == .record { return .recorded(actual) }
        return Expectations.screen(expected, actual: actual)
      }),
    StepKind(
      "focus search",
      "Taps into the search field; while it is focused and empty it shows suggestions.",
      value: .focusSearch, gesture: { try await Gestures.focusSearch(on: $0) }),
    StepKind(
      "pick suggestion", "pick suggestion \"TEXT\"",
      "Picks a shown suggestion: it fills the search field and searches at once, with no pause.",
      example: "pick suggestion \"Cake\"",
      parse: { .pickSuggestion(try $0.quoted()) },
      replay: { action, replay in
        guard case .pickSuggestion(let text) = action else { return .done }
        try await Gestures.pick(suggestion: text, on: replay.driver)
        return .done
      }),
    StepKind(
      "tap", "tap \"LABEL\"",
      "Taps the one button, row, tile, link, option or suggestion showing exactly this label.",
      example: "tap \"Erneut versuchen\"",
      parse: { .tap(try $0.quoted()) },
      replay: { action, replay in
        guard case .tap(let label) = action else { return .done }
        try await Gestures.tap(label, on: replay.driver)
        return .done
      }),
    StepKind(
      "dismiss notice", "Closes the notice shown after a failed refresh.", value: .dismissNotice,
      gesture: {
        try await Gestures.tap(
          AppText.noticeDismiss, kinds: [.button], missing: "no notice to dismiss", on: $0)
      }),
  ]

  /// The keywords of all steps, such as `wait` and `pull to refresh`.
  public static let keywords: [String] = entries.map(\.keyword)

  private static let byKeyword: [String: StepKind] = Dictionary(
    uniqueKeysWithValues: entries.map { ($0.keyword, $0) })

  /// The entry for a keyword.
  public static func entry(_ keyword: String) -> StepKind? {
    byKeyword[keyword]
  }

  /// The entry whose keyword the leading words of `tokens` start with, the longest one when
  /// several do, and how many words its keyword has.
  static func match(_ tokens: [Token]) -> (kind: StepKind, wordCount: Int)? {
    guard case .word(let first) = tokens.first else { return nil }
    for (offset, words) in keywordWords.enumerated()
    where words.count <= tokens.count && words[0] == first {
      var matches = true
      for position in 1..<words.count {
        guard case .word(let written) = tokens[position], written == words[position] else {
          matches = false
          break
        }
      }
      if matches { return (entries[keywordOrder[offset]], words.count) }
    }
    return nil
  }

  /// The keywords split into words once, the longest keywords first: every line of every file
  /// looks its step up here. Plain arrays rather than a dictionary, which costs more to build
  /// and to hash into than the two dozen comparisons a lookup makes.
  private static let keywordWords: [[String]] = keywordOrder.map { index in
    // Keywords are ASCII, so splitting their bytes at spaces splits their words; the bytes are
    // read from the keyword's own storage, which costs a quarter of splitting its `utf8` view.
    var keyword = entries[index].keyword
    return keyword.withUTF8 { bytes in
      var words: [String] = []
      var start = 0
      for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == 0x20 {
        words.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
        start = offset + 1
      }
      return words
    }
  }

  /// The indices of `entries`, the entries with the most words in their keyword first, in table
  /// order among keywords of one length (none of which starts with another).
  private static let keywordOrder: [Int] = {
    let counts = entries.map { entry in entry.keyword.utf8.count { $0 == UInt8(ascii: " ") } + 1 }
    var order: [Int] = []
    for length in stride(from: counts.max() ?? 0, through: 1, by: -1) {
      order += counts.indices.filter { counts[$0] == length }
    }
    return order
  }()

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
    return lines.joined(separator: "\n")
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
    let tokenized: TokenizedLine
    switch Tokenizer.tokenize(line) {
    case .success(let success): tokenized = success
    case .failure(let error): throw StepLineError(error.message)
    }
    guard let (kind, wordCount) = StepTable.match(tokenized.tokens) else {
      throw StepLineError("unknown step `\(tokenized.body)`; `rezepte help run` lists every step")
    }
    let input = StepInput(
      keyword: kind.keyword, example: kind.example,
      tokens: Array(tokenized.tokens.dropFirst(wordCount)),
      body: tokenized.body, context: context, blockLines: [], blockStart: 0,
      allowsEmptyScreens: true)
    let action: Step.Action
    do {
      action = try kind.parse(input).0
    } catch {
      throw StepLineError((error as? StepError)?.message ?? "\(error)")
    }
    if case .failed(let details) = try await kind.replay(
      action, StepReplay(driver: self, mode: .check))
    {
      throw StepLineError(details.joined(separator: "\n"))
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
