import Foundation

/// A file that cannot be written, and why, in words a person can act on.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path the caller asked to write.
  public let path: String
  /// What stands in the way, such as "the file is read-only".
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    path.isEmpty ? "cannot write a file: \(reason)" : "cannot write \(path): \(reason)"
  }
}

/// Replaces a file's contents so that readers see the old or the new file, never half of one.
///
/// Every writer of the package goes through it. A symbolic link is followed, so the file it points
/// to is replaced and the link stays a link; the file keeps its permission bits; a read-only file
/// is not replaced, nor is anything but a regular file; the new contents go to a temporary file in
/// the same folder, are flushed to disk, and are renamed over the file. With `replacing: false`
/// the file must not exist yet, and the temporary file is linked to its name, which fails if
/// anything took the name in the meantime.
public enum AtomicFile {
  /// Writes `data` to `path`.
  ///
  /// - Parameters:
  ///   - createFolders: create missing folders on the way to the file.
  ///   - mode: the permission bits of a file that does not exist yet (the umask applies).
  ///   - replacing: whether an existing file may be replaced; when `false`, anything at `path`
  ///     (a file, a folder, a symbolic link, even one to nothing) is reported as in the way.
  public static func write(
    _ data: Data, to path: String, createFolders: Bool = false, mode: mode_t = 0o666,
    replacing: Bool = true
  ) throws(FileWriteError) {
    try write([(data, path)], createFolders: createFolders, mode: mode, replacing: replacing)
  }

  /// Writes each of `files` as `write(_:to:)` writes one, and puts them in place together:
  /// every new file is written and flushed before the first is renamed, so a file that cannot
  /// be written leaves all of them as they were; each folder is flushed once, at the end.
  public static func write(
    _ files: [(data: Data, path: String)], createFolders: Bool = false, mode: mode_t = 0o666,
    replacing: Bool = true
  ) throws(FileWriteError) {
    var written: [(temporary: String, target: String, path: String)] = []
    do throws(FileWriteError) {
      for (data, path) in files {
        let target = try target(of: path, replacing: replacing)
        let temporary = try writeTemporary(
          data, for: target, path: path, createFolders: createFolders, mode: mode)
        written.append((temporary, target, path))
      }
    } catch {
      for file in written { unlink(file.temporary) }
      throw error
    }
    for (index, file) in written.enumerated() {
      // `link` refuses a name that is taken, so a file that appeared since the check stays; the
      // temporary name is removed either way.
      let placed =
        replacing ? rename(file.temporary, file.target) : link(file.temporary, file.target)
      let failure = placed == 0 ? nil : errno == EEXIST ? Self.existsReason : describe(errno)
      if !replacing || failure != nil { unlink(file.temporary) }
      guard let failure else { continue }
      for later in written[(index + 1)...] { unlink(later.temporary) }
      throw FileWriteError(path: file.path, reason: failure)
    }
    // A rename itself is only durable once its folder is flushed; failing that is not an error
    // of the write (some file systems refuse fsync on folders).
    for folderPath in Set(written.map { folder(of: $0.target) }) {
      let folderDescriptor = open(folderPath, O_RDONLY | O_CLOEXEC)
      if folderDescriptor >= 0 {
        fsync(folderDescriptor)
        close(folderDescriptor)
      }
    }
  }

  /// Writes `data` to a new temporary file beside `target`, with the mode the file keeps or
  /// gets, flushed to disk; returns its path.
  private static func writeTemporary(
    _ data: Data, for target: String, path: String, createFolders: Bool, mode: mode_t
  ) throws(FileWriteError) -> String {
    let folderPath = folder(of: target)
    let name = (target as NSString).lastPathComponent
    let finalMode = try existingMode(of: target, path: path) ?? mode & ~currentUmask()
    if createFolders {
      do {
        try FileManager.default.createDirectory(
          atPath: folderPath, withIntermediateDirectories: true)
      } catch {
        throw FileWriteError(path: path, reason: "its folder cannot be created (\(error))")
      }
    }
    try checkFolder(folderPath, path: path)
    let temporary = folderPath + "/" + temporaryPrefix(for: name) + UUID().uuidString + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: path, reason: "the folder \(folderPath) takes no new file (\(describe(errno)))")
    }
    do throws(FileWriteError) {
      try writeAll(data, to: descriptor, path: path)
      guard fchmod(descriptor, finalMode) == 0, fsync(descriptor) == 0 else {
        throw FileWriteError(path: path, reason: describe(errno))
      }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    // A failed close can mean a failed write (NFS): the file is not trusted then.
    guard close(descriptor) == 0 else {
      let reason = describe(errno)
      unlink(temporary)
      throw FileWriteError(path: path, reason: reason)
    }
    return temporary
  }

  /// Checks, without writing anything, that `write(_:to:)` could replace or create the file at
  /// `path` now: its links resolve, it is a regular file whose mode bits allow writing (even for
  /// root), and its folder exists and takes new files; with `replacing: false`, that nothing is
  /// at `path` yet.
  ///
  /// - Throws: the `FileWriteError` that `write` would throw.
  public static func checkWritable(_ path: String, replacing: Bool = true) throws(FileWriteError) {
    let target = try target(of: path, replacing: replacing)
    let folderPath = folder(of: target)
    _ = try existingMode(of: target, path: path)
    try checkFolder(folderPath, path: path)
    guard access(folderPath, W_OK | X_OK) == 0 else {
      throw FileWriteError(
        path: path, reason: "the folder \(folderPath) takes no new file (\(describe(errno)))")
    }
  }

  /// What `reason` says when `replacing: false` meets a taken name.
  public static let existsReason = "it already exists"

  /// The path `write` puts the file at: `path` with its links resolved, or, when an existing file
  /// must not be replaced, `path` itself once it is known to be free.
  private static func target(of path: String, replacing: Bool) throws(FileWriteError) -> String {
    guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the path is empty") }
    guard !replacing else { return try resolvingLinks(path) }
    var info = stat()
    guard lstat(path, &info) != 0 else {
      throw FileWriteError(path: path, reason: existsReason)
    }
    guard errno == ENOENT else { throw FileWriteError(path: path, reason: describe(errno)) }
    return path
  }

  /// The folder that holds `target`: `.` for a bare name.
  private static func folder(of target: String) -> String {
    let folder = (target as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  private static func checkFolder(_ folderPath: String, path: String) throws(FileWriteError) {
    var info = stat()
    guard stat(folderPath, &info) == 0 else {
      throw FileWriteError(path: path, reason: "the folder \(folderPath) \(describe(errno))")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw FileWriteError(path: path, reason: "\(folderPath) is not a folder")
    }
  }

  /// The permission bits of the regular file at `target`, `nil` when there is none yet.
  ///
  /// - Throws: when something else is in the way or the file is read-only.
  private static func existingMode(of target: String, path: String) throws(FileWriteError)
    -> mode_t?
  {
    var info = stat()
    guard lstat(target, &info) == 0 else {
      guard errno == ENOENT else { throw FileWriteError(path: path, reason: describe(errno)) }
      return nil
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileWriteError(path: path, reason: "a folder is in the way of the file")
    default: throw FileWriteError(path: path, reason: "it is not a regular file")
    }
    // The mode bits count even for a user whom `access` would let write (root).
    guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 else {
      throw FileWriteError(path: path, reason: "the file is read-only")
    }
    return info.st_mode & 0o7777
  }

  /// How the temporary files `write` makes for `name` start; a UUID and `.tmp` follow.
  private static func temporaryPrefix(for name: String) -> String { ".\(name)." }

  /// Removes the temporary files an interrupted `write` to `path` left, and returns how many; only
  /// safe while no other process writes the same file (hold its `FileLock`).
  @discardableResult
  public static func removeLeftovers(of path: String) -> Int {
    guard let target = try? resolvingLinks(path) else { return 0 }
    let prefix = temporaryPrefix(for: (target as NSString).lastPathComponent)
    let folderPath = folder(of: target)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else {
      return 0
    }
    var removed = 0
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(4)
      guard UUID(uuidString: String(middle)) != nil else { continue }
      if unlink(folderPath + "/" + name) == 0 { removed += 1 }
    }
    return removed
  }

  /// The path a chain of symbolic links at `path` ends in; `path` itself if it is no link.
  /// A link to a missing file resolves to that file's path, so writing creates it.
  public static func resolvingLinks(_ path: String) throws(FileWriteError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else {
        throw FileWriteError(path: path, reason: "its link cannot be read (\(describe(errno)))")
      }
      let destination = String(
        decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(destination)
    }
    throw FileWriteError(path: path, reason: "its symbolic links go round in a loop")
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String)
    throws(FileWriteError)
  {
    let failure: Int32? = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return nil
    }
    if let failure { throw FileWriteError(path: path, reason: describe(failure)) }
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// The system's reason in plain words; the common ones are reworded.
  static func describe(_ code: Int32) -> String {
    switch code {
    case EACCES, EPERM: "permission denied"
    case EROFS: "the file system is read-only"
    case ENOSPC: "no space is left on the device"
    case EDQUOT: "the disk quota is used up"
    case ENOENT: "does not exist"
    case ENOTDIR: "a part of the path is not a folder"
    case EISDIR: "a folder is in the way of the file"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}

// `write` is shadowed inside `AtomicFile`; out here it names the C function.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
