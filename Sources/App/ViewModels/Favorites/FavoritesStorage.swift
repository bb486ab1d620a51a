import Foundation
import MealDB
import VirtualTime

/// One change the user made to the favourites: what a toggle did to the list they saw.
public enum FavoritesChange: Equatable, Sendable {
  case add(Meal)
  case remove(id: String)
}

/// Where the favourites live between launches: a pair of closures, with an in-memory and a file
/// implementation side by side.
public struct FavoritesStorage: Sendable {
  /// Reads the stored favourites; a problem is reported in the result, never thrown.
  public var load: @Sendable () -> FavoritesLoadResult
  /// Applies one change to the favourites as stored now (which another process may have changed
  /// meanwhile) and returns them all, without repeated ids, in the order of `FavoritesOrder`.
  public var apply: @Sendable (FavoritesChange) throws -> [Meal]

  public init(
    load: @escaping @Sendable () -> FavoritesLoadResult,
    apply: @escaping @Sendable (FavoritesChange) throws -> [Meal]
  ) {
    self.load = load
    self.apply = apply
  }

  /// A storage that can only replace the whole list: each change loads, changes and saves it.
  /// Nothing guards the load and the save together, so it suits a storage only one process
  /// writes (a port's own defaults store, a test double); `file(at:)` merges under a lock.
  public init(
    load: @escaping @Sendable () -> FavoritesLoadResult,
    save: @escaping @Sendable ([Meal]) throws -> Void
  ) {
    self.init(
      load: load,
      apply: { change in
        var favorites = FavoritesOrder.normalized(load().favorites)
        FavoritesOrder.apply(change, to: &favorites)
        try save(favorites)
        return favorites
      })
  }

  /// Favourites kept in memory; every store made over the same value shares them, so a relaunch
  /// (a new store over this storage) finds what the last one saved.
  public static func inMemory(_ favorites: [Meal] = []) -> FavoritesStorage {
    let box = Locked(favorites)
    return FavoritesStorage(
      load: { FavoritesLoadResult(favorites: box.withLock { $0 }) },
      save: { favorites in box.withLock { $0 = favorites } })
  }

  /// Favourites in a versioned JSON file at `url` (see `FavoritesFile`).
  public static func file(at url: URL = FavoritesLocation.defaultURL()) -> FavoritesStorage {
    let file = FavoritesFile(url: url)
    return FavoritesStorage(load: { file.load() }, apply: { try file.apply($0) })
  }
}

/// The order the favourites are kept and shown in: by name ignoring case, then by name and id.
public enum FavoritesOrder {
  /// Whether `lhs` comes before `rhs`.
  public static func precedes(_ lhs: Meal, _ rhs: Meal) -> Bool {
    switch lhs.name.caseInsensitiveCompare(rhs.name) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: (lhs.name, lhs.id) < (rhs.name, rhs.id)
    }
  }

  /// The list sorted, each id once (the first entry with an id wins).
  public static func normalized(_ favorites: [Meal]) -> [Meal] {
    var seen = Set<String>()
    return favorites.filter { seen.insert($0.id).inserted }.sorted(by: precedes)
  }

  /// Applies `change` to a normalised list, keeping it normalised: adding an id already there or
  /// removing one that is not changes nothing.
  public static func apply(_ change: FavoritesChange, to favorites: inout [Meal]) {
    switch change {
    case .add(let meal):
      guard !favorites.contains(where: { $0.id == meal.id }) else { return }
      favorites.append(meal)
      favorites.sort(by: precedes)
    case .remove(let id):
      favorites.removeAll { $0.id == id }
    }
  }
}

/// What loading the favourites found: the favourites and, if the stored ones could not be used,
/// what happened to them.
public struct FavoritesLoadResult: Equatable, Sendable {
  public var favorites: [Meal]
  public var issue: FavoritesLoadIssue?

  public init(favorites: [Meal], issue: FavoritesLoadIssue? = nil) {
    self.favorites = favorites
    self.issue = issue
  }
}

/// A favourites file that could not be read: where it was, why, and where it was moved.
public struct FavoritesLoadIssue: Equatable, Sendable, CustomStringConvertible {
  /// The file that could not be used.
  public let path: String
  /// What is wrong with it, such as "is not valid JSON".
  public let reason: String
  /// Where the file was moved so that it is not overwritten; `nil` if it could not be moved
  /// (then the store does not save over it either).
  public let movedTo: String?

  public init(path: String, reason: String, movedTo: String?) {
    self.path = path
    self.reason = reason
    self.movedTo = movedTo
  }

  public var description: String {
    let outcome =
      movedTo.map { "moved it to \($0)" }
      ?? "could not move it aside, so favourites will not be saved over it"
    return "the favourites file \(path) \(reason); \(outcome) and started with no favourites"
  }
}
