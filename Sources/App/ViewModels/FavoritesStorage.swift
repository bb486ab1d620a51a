import FileSafety
import Foundation
import VirtualTime

/// One change the user made to the favourites: what a toggle did to the list they saw.
public enum FavoritesChange: Equatable, Sendable {
  case add(FavoriteMeal)
  case remove(id: String)
}

/// Where the favourites live between launches: a pair of closures, with an in-memory and a file
/// implementation side by side.
public struct FavoritesStorage: Sendable {
  /// Reads the stored favourites; a problem is reported in the result, never thrown.
  public var load: @Sendable () -> FavoritesLoadResult
  /// Applies one change to the favourites as stored now (which another process may have changed
  /// meanwhile) and returns them all, without repeated ids, in the order of `FavoritesOrder`.
  public var apply: @Sendable (FavoritesChange) throws -> [FavoriteMeal]

  public init(
    load: @escaping @Sendable () -> FavoritesLoadResult,
    apply: @escaping @Sendable (FavoritesChange) throws -> [FavoriteMeal]
  ) {
    self.load = load
    self.apply = apply
  }

  /// A storage that can only replace the whole list: each change loads, changes and saves it.
  /// Nothing guards the load and the save together, so it suits a storage only one process
  /// writes (a port's own defaults store, a test double); `file(at:)` merges under a lock.
  public init(
    load: @escaping @Sendable () -> FavoritesLoadResult,
    save: @escaping @Sendable ([FavoriteMeal]) throws -> Void
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
  public static func inMemory(_ favorites: [FavoriteMeal] = []) -> FavoritesStorage {
    let box = Locked(favorites)
    return FavoritesStorage(
      load: { FavoritesLoadResult(favorites: box.withLock { $0 }) },
      apply: { change in
        box.withLock { stored in
          var favorites = FavoritesOrder.normalized(stored)
          FavoritesOrder.apply(change, to: &favorites)
          stored = favorites
          return favorites
        }
      }
    )
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
  public static func precedes(_ lhs: FavoriteMeal, _ rhs: FavoriteMeal) -> Bool {
    switch lhs.name.caseInsensitiveCompare(rhs.name) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: (lhs.name, lhs.id) < (rhs.name, rhs.id)
    }
  }

  /// The list sorted, each id once (the first entry with an id wins).
  public static func normalized(_ favorites: [FavoriteMeal]) -> [FavoriteMeal] {
    var seen = Set<String>()
    return favorites.filter { seen.insert($0.id).inserted }.sorted(by: precedes)
  }

  /// Applies `change` to a normalised list, keeping it normalised: adding an id already there or
  /// removing one that is not changes nothing. A binary search finds the place of a new entry,
  /// so a change costs no sorting.
  public static func apply(_ change: FavoritesChange, to favorites: inout [FavoriteMeal]) {
    switch change {
    case .add(let meal):
      guard !favorites.contains(where: { $0.id == meal.id }) else { return }
      var low = 0
      var high = favorites.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(favorites[middle], meal) { low = middle + 1 } else { high = middle }
      }
      favorites.insert(meal, at: low)
    case .remove(let id):
      favorites.removeAll { $0.id == id }
    }
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
///
/// Several processes may share the file: every read-change-write happens under a `FileLock` on
/// `favorites.json.lock` beside it, re-reading the file first, so that no process loses another's
/// changes. Temporary files left by a process killed while saving are removed at the next load.
public struct FavoritesFile: Sendable {
  /// The format version this code reads and writes.
  public static let version = 1

  public let url: URL
  /// Set when a corrupt file could not be moved aside: saving would overwrite it.
  private let blocked = Locked(false)
  /// The favourites as last read or written, normalised, and the file they were in: when the
  /// file is still that one, a change need not decode it again.
  private let known = Locked<(signature: FileSignature, favorites: [FavoriteMeal])?>(nil)

  public init(url: URL) {
    self.url = url
  }

  private struct Contents: Codable {
    var version: Int
    var favorites: [FavoriteMeal]
  }

  private var lock: FileLock { FileLock(beside: url.path) }

  /// Reads the file; a missing file means no favourites. A file that cannot be used is moved
  /// to `favorites.json.corrupt-N` (the first N not taken) and reported. Temporary files of an
  /// interrupted save are removed.
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
    if isFolder(url.path) { return setAside(reason: "is a folder, not a file") }
    // A FIFO would block the read, a device would be read as favourites.
    if isSpecialFile(url.path) { return setAside(reason: "is not a regular file") }
    switch read() {
    case .missing:
      return FavoritesLoadResult(favorites: [])
    case .unusable(let reason):
      return setAside(reason: reason)
    case .favorites(let favorites, _):
      return FavoritesLoadResult(favorites: favorites)
    }
  }

  private enum ReadResult {
    case missing
    case unusable(String)
    case favorites([FavoriteMeal], FileSignature?)
  }

  /// Reads the file, or takes what was last read or written when it has not changed since.
  private func read() -> ReadResult {
    let signature = FileSignature(path: url.path)
    if let signature, let known = known.withLock({ $0 }), known.signature == signature {
      return .favorites(known.favorites, signature)
    }
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
    // Files this code wrote are in order already (a linear check); hand-edited ones may not be.
    var favorites = contents.favorites
    var ids = Set<String>()
    let ordered =
      favorites.allSatisfy { ids.insert($0.id).inserted }
      && zip(favorites, favorites.dropFirst()).allSatisfy { FavoritesOrder.precedes($0, $1) }
    if !ordered { favorites = FavoritesOrder.normalized(favorites) }
    if let signature { known.withLock { $0 = (signature, favorites) } }
    return .favorites(favorites, signature)
  }

  /// Applies one change to the favourites in the file, under the lock: re-reads the file (unless
  /// it is the one this process wrote last), changes the list and writes it once.
  ///
  /// - Returns: all favourites now in the file, normalised (`FavoritesOrder`).
  public func apply(_ change: FavoritesChange) throws -> [FavoriteMeal] {
    try checkNotBlocked()
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw FavoritesSaveIssue(path: url.path, reason: "its folder cannot be created")
    }
    return try withFileLock {
      var favorites: [FavoriteMeal]
      switch read() {
      case .missing: favorites = []
      case .unusable(let reason):
        throw FavoritesSaveIssue(
          path: url.path, reason: "the file changed meanwhile and \(reason)")
      case .favorites(let stored, _): favorites = stored
      }
      let before = favorites
      FavoritesOrder.apply(change, to: &favorites)
      if favorites != before { try writeLocked(favorites) }
      return favorites
    }
  }

  /// Replaces the favourites in the file with `favorites`, atomically and under the lock, whatever
  /// another process changed meanwhile (to set the file up; a toggle goes through `apply`).
  public func save(_ favorites: [FavoriteMeal]) throws {
    try checkNotBlocked()
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw FavoritesSaveIssue(path: url.path, reason: "its folder cannot be created")
    }
    try withFileLock { try writeLocked(favorites) }
  }

  private func checkNotBlocked() throws {
    if blocked.withLock({ $0 }) {
      throw FavoritesSaveIssue(
        path: url.path, reason: "an unreadable file is in the way and could not be moved aside")
    }
    if isFolder(url.path) {
      throw FavoritesSaveIssue(path: url.path, reason: "a folder is in the way of the file")
    }
  }

  private func withFileLock<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try lock.withLock(body)
    } catch let error as FileWriteError {
      throw FavoritesSaveIssue(path: url.path, reason: error.reason)
    }
  }

  /// Writes the file; the caller holds the lock.
  private func writeLocked(_ favorites: [FavoriteMeal]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(Contents(version: Self.version, favorites: favorites))
    } catch {
      throw FavoritesSaveIssue(path: url.path, reason: Self.describe(error))
    }
    do {
      try AtomicFile.write(data, to: url.path, mode: 0o644)
    } catch {
      throw FavoritesSaveIssue(path: url.path, reason: error.reason)
    }
    let signature = FileSignature(path: url.path)
    known.withLock { $0 = signature.map { ($0, favorites) } }
  }

  private func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Whether something other than a regular file or a folder is at `path` (a FIFO, a device, a
  /// socket), links followed.
  private func isSpecialFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type != S_IFREG && type != S_IFDIR
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

/// Which file is at a path, down to its last change: equal signatures mean an unchanged file
/// (every save renames a new file into place, so the inode changes too).
private struct FileSignature: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modified: Int
  let modifiedNanoseconds: Int
  let changed: Int
  let changedNanoseconds: Int

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified = info.st_mtimespec.tv_sec
      modifiedNanoseconds = info.st_mtimespec.tv_nsec
      changed = info.st_ctimespec.tv_sec
      changedNanoseconds = info.st_ctimespec.tv_nsec
    #else
      modified = info.st_mtim.tv_sec
      modifiedNanoseconds = info.st_mtim.tv_nsec
      changed = info.st_ctim.tv_sec
      changedNanoseconds = info.st_ctim.tv_nsec
    #endif
  }
}
