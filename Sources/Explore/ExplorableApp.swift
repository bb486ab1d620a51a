import MealDB
import ViewModels
import VirtualTime

/// The app as exploration drives it: a snapshot to check and draw, a launch, and intents.
///
/// The live app is `AppModel`; tests put deliberately broken apps in its place to prove that
/// every rule can fail. `send` returns nothing: exploration judges an intent by what it does.
@MainActor
public protocol ExplorableApp: AnyObject {
  /// The snapshot of every screen.
  var state: AppState { get }
  /// Starts the app on its root screen.
  func launch()
  /// Routes the intent to the screen on top.
  func send(_ intent: UserIntent)
}

/// What an app is built from in an explored session: the same for every launch of the session.
public struct AppWiring: Sendable {
  /// The API over the session's transport (which logs every request).
  public let api: MealAPI
  public let clock: VirtualClock
  public let tracker: TaskTracker
  /// Where the favourites live between launches.
  public let favorites: FavoritesStorage
  public let start: StartScreen
}

/// Makes the app for one launch.
public typealias AppFactory = @MainActor (AppWiring) -> any ExplorableApp

/// The real app.
@MainActor
public final class LiveApp: ExplorableApp {
  public let model: AppModel

  public init(_ wiring: AppWiring) {
    model = AppModel(
      api: wiring.api, clock: wiring.clock, favorites: FavoritesStore(storage: wiring.favorites),
      tracker: wiring.tracker, start: wiring.start)
  }

  public var state: AppState { model.state }

  public func launch() { model.launch() }

  public func send(_ intent: UserIntent) {
    // The result (accepted or not) is not used: rule 7 judges the intent by its effect.
    _ = model.send(intent)
  }

  /// The factory of the real app.
  public static let factory: AppFactory = { LiveApp($0) }
}
