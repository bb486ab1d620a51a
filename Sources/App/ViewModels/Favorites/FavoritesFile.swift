import FileSafety
import Foundation
import MealDB
import VirtualTime

/// The favourites file: versioned JSON written atomically, moved aside when it cannot be read,
/// each change applied under a `FileLock` to the file as it is now (the article "Favourites").
///
/// ```json
/// {"favorites":[{"id":"52768","name":"Apple Frangipan Tart","thumbnail":"https://…"}],"version":1}
/// ```
public struct FavoritesFile: Sendable {
  /// The format version this code reads and writes.
  public static let version = 1
  /// The most favourites a file holds: more is not a hand's work, and every screen of the list
  /// shows them all.
  public static let maximumCount = 10_000

  public let url: URL
  /// Set when a corrupt file could not be moved aside: saving would overwrite it.
  private let blocked = Locked(false)

  public init(url: URL) {
    self.url = url
  }

  private struct Contents: Codable {
    var version: Int
    var favorites: [Entry]
  }

  /// A favourite as the file spells it (a `Meal` decodes from TheMealDB's field names).
  private struct Entry: Codable {
    var id: String
    var name: String
    var thumbnail: String?
  }

  private var lock: FileLock { FileLock(beside: url.path) }

  /// Reads the file; a missing file means no favourites. A file that cannot be used is moved
  /// to `favorites.json.corrupt-N` (the first N not taken) and reported.
  public func load() -> FavoritesLoadResult {
    guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) else {
      return FavoritesLoadResult(favorites: [])
    }
    do {
      return try lock.withLock {
        AtomicFile.removeLeftovers(of: url.path)
        return loadLocked()
      }
    } catch {
      // The lock cannot be taken (a read-only folder): read without it.
      return loadLocked()
    }
  }

  private func loadLocked() -> FavoritesLoadResult {
    switch fileType(url.path) {
    case S_IFDIR: return setAside(reason: "is a folder, not a file")
    // A FIFO would block the read, a device would be read as favourites.
    case let type? where type != S_IFREG: return setAside(reason: "is not a regular file")
    default: break
    }
    switch read() {
    case .missing:
      return FavoritesLoadResult(favorites: [])
    case .unusable(let reason):
      return setAside(reason: reason)
    case .favorites(let favorites):
      return FavoritesLoadResult(favorites: favorites)
    }
  }

  private enum ReadResult {
    case missing
    case unusable(String)
    case favorites([Meal])
  }

  private func read() -> ReadResult {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
      return .unusable("cannot be read (\(Self.describe(error)))")
    }
    let contents: Contents
    do {
      contents = try JSONDecoder().decode(Contents.self, from: data)
    } catch {
      return .unusable("is not a valid favourites file (\(Self.describe(error)))")
    }
    guard contents.version == Self.version else {
      return .unusable("has the unknown format version \(contents.version)")
    }
    guard contents.favorites.count <= Self.maximumCount else {
      return .unusable(
        "holds \(contents.favorites.count) favourites, more than the \(Self.maximumCount) it may")
    }
    // Hand-edited files may repeat an id or be out of order.
    return .favorites(
      FavoritesOrder.normalized(
        contents.favorites.map { Meal(id: $0.id, name: $0.name, thumbnail: $0.thumbnail) }))
  }

  /// Applies one change to the favourites in the file, under the lock: re-reads the file,
  /// changes the list and writes it once.
  ///
  /// - Returns: all favourites now in the file, normalised (`FavoritesOrder`).
  public func apply(_ change: FavoritesChange) throws -> [Meal] {
    if blocked.withLock({ $0 }) {
      throw FileWriteError(
        path: url.path, reason: "an unreadable file is in the way and could not be moved aside")
    }
    if fileType(url.path) == S_IFDIR {
      throw FileWriteError(path: url.path, reason: "a folder is in the way of the file")
    }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw FileWriteError(path: url.path, reason: "its folder cannot be created")
    }
    do {
      return try lock.withLock {
        var favorites: [Meal]
        switch read() {
        case .missing: favorites = []
        case .unusable(let reason):
          throw FileWriteError(path: url.path, reason: "the file changed meanwhile and \(reason)")
        case .favorites(let stored): favorites = stored
        }
        let before = favorites
        FavoritesOrder.apply(change, to: &favorites)
        guard favorites.count <= Self.maximumCount else {
          throw FileWriteError(
            path: url.path, reason: "it holds \(Self.maximumCount) favourites, the most it may")
        }
        if favorites != before { try writeLocked(favorites) }
        return favorites
      }
    } catch let error as FileWriteError {
      // The lock file's path is an implementation detail: name the favourites file.
      throw FileWriteError(path: url.path, reason: error.reason)
    }
  }

  /// Writes the file; the caller holds the lock.
  private func writeLocked(_ favorites: [Meal]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(
        Contents(
          version: Self.version,
          favorites: favorites.map { Entry(id: $0.id, name: $0.name, thumbnail: $0.thumbnail) }))
    } catch {
      throw FileWriteError(path: url.path, reason: Self.describe(error))
    }
    try AtomicFile.write(data, to: url.path, mode: 0o644)
  }

  /// The type of what is at `path` (`S_IFREG`, `S_IFDIR`, a FIFO, …), links followed; `nil`
  /// when nothing is there.
  private func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
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
    case let error as CocoaError
    where [.fileReadNoPermission, .fileWriteNoPermission].contains(error.code):
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
