import Foundation

/// The check of an option that names a folder to write into (`--out DIR`): it may exist as a
/// folder or be made later, but no file may stand at its place or at any folder above it.
public enum OutputFolder {
  /// Throws when `path` is empty, or a file stands where it or a folder above it should be a
  /// folder.
  public static func check(_ path: String, option: String) throws(UsageError) {
    guard !path.isEmpty else { throw UsageError("\(option) needs a folder, not an empty name") }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw UsageError("\(option) \(path) is a file, not a folder")
      }
      return
    }
    for parent in ancestors(of: path)
    where FileManager.default.fileExists(
      atPath: parent, isDirectory: &isFolder)
    {
      guard isFolder.boolValue else {
        throw UsageError("\(option) \(path): \(parent) is a file, not a folder")
      }
      return
    }
  }

  /// The folders above `path` as it is spelled, nearest first: `a/b/c` → `a/b`, `a`; `/a/b` →
  /// `/a`, `/`.
  static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var rest = Substring(path)
    while rest.count > 1, rest.hasSuffix("/") { rest.removeLast() }
    while let slash = rest.lastIndex(of: "/") {
      let parent = slash == rest.startIndex ? "/" : String(rest[..<slash])
      result.append(parent)
      if parent == "/" { break }
      rest = Substring(parent)
    }
    return result
  }
}
