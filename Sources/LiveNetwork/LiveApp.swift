import Foundation
import MealDB
import ViewModels

extension HTTPTransportMaker {
  /// Real HTTP through `URLSession`: a `URLSessionTransport` with its size limit.
  public static let urlSession = HTTPTransportMaker { baseURL, timeout in
    URLSessionTransport(baseURL: baseURL, timeout: timeout)
  }
}

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
    baseURL: URL = MealAPI.theMealDB,
    favoritesFile: URL = FavoritesLocation.defaultURL()
  ) -> AppModel {
    live(
      start: start, transport: URLSessionTransport(baseURL: baseURL), favoritesFile: favoritesFile)
  }
}
