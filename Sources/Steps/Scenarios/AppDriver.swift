import AppHarness
import Foundation
import MealCatalog
import MealDB
import Spelling
import ViewDescription
import ViewModels
import VirtualTime

/// The app as a scenario drives it, on a `Harness` (`app` launches it, moves its clock and logs
/// its requests): a step finds the node a user would touch in `screen()` and hands its intent to
/// `send(_:)`.
@MainActor
public final class AppDriver {
  /// Where the app's requests go.
  public enum Backend: Sendable {
    /// The offline catalog in this process, with simulated faults and delays.
    case catalog
    /// A server, such as TheMealDB over HTTP, where faults cannot be simulated: each app's
    /// requests go to a transport `makeTransport` makes.
    case server(makeTransport: @Sendable () -> any Transport)
  }

  public let app: Harness
  /// How many intents the steps sent, and the last of them: a step's own intent is the last
  /// one when the count went up during it.
  public private(set) var intentCount = 0
  public private(set) var lastIntent: UserIntent?

  /// VoiceOver's cursor over the app's screens.
  public private(set) var cursor = VoiceOverCursor()
  /// What the app announced since the last `expect announced`.
  public private(set) var announcements: [String] = []
  /// What the app announced during the last step, and the accessibility rules it broke
  /// (`followStep(since:)`).
  public private(set) var (announced, findings): ([String], [AccessibilityFinding]) = ([], [])
  /// The app the cursor follows (a relaunch starts a new one), and the screen it last followed.
  private var followed: ObjectIdentifier?
  private var heard: Shown?

  private let catalog: Catalog
  private let catalogTransport: CatalogTransport?

  /// The app on `catalog` (which also names the meals of `given favorites`), its requests sent
  /// to `backend`, `random.php` seeded with `seed`, starting on `start` with `favorites`;
  /// `wrapTransport` puts another transport in front of the catalog's.
  public init(
    catalog: Catalog, backend: Backend = .catalog, seed: UInt64 = 1,
    start: StartScreen = .list, favorites: FavoritesStorage = .inMemory(),
    transport wrapTransport: @escaping (CatalogTransport, VirtualClock) -> any Transport = {
      base, _ in base
    }
  ) {
    self.catalog = catalog
    switch backend {
    case .catalog:
      let clock = VirtualClock(tracker: TaskTracker())
      let transport = CatalogTransport(catalog: catalog, clock: clock, seed: seed)
      catalogTransport = transport
      app = Harness(
        start: start, favorites: favorites, clock: clock,
        transport: { wrapTransport(transport, $0) },
        faultInForce: { transport.fault(for: $0.path)?.rawValue })
    case .server(let makeTransport):
      catalogTransport = nil
      app = Harness(start: start, favorites: favorites) { _ in makeTransport() }
    }
  }

  /// Asks the server at `baseURL` for its categories once, over `transport`, before any
  /// scenario runs on it: `nil` when it answers with categories, else one sentence saying what
  /// is wrong.
  public static func probe(_ baseURL: URL, over transport: any Transport) async -> String? {
    let address = baseURL.absoluteString
    do {
      let categories = try await MealAPI(transport: transport).categories()
      return categories.isEmpty ? "\(address) answers, but lists no categories" : nil
    } catch let error as URLError where error.code == .dataLengthExceedsMaximum {
      return "\(address) answers categories.php with more than the transport's size limit"
    } catch let error as URLError {
      return "\(address) cannot be reached (\(error.code.reason)); is the network up and "
        + "the server running?"
    } catch LoadFailure.badStatus(let status) {
      return "\(address) answers categories.php with HTTP \(status); is it TheMealDB's API folder?"
    } catch {
      return "\(address) does not answer categories.php like TheMealDB (\(error))"
    }
  }

  // MARK: - Setup

  /// Stores the favourites with these ids for the next launch, named as the catalog names them.
  func storeFavorites(_ ids: [String]) {
    app.storage = .inMemory(
      ids.map { id in
        catalog.record(id: id).map { Meal(id: id, name: $0.name, thumbnail: $0.thumbnail) }
          ?? Meal(id: id, name: id)
      })
  }

  /// The offline catalog's transport, which the setup `step` changes; over real HTTP there is none.
  func offline(_ step: String) throws(StepUnavailable) -> CatalogTransport {
    guard let catalogTransport else {
      throw StepUnavailable(
        "`\(step)` needs the offline catalog; over real HTTP it is not supported",
        isUnsupported: true)
    }
    return catalogTransport
  }

  // MARK: - Primitives

  /// Sends an intent that a node of the current screen offers, as touching that node would.
  public func send(_ intent: UserIntent) async {
    intentCount += 1
    lastIntent = intent
    await app.send(intent)
  }

  /// Taps `target`; a disabled node ignores the tap, as on a phone, and nothing happens.
  func press(_ target: Tappable) async {
    guard !target.isDisabled else { return }
    await send(target.intent)
  }

  /// Types `text` at the end of the search field: sends the field's text-change intent with the
  /// text it ends with. The keystrokes of one step come at one instant, in which the list only
  /// restarts its search pause, so one intent leaves the app as one a character would; and it
  /// costs time linear in the text, where one a character copied the text so far each time.
  public func type(_ text: String) async throws {
    let field = try Gestures.field(on: running().screen).field
    guard !text.isEmpty else { return }
    await send(field.typing(field.text + text))
  }

  // MARK: - Observations

  /// The screen on top as its view description, or `nil` while the app is not running.
  public func screen() -> Node? { shown()?.screen }

  /// The screen on top with what VoiceOver reads of it, built once for each state of the app:
  /// a step's gesture, the audit after it and what the next step looks at read the same build.
  public func shown() -> Shown? {
    guard app.isLaunched else { return nil }
    let state = app.state
    if let built, built.state == state { return built }
    built = Shown(state: state, screen: AppScreen.body(state))
    return built
  }

  private var built: Shown?

  /// A state of the app and its screen; what VoiceOver reads of it, and the rules that breaks,
  /// are read on the first ask.
  public final class Shown {
    let state: AppState
    public let screen: Node
    /// What VoiceOver reads of `screen`, read when first asked for.
    public private(set) lazy var spoken = screen.spokenScreen
    private(set) lazy var findings = spoken.elements.accessibilityFindings

    init(state: AppState, screen: Node) {
      self.state = state
      self.screen = screen
    }
  }

  /// The screen on top and what VoiceOver reads of it, or `StepUnavailable` while no app runs.
  func running() throws(StepUnavailable) -> Shown {
    guard let shown = shown() else {
      throw StepUnavailable("the app is not running; `launch` it first")
    }
    return shown
  }

  /// The screen rendered as text (what `expect screen` compares and `--record` writes).
  public func screenText() -> String {
    screen().map(TextRenderer().render) ?? "(the app is not running)"
  }

  /// The texts of the screen's nodes, one entry per node (what `expect visible` looks for).
  public func visibleTexts() -> [String] { screen()?.visibleTexts ?? [] }

  /// The navigation title of the screen on top, if it has one.
  public func title() -> String? { screen()?.screenTitle }

  // MARK: - VoiceOver

  /// The app before a step: what `followStep(since:)` compares the screen after it with.
  public struct Moment {
    public let shown: Shown
    let focus: String?
  }

  /// The app now, or `nil` while it is not running.
  public func moment() -> Moment? {
    shown().map { Moment(shown: $0, focus: cursor.focus) }
  }

  /// After a step since `before`: VoiceOver hears what the app announces of the change, its
  /// cursor follows the screen, and the screen is audited; returns the rules it breaks.
  public func followStep(since before: Moment?) -> [AccessibilityFinding] {
    guard let now = shown() else { return [] }
    // A relaunch starts a new app, heard from its first screen on.
    let model = ObjectIdentifier(app.model)
    let before = followed == model ? before : nil
    if followed != model { (cursor, followed, heard) = (VoiceOverCursor(), model, nil) }
    // The screen the cursor last followed, unchanged: nothing to hear, nothing moves.
    if before?.shown === now, heard === now {
      (announced, findings) = ([], now.findings)
      return findings
    }
    heard = now
    let said = before.map { AppScreen.announcements(from: $0.shown.state, to: now.state) } ?? []
    announcements += said
    announced = said
    cursor.follow(now.spoken)
    findings =
      now.findings
      + cursor.findings(
        on: now.spoken, since: before.map { ($0.shown.spoken, $0.focus) }, announced: said)
    return findings
  }

  /// What VoiceOver reads of the screen, an element a line in swipe order, the focused one
  /// marked `▸` (what `expect spoken` compares, joined by line breaks).
  public func spokenLines() -> [String] {
    guard let spoken = shown()?.spoken.elements else { return ["(the app is not running)"] }
    return spoken.map { ($0.key == cursor.focus ? "▸ " : "") + $0.spoken }
  }

  /// The announcements since the last call.
  func takeAnnouncements() -> [String] {
    defer { announcements = [] }
    return announcements
  }

  func voiceOver(_ gesture: VoiceOverGesture) async throws(StepUnavailable) {
    let shown = try running()
    let (screen, elements) = (shown.screen, shown.spoken.elements)
    switch gesture {
    case .next, .previous:
      guard !cursor.move(by: gesture == .next ? 1 : -1, in: elements) else { return }
      let end = gesture == .next ? "last" : "first"
      throw StepUnavailable(
        "the focus is on the \(end) element already"
          + (cursor.focused(in: elements).map { ", \(Quoting.quoted($0.spoken))" } ?? ""))
    case .activate:
      guard let element = cursor.focused(in: elements) else {
        throw StepUnavailable("nothing has VoiceOver's focus")
      }
      guard let action = element.action else {
        throw StepUnavailable("\(Quoting.quoted(element.spoken)) does nothing when activated")
      }
      await send(action)
    case .back:
      guard let target = Gestures.escape(on: screen) else {
        throw StepUnavailable("no notice is shown and this is the first screen: nothing to escape")
      }
      await press(target)
    }
  }
}

/// A step that the current screen does not offer, the message saying what it offers instead;
/// or, `isUnsupported`, one this driver cannot carry out at all (a fault over real HTTP), which
/// skips the scenario.
public struct StepUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
  /// One or more sentences, such as `there is no row „Lasagne“; the rows are: …`.
  public let message: String
  /// Whether no screen of this driver offers the step.
  public let isUnsupported: Bool

  public init(_ message: String, isUnsupported: Bool = false) {
    self.message = message
    self.isUnsupported = isUnsupported
  }

  public var description: String { message }
}
