import Foundation

extension Option where Value == String {
  /// `--out DIR`: a folder to write into (`storyboard`, `explore`, `capture`). It may exist as a
  /// folder or be made later, but no file may stand at its place or at any folder above it.
  public static func outputFolder(help: String, required: Bool = false) -> Option {
    Option("--out", "DIR", help: help, required: required, read: outputFolder)
  }

  /// `path`, unless it is empty, or a file stands where it or a folder above it should be a
  /// folder.
  private static func outputFolder(_ path: String) throws(UsageError) -> String {
    guard !path.isEmpty else { throw UsageError("needs a folder, not an empty name") }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw UsageError("\(path) is a file, not a folder") }
      return path
    }
    for parent in ancestors(of: path)
    where FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) {
      // The nearest one that exists decides.
      guard isFolder.boolValue else {
        throw UsageError("\(path): \(parent) is a file, not a folder")
      }
      break
    }
    return path
  }

  /// The folders above `path` as it is spelled, nearest first: `a/b/c` → `a/b`, `a`; `/a/b` →
  /// `/a`, `/`.
  private static func ancestors(of path: String) -> [String] {
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
