import Foundation
import MealDB
import VirtualTime

extension AppModel {
  /// The app wired for a real front end: TheMealDB (or `baseURL`) through `URLSession`, real
  /// time, and the favourites in the platform's place (`FavoritesLocation.defaultURL()`).
  ///
  /// ```swift
  /// let app = AppModel.live()
  /// app.launch()
  /// ```
  public static func live(
    start: StartScreen = .list,
    baseURL: URL = URLSessionTransport.theMealDB,
    favoritesFile: URL = FavoritesLocation.defaultURL()
  ) -> AppModel {
    live(
      start: start, transport: URLSessionTransport(baseURL: baseURL), favoritesFile: favoritesFile)
  }

  /// The app wired for a real front end over another transport (an offline catalog answering in
  /// real time, or a transport wrapped to log what it answers), in real time, with the favourites
  /// in the platform's place.
  public static func live(
    start: StartScreen = .list,
    transport: any Transport,
    favoritesFile: URL = FavoritesLocation.defaultURL()
  ) -> AppModel {
    AppModel(
      api: MealAPI(transport: transport),
      clock: ContinuousClock(),
      favorites: FavoritesStore(storage: .file(at: favoritesFile)),
      tracker: TaskTracker(),
      start: start)
  }
}
