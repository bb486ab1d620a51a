import Foundation
import VirtualTime

/// Where the favourites live between launches: a pair of closures, with an in-memory and a file
/// implementation side by side.
public struct FavoritesStorage: Sendable {
  /// Reads the stored favourites; a problem is reported in the result, never thrown.
  public var load: @Sendable () -> FavoritesLoadResult
  /// Replaces the stored favourites.
  public var save: @Sendable ([FavoriteMeal]) throws -> Void

  public init(
    load: @escaping @Sendable () -> FavoritesLoadResult,
    save: @escaping @Sendable ([FavoriteMeal]) throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Favourites kept in memory; every store made over the same value shares them, so a relaunch
  /// (a new store over this storage) finds what the last one saved.
  public static func inMemory(_ favorites: [FavoriteMeal] = []) -> FavoritesStorage {
    let box = Locked(favorites)
    return FavoritesStorage(
      load: { FavoritesLoadResult(favorites: box.withLock { $0 }) },
      save: { favorites in box.withLock { $0 = favorites } }
    )
  }

  /// Favourites in a versioned JSON file at `url` (see `FavoritesFile`).
  public static func file(at url: URL = FavoritesLocation.defaultURL()) -> FavoritesStorage {
    let file = FavoritesFile(url: url)
    return FavoritesStorage(load: { file.load() }, save: { try file.save($0) })
  }
}

/// What loading the favourites found: the favourites and, if the stored ones could not be used,
/// what happened to them.
public struct FavoritesLoadResult: Equatable, Sendable {
  public var favorites: [FavoriteMeal]
  public var issue: FavoritesLoadIssue?

  public init(favorites: [FavoriteMeal], issue: FavoritesLoadIssue? = nil) {
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
      if let movedTo {
        "moved it to \(movedTo)"
      } else {
        "could not move it aside, so favourites will not be saved over it"
      }
    return "the favourites file \(path) \(reason); \(outcome) and started with no favourites"
  }
}

/// A failure to save the favourites; they stay in memory.
public struct FavoritesSaveIssue: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file that could not be written.
  public let path: String
  /// Why, such as "permission denied".
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    "the favourites could not be saved to \(path) (\(reason)); they are kept until the app quits"
  }
}

/// The favourites file: versioned JSON written atomically, moved aside when it cannot be read.
///
/// ```json
/// {"favorites":[{"id":"52768","name":"Apple Frangipan Tart","thumbnail":"https://…"}],"version":1}
/// ```
public struct FavoritesFile: Sendable {
  /// The format version this code reads and writes.
  public static let version = 1

  public let url: URL
  /// Set when a corrupt file could not be moved aside: saving would overwrite it.
  private let blocked = Locked(false)

  public init(url: URL) {
    self.url = url
  }

  private struct Contents: Codable {
    var version: Int
    var favorites: [FavoriteMeal]
  }

  /// Reads the file; a missing file means no favourites. A file that cannot be used is moved
  /// to `favorites.json.corrupt-N` (the first N not taken) and reported.
  public func load() -> FavoritesLoadResult {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      guard FileManager.default.fileExists(atPath: url.path) else {
        return FavoritesLoadResult(favorites: [])
      }
      return setAside(reason: "cannot be read (\(Self.describe(error)))")
    }
    let contents: Contents
    do {
      contents = try JSONDecoder().decode(Contents.self, from: data)
    } catch {
      return setAside(reason: "is not a valid favourites file (\(Self.describe(error)))")
    }
    guard contents.version == Self.version else {
      return setAside(reason: "has the unknown format version \(contents.version)")
    }
    return FavoritesLoadResult(favorites: contents.favorites)
  }

  /// Writes the favourites to a temporary file in the same directory and renames it over the
  /// file, so that a crash leaves either the old or the new file, never half of one.
  public func save(_ favorites: [FavoriteMeal]) throws {
    if blocked.withLock({ $0 }) {
      throw FavoritesSaveIssue(
        path: url.path, reason: "an unreadable file is in the way and could not be moved aside")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(Contents(version: Self.version, favorites: favorites))
    } catch {
      throw FavoritesSaveIssue(path: url.path, reason: Self.describe(error))
    }
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try data.write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw FavoritesSaveIssue(path: url.path, reason: Self.describe(error))
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw FavoritesSaveIssue(path: url.path, reason: reason)
    }
  }

  /// Moves the unusable file to the first free `…corrupt-N` name; never replaces an earlier one.
  private func setAside(reason: String) -> FavoritesLoadResult {
    var number = 1
    while true {
      let backup = URL(fileURLWithPath: url.path + ".corrupt-\(number)")
      if !FileManager.default.fileExists(atPath: backup.path) {
        do {
          // `moveItem` fails rather than replace an existing file, so a race cannot clobber one.
          try FileManager.default.moveItem(at: url, to: backup)
          let issue = FavoritesLoadIssue(path: url.path, reason: reason, movedTo: backup.path)
          return FavoritesLoadResult(favorites: [], issue: issue)
        } catch  where FileManager.default.fileExists(atPath: backup.path) {
          // Taken meanwhile: try the next number.
        } catch {
          blocked.withLock { $0 = true }
          let issue = FavoritesLoadIssue(path: url.path, reason: reason, movedTo: nil)
          return FavoritesLoadResult(favorites: [], issue: issue)
        }
      }
      number += 1
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case let error as CocoaError where error.code == .fileReadNoPermission:
      "permission denied"
    case let error as CocoaError where error.code == .fileWriteNoPermission:
      "permission denied"
    case let error as CocoaError where error.code == .fileWriteVolumeReadOnly:
      "read-only file system"
    case let error as CocoaError where error.code == .fileWriteOutOfSpace:
      "no space left"
    case let error as CocoaError:
      error.localizedDescription
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      "not valid JSON"
    case DecodingError.keyNotFound(let key, _):
      "lacks \"\(key.stringValue)\""
    case DecodingError.typeMismatch, DecodingError.valueNotFound, DecodingError.dataCorrupted:
      "unexpected content"
    default:
      "\(error)"
    }
  }
}
