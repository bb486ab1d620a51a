import Foundation
import Testing

@testable import RezepteTesting

@Suite struct InlineRecorderTests {
  /// The source after writing `screen` into the call at `line`, `column`.
  func recorded(_ source: String, line: Int, column: Int, screen: String) throws -> String {
    let scanner = CallScanner(source)
    let call = try scanner.call(named: "expectScreen", line: line, column: column)
    let (range, replacement) = try InlineRecorder.edit(of: call, in: scanner, writing: screen)
    var bytes = scanner.bytes
    bytes.replaceSubrange(range, with: Array(replacement.utf8))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("A call on one line without a literal gets one, laid out as swift format does")
  func insertsALiteral() throws {
    let source = """
        func test() {
          expectScreen(of: app)
        }
      """
    #expect(
      try recorded(source, line: 2, column: 17, screen: "NavigationStack\n└─ Screen \"Dessert\"")
        == """
          func test() {
            expectScreen(
              of: app,
              matches: \"""
                NavigationStack
                └─ Screen "Dessert"
                \""")
          }
        """)
  }

  @Test("A multi-line literal is replaced at the indentation of its closing delimiter")
  func replacesAMultilineLiteral() throws {
    let source = """
      expectScreen(
        of: app,
        matches: \"""
            old
            \""")
      """
    #expect(
      try recorded(source, line: 1, column: 13, screen: "new\n\nlines")
        == """
        expectScreen(
          of: app,
          matches: \"""
              new

              lines
              \""")
        """)
  }

  @Test("A single-line literal of a call over several lines becomes a multi-line one")
  func replacesASingleLineLiteral() throws {
    let source = """
      expectScreen(
        of: app,
        matches: ""
      )
      """
    #expect(
      try recorded(source, line: 1, column: 13, screen: "a")
        == """
        expectScreen(
          of: app,
          matches: \"""
            a
            \"""
        )
        """)
  }

  @Test("A call over several lines without a literal gets one after its last argument")
  func appendsAnArgument() throws {
    let source = """
      expectScreen(
        of: app
      )
      """
    #expect(
      try recorded(source, line: 1, column: 13, screen: "a")
        == """
        expectScreen(
          of: app,
          matches: \"""
            a
            \"""
        )
        """)
  }

  @Test("A screen with a backslash or three quotes gets a raw literal with enough #")
  func rawDelimiters() {
    #expect(
      InlineRecorder.literal(for: #"text="a\"b""#, indentation: "") == ##"""
        #"""
        text="a\"b"
        """#
        """##)
    #expect(InlineRecorder.literal(for: ##"a """# b \#"##, indentation: "").hasPrefix("##\"\"\"\n"))
    #expect(InlineRecorder.literal(for: "plain", indentation: "  ") == "\"\"\"\n  plain\n  \"\"\"")
  }

  @Test(
    "Calls it does not recognise are refused with a sentence",
    arguments: [
      ("expectScreen(of: app, matches: expected)", "not a string literal alone"),
      ("expectScreen(of: app, matches: \"a\" + b)", "not a string literal alone"),
      ("expectScreen(of: app, matches: \"\\(x)\")", "interpolation"),
      ("expectScreen(of: app, named: \"x\")", "names a file"),
      ("expectScreen(of: app /* note */)", "comment"),
      ("expectScreen(app)", "does not start with `of:`"),
    ])
  func refuses(source: String, reason: String) throws {
    let error = #expect(throws: CallScanner.Refusal.self) {
      _ = try recorded(source, line: 1, column: 13, screen: "a")
    }
    #expect(error?.reason.contains(reason) == true)
  }

  @Test("Every recording of a file is applied to the file as compiled, through one write each")
  func recordsTwiceIntoOneFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-testing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ScreenTests.swift").path
    let source = """
      func test() {
        expectScreen(of: first)
        expectScreen(of: second, matches: "old")
      }

      """
    try Data(source.utf8).write(to: URL(fileURLWithPath: path))
    let recorder = InlineRecorder(builtAt: nil)
    func site(_ line: UInt) -> CallSite {
      CallSite(fileID: "Tests/ScreenTests.swift", filePath: path, line: Int(line), column: 15)
    }
    try recorder.record("two", at: site(3))
    try recorder.record("one", at: site(2))
    try recorder.record("one", at: site(2))
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written == """
        func test() {
          expectScreen(
            of: first,
            matches: \"""
              one
              \""")
          expectScreen(
            of: second,
            matches: \"""
              two
              \""")
        }

        """)
    #expect(throws: CallScanner.Refusal.self) { try recorder.record("other", at: site(2)) }
  }

  @Test("A file written after the test was built is not written again")
  func refusesAChangedFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-testing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ScreenTests.swift").path
    let source = "expectScreen(of: app)\n"
    try Data(source.utf8).write(to: URL(fileURLWithPath: path))
    let recorder = InlineRecorder(builtAt: Date(timeIntervalSinceNow: -60))
    let site = CallSite(fileID: "Tests/ScreenTests.swift", filePath: path, line: 1, column: 13)
    let error = #expect(throws: CallScanner.Refusal.self) { try recorder.record("a", at: site) }
    #expect(error?.reason.contains("changed after the test was built") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == source)
  }
}
