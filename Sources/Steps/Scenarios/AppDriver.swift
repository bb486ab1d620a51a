import AppHarness
import Foundation
import MealCatalog
import MealDB
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

  /// The harness the app runs on.
  public let app: Harness
  /// How many intents the steps sent, and the last of them: a step's own intent is the last
  /// one when the count went up during it.
  public private(set) var intentCount = 0
  public private(set) var lastIntent: UserIntent?

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
    let api = MealAPI(transport: transport)
    let address = baseURL.absoluteString
    do {
      let categories = try await api.categories()
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

  /// Types `text` at the end of the search field, one keystroke per character: each sends the
  /// field's text-change intent with the text so far (the field is read once, before the first).
  public func type(_ text: String) async throws {
    var typed = try Gestures.field(on: runningScreen()).text ?? ""
    for character in text {
      typed.append(character)
      await send(.searchTextChanged(typed))
    }
  }

  // MARK: - Observations

  /// The screen on top as its view description, or `nil` while the app is not running.
  public func screen() -> Node? {
    app.isLaunched ? AppScreen.body(app.state) : nil
  }

  /// The screen on top, or `StepUnavailable` while no app runs.
  func runningScreen() throws(StepUnavailable) -> Node {
    guard let screen = screen() else {
      throw StepUnavailable("the app is not running; `launch` it first")
    }
    return screen
  }

  /// The screen rendered as text (what `expect screen` compares and `--record` writes).
  public func screenText() -> String {
    screen().map(TextRenderer().render) ?? "(the app is not running)"
  }

  /// The texts of the screen's nodes, one entry per node (what `expect visible` looks for).
  public func visibleTexts() -> [String] { screen()?.visibleTexts ?? [] }

  /// The navigation title of the screen on top, if it has one.
  public func title() -> String? { screen()?.screenTitle }
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
