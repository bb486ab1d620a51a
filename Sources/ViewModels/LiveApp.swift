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
    AppModel(
      api: MealAPI(transport: URLSessionTransport(baseURL: baseURL)),
      clock: ContinuousClock(),
      favorites: FavoritesStore(storage: .file(at: favoritesFile)),
      tracker: TaskTracker(),
      start: start)
  }
}
