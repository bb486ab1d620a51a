import Foundation

/// Where the favourites file lives by default on each platform.
public enum FavoritesLocation {
  /// The platform's place for the app's own data: `Application Support` on Apple platforms (iOS
  /// has no home directory to build it from), else `xdgURL(environment:home:)`.
  public static func defaultURL() -> URL {
    #if canImport(Darwin)
      let support =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return support.appendingPathComponent("rezepte/favorites.json")
    #else
      return xdgURL(
        environment: ProcessInfo.processInfo.environment,
        home: URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true))
    #endif
  }

  /// `$XDG_DATA_HOME/rezepte/favorites.json`, else `HOME/.local/share/rezepte/favorites.json`.
  public static func xdgURL(environment: [String: String], home: URL) -> URL {
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    let base =
      if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
        URL(fileURLWithPath: dataHome, isDirectory: true)
      } else {
        home.appendingPathComponent(".local/share", isDirectory: true)
      }
    return base.appendingPathComponent("rezepte/favorites.json")
  }
}
