#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Records a failure at the call's place, with whichever test framework runs the test: an
/// issue in Swift Testing while one of its tests runs, else `XCTFail` for an XCTest case. The
/// message's first line says what failed, and is the failure's headline.
enum FailureReporter {
  static func fail(_ message: String, at site: CallSite) {
    #if canImport(Testing)
      if Test.current != nil {
        // A comment alone would be headed "Issue recorded"; an error's description heads the
        // issue, so the first line goes there and the rest follows as the comment.
        let lines = message.split(separator: "\n", maxSplits: 1)
        Issue.record(
          Failure(description: lines.first.map(String.init) ?? ""),
          lines.count > 1 ? Comment(rawValue: String(lines[1])) : nil,
          sourceLocation: SourceLocation(
            fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: site.staticFilePath ?? #filePath, line: UInt(site.line))
    #else
      print("\(site.filePath):\(site.line): error: \(message)")
    #endif
  }

  /// What failed, as the headline of an issue.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }
}
