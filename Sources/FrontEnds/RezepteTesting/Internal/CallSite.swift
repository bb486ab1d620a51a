import Foundation

/// Where an assertion was called: what `#fileID`, `#filePath`, `#line` and `#column` said at
/// the call, which is where its failure is recorded and where an inline screen is written.
struct CallSite: Sendable {
  let fileID: String
  let filePath: String
  let line: Int
  let column: Int
  /// `filePath` as the call gave it, for `XCTFail(_:file:line:)`.
  let staticFilePath: StaticString?

  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    staticFilePath = filePath
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = Int(line)
    self.column = Int(column)
  }

  /// A place in a file read at run time.
  init(fileID: String, filePath: String, line: Int, column: Int) {
    staticFilePath = nil
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12`, as a failure names the place.
  var description: String { "\(fileID):\(line)" }

  /// The package the file belongs to: the nearest folder above it that holds a
  /// `Package.swift`; `nil` when there is none.
  var packageRoot: String? {
    var folder = (filePath as NSString).deletingLastPathComponent
    while folder.count > 1 {
      if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return nil
  }
}
