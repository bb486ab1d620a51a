#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Records a failure at the call's place, with whichever test framework runs the test: an
/// issue in Swift Testing while one of its tests runs, else `XCTFail` for an XCTest case.
enum FailureReporter {
  static func fail(_ message: String, at site: CallSite) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
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
}
