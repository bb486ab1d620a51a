import MealDB
import ViewModels

/// A parsed scenario file: its title, its steps, and the exact text it was read from.
public struct Scenario: Equatable, Sendable {
  /// The path the file was given as; failures and errors name it.
  public let file: String
  /// The `title` step's text, or the file name without its extension.
  public let title: String
  /// The steps in file order; comments and blank lines are not steps.
  public let steps: [Step]
  /// The file's text, byte for byte.
  public let source: String

  /// The file name without folders and without the `.scenario` extension.
  public var name: String { Self.name(ofFile: file) }

  /// The lines of the file, without line endings, as written (comments and blank lines too).
  public var sourceLines: [String] { SourceLine.lines(of: source).map(\.text.string) }

  static func name(ofFile path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot])
  }
}

/// One step of a scenario: where it stands and what it does.
public struct Step: Equatable, Sendable {
  /// The 1-based line number of the step in its file.
  public let line: Int
  /// The step's line as written, without the line ending.
  public let text: String
  public let action: Action
  /// The source lines (0-based) of the indented block below the step, for the steps that take one.
  package let block: Block?

  /// An indented block: where its lines are in the file and how they are indented.
  package struct Block: Equatable, Sendable {
    /// 0-based indices of the block's lines; empty (at the line after the step) for an empty block.
    package var lines: Range<Int>
    /// The indentation stripped from every line.
    package var indentation: String
  }

  /// The step's text without its trailing comment and surrounding whitespace.
  public var displayText: String {
    (try? Tokenizer.tokenize(ArraySlice(text.utf8)).body.string)
      ?? text.trimmed(.whitespacesAndNewlines)
  }

  /// What a user or the world around the app does, or what a scenario checks: one case per step.
  /// `StepTable` parses a line into it, `lines` writes it back and `replay(on:mode:from:)` does it.
  public enum Action: Hashable, Sendable {
    /// `title Suche mit Pause`.
    case title(String)
    /// `given favorites 52768, 52772`: favourites stored before launch.
    case givenFavorites([String])
    /// `given random 52772`: what the next dice taps return, in order.
    case givenRandom([String])
    /// `given start categories`: which start screen the app opens with.
    case givenStart(StartScreen)
    case launch
    /// `relaunch`: restart; persisted favourites stay.
    case relaunch
    /// `type "Las"`: set the search field's text.
    case type(String)
    case clearSearch
    /// `wait 400ms`: advance the virtual clock.
    case wait(Duration)
    case pickCategory(String)
    case pullToRefresh
    case tapDice
    /// `open "Apple Frangipan Tart"`: tap the list row with exactly this name.
    case open(String)
    case back
    /// `toggle heart`: the detail screen's heart button.
    case toggleHeart
    /// `retry`: tap „Erneut versuchen“.
    case retry
    /// `network offline [for search.php]`; a `nil` fault is `network online`.
    case network(NetworkFault?, endpoint: String?)
    /// `network delay [search.php] 1s`; `0ms` removes the delay.
    case networkDelay(Duration, endpoint: String?)
    case expectTitle(String)
    /// `expect visible "Lasagne"`; with `containing`, some text only has to contain it.
    case expectVisible(String, containing: Bool = false)
    /// `expect hidden "Lasagne"`; with `containing`, no text may contain it.
    case expectHidden(String, containing: Bool = false)
    /// `expect favorite "Apam balik"`: the row shows the favourite's heart; `expect not
    /// favorite` (`isFavorite` false): it shows none.
    case expectFavorite(String, isFavorite: Bool = true)
    /// `expect requests 1`, with the listed requests when a block follows.
    case expectRequests(Int, listed: [String]?)
    /// `expect screen` and its block, indentation stripped, lines joined with `\n`; empty when
    /// the block is still to be recorded.
    case expectScreen(String)
    case focusSearch
    /// `leave search`: the search field loses the focus; its text stays.
    case leaveSearch
    case pickSuggestion(String)
    /// `tap "Erneut versuchen"`: any tappable node showing exactly this label.
    case tap(String)
    case dismissNotice
    /// `expect spoken`: what VoiceOver reads of the screen, one element a line, in swipe order,
    /// the focused one marked `▸`.
    case expectSpoken(String)
    /// `expect announced "TEXT"`: the app announced it since the last `expect announced`.
    case expectAnnounced(String)
    /// A VoiceOver gesture: a swipe to the next or previous element, a double tap on the focused
    /// one, or the escape gesture.
    case voiceOver(VoiceOverGesture)

    /// What kind of step an action is; a gesture or an app step may change what the screen
    /// shows.
    public enum Role: Sendable {
      /// Set up, nothing happens on the screen yet: the name, favourites, the dice, the network.
      case setup
      /// `launch`, `relaunch` and `wait`: the app starts, or time passes.
      case app
      /// Something the user does on the screen.
      case gesture
      /// A check of the screen or the requests.
      case expectation
    }

    /// The text an `expect screen` or `expect spoken` block holds, which `--record` writes.
    public var recordedText: String? {
      switch self {
      case .expectScreen(let text), .expectSpoken(let text): text
      default: nil
      }
    }

    public var role: Role {
      switch self {
      case .title, .givenFavorites, .givenRandom, .givenStart, .network, .networkDelay: .setup
      case .launch, .relaunch, .wait: .app
      case .type, .clearSearch, .pickCategory, .pullToRefresh, .tapDice, .open, .back,
        .toggleHeart, .retry, .focusSearch, .leaveSearch, .pickSuggestion, .tap, .dismissNotice,
        .voiceOver:
        .gesture
      case .expectTitle, .expectVisible, .expectHidden, .expectFavorite, .expectRequests,
        .expectScreen, .expectSpoken, .expectAnnounced:
        .expectation
      }
    }
  }
}

/// What a VoiceOver user does with a finger: `voiceover next` and its siblings.
public enum VoiceOverGesture: String, CaseIterable, Sendable {
  /// A swipe right: the focus moves to the next element.
  case next
  /// A swipe left: the focus moves to the previous element.
  case previous
  /// A double tap: the focused element is activated.
  case activate
  /// The escape gesture (a two-finger Z): an alert is dismissed, or the screen goes back.
  case back
}

/// The screen the app starts with (`given start list|categories`).
public typealias StartScreen = ViewModels.StartScreen
