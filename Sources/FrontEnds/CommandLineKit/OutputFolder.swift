import Foundation

extension Option where Value == String {
  /// `--out DIR`: a folder to write into (`storyboard`, `explore`, `capture`). It may exist as a
  /// folder or be made later, but no file may stand at its place or at any folder above it.
  public static func outputFolder(help: @autoclosure @escaping @Sendable () -> String) -> Option {
    Option("--out", "DIR", help: help(), read: outputFolder)
  }

  /// `path`, unless it is empty, or a file stands where it or a folder above it should be a
  /// folder.
  private static func outputFolder(_ path: String) throws(UsageError) -> String {
    guard !path.isEmpty else { throw UsageError("needs a folder, not an empty name") }
    // The nearest of `path` and the folders above it as it is spelled (`a/b/c`, `a/b`, `a`)
    // that exists decides.
    var nearest = path
    var rest = Substring(path)
    while rest.count > 1, rest.hasSuffix("/") { rest.removeLast() }
    var isFolder: ObjCBool = false
    while !FileManager.default.fileExists(atPath: nearest, isDirectory: &isFolder) {
      guard let slash = rest.lastIndex(of: "/"), rest != "/" else { return path }
      rest = slash == rest.startIndex ? "/" : rest[..<slash]
      nearest = String(rest)
    }
    guard isFolder.boolValue else {
      let place = nearest == path ? "" : "\(path): "
      throw UsageError("\(place)\(nearest) is a file, not a folder")
    }
    return path
  }
}
