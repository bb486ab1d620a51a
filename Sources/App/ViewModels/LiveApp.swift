import Foundation
import MealDB
import VirtualTime

extension AppModel {
  /// The app wired for a real front end over `transport` (an offline catalog answering in real
  /// time, or a transport wrapped to log what it answers), in real time, with the favourites in
  /// the platform's place. `AppModel.live(baseURL:)` in `LiveNetwork` wires it to TheMealDB
  /// through `URLSession`.
  public static func live(
    start: StartScreen = .list,
    transport: any Transport,
    favoritesFile: URL = FavoritesLocation.defaultURL()
  ) -> AppModel {
    live(start: start, transport: transport, favorites: .file(at: favoritesFile))
  }

  /// The app wired as `live(start:transport:favoritesFile:)` does, with the favourites kept by
  /// `favorites` (a file elsewhere, or in memory for a session that must not touch the user's).
  public static func live(
    start: StartScreen = .list,
    transport: any Transport,
    favorites: FavoritesStorage
  ) -> AppModel {
    AppModel(
      api: MealAPI(transport: transport),
      clock: ContinuousClock(),
      favorites: FavoritesStore(storage: favorites),
      tracker: TaskTracker(keepsWorkOnMainQueue: false),
      start: start)
  }
}
