import MealDB
import VirtualTime

extension AppModel {
  /// The app wired for a real front end: requests over `transport` (`URLSessionTransport()` of
  /// `LiveNetwork` for TheMealDB, or an offline catalog answering in real time), real time, and
  /// the favourites kept by `favorites` (the platform's file by default).
  public static func live(
    start: StartScreen = .list,
    transport: any Transport,
    favorites: FavoritesStorage = .file(),
    tracker: TaskTracker = TaskTracker(keepsWorkOnMainQueue: false)
  ) -> AppModel {
    AppModel(
      api: MealAPI(transport: transport),
      clock: ContinuousClock(),
      favorites: FavoritesStore(storage: favorites),
      tracker: tracker,
      start: start)
  }
}
