import Foundation

/// Where an assertion was called: what `#fileID`, `#filePath`, `#line` and `#column` said at
/// the call, which is where its failure is recorded and where an inline screen is written.
struct CallSite: Sendable {
  let fileID: String
  let filePath: String
  let line: Int
  let column: Int
  /// `filePath` as the call gave it, for `XCTFail(_:file:line:)`; `nil` for a place in a file
  /// read at run time.
  var staticFilePath: StaticString? = nil

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

extension CallSite {
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.init(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column),
      staticFilePath: filePath)
  }
}
