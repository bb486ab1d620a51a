import FileSafety
import MealDB

/// The favourites, shared by the list and every detail screen (lesson Schritt 5), with each
/// meal's name and thumbnail (Bonus 1); every change is saved through the `FavoritesStorage` and
/// reported to `observe(_:)`, storage problems kept in `loadIssue` and `saveIssue`.
@MainActor
public final class FavoritesStore {
  /// The favourites, sorted by name (ignoring case), then by id.
  public private(set) var favorites: [Meal]
  /// What went wrong reading the stored favourites at start, if anything.
  public let loadIssue: FavoritesLoadIssue?
  /// Why the last save failed; `nil` once a save succeeds again.
  public private(set) var saveIssue: FileWriteError?
  /// Changes whose save failed, oldest first: saved again, before the next change, by `toggle`.
  private var unsaved: [FavoritesChange] = []

  private let storage: FavoritesStorage
  private let broadcaster = Broadcaster<[Meal]>()

  /// Reads the stored favourites at once.
  public init(storage: FavoritesStorage) {
    self.storage = storage
    let result = storage.load()
    loadIssue = result.issue
    // A stored list may repeat an id (edited by hand); the first entry wins.
    favorites = FavoritesOrder.normalized(result.favorites)
  }

  public func contains(id: String) -> Bool {
    favorites.contains { $0.id == id }
  }

  public var favoriteIDs: Set<String> { Set(favorites.map(\.id)) }

  /// Adds the meal, or removes it when it is a favourite already, and saves the change; what
  /// other processes saved meanwhile comes back with it.
  public func toggle(_ meal: Meal) {
    let change: FavoritesChange = contains(id: meal.id) ? .remove(id: meal.id) : .add(meal)
    FavoritesOrder.apply(change, to: &favorites)
    // Changes a failed save left in memory go first, so that the list the storage gives back
    // (the file as every process left it) does not drop them.
    unsaved.append(change)
    do {
      var stored = favorites
      while let next = unsaved.first {
        stored = try storage.apply(next)
        unsaved.removeFirst()
      }
      favorites = stored
      saveIssue = nil
    } catch {
      saveIssue = error as? FileWriteError ?? FileWriteError(path: "", reason: "\(error)")
    }
    broadcaster.send(favorites)
  }

  /// Calls `onChange` with the favourites after every change, until the token is released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable ([Meal]) -> Void
  ) -> ObservationToken {
    broadcaster.observe(onChange)
  }
}
