import Foundation
import Testing

@testable import RezepteTesting

@Suite struct InlineRecorderTests {
  /// The source after writing `screen` into the call of `name` at `line`, `column`.
  func recorded(
    _ source: String, name: String = "expectScreen", line: Int, column: Int, screen: String
  ) throws -> String {
    let scanner = CallScanner(source)
    let call = try scanner.call(named: name, line: line, column: column)
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

  @Test("A trailing comment stays after the argument it follows, and the call compiles")
  func trailingComment() throws {
    let source = """
      expectScreen(
        of: app  // the app
      )
      """
    #expect(
      try recorded(source, line: 1, column: 13, screen: "a")
        == """
        expectScreen(
          of: app,
          matches: \"""
            a
            \"""  // the app
        )
        """)
  }

  @Test("A regex literal holding `)` is copied whole into the new layout")
  func regexLiteral() throws {
    let source = #"expectSnapshot(of: f(#/\)/#), as: .dump)"#
    #expect(
      try recorded(source, name: "expectSnapshot", line: 1, column: 15, screen: "a")
        == #"""
        expectSnapshot(
          of: f(#/\)/#),
          as: .dump,
          matches: """
            a
            """)
        """#)
  }

  /// A folder of its own under the temporary folder, removed by `body`'s end.
  func withFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-testing-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  func site(_ path: String, line: Int) -> CallSite {
    CallSite(fileID: "Tests/ScreenTests.swift", filePath: path, line: line, column: 15)
  }

  @Test("Every recording of a file is applied to the file as compiled, through one write each")
  func recordsTwiceIntoOneFile() throws {
    try withFolder { folder in
      let path = folder + "/ScreenTests.swift"
      let source = """
        func test() {
          expectScreen(of: first)
          expectScreen(of: second, matches: "old")
        }

        """
      try Data(source.utf8).write(to: URL(fileURLWithPath: path))
      let recorder = InlineRecorder(builtAt: nil, folder: folder)
      try recorder.record("two", call: "expectScreen", at: site(path, line: 3))
      try recorder.record("one", call: "expectScreen", at: site(path, line: 2))
      try recorder.record("one", call: "expectScreen", at: site(path, line: 2))
      #expect(
        try String(contentsOfFile: path, encoding: .utf8) == """
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
      #expect(throws: CallScanner.Refusal.self) {
        try recorder.record("other", call: "expectScreen", at: site(path, line: 2))
      }
    }
  }

  @Test("Processes recording into one file at once all land, each under the lock")
  func processesAtOnce() throws {
    try withFolder { folder in
      let path = folder + "/ScreenTests.swift"
      let calls = (0..<8).map { "  expectScreen(of: app\($0))\n" }.joined()
      try Data(("func test() {\n" + calls + "}\n").utf8).write(to: URL(fileURLWithPath: path))
      // One recorder a process, of tests built after the file was written.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: path)
      let builtAt = Date(timeIntervalSinceNow: -30)
      let refusals = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        do throws(CallScanner.Refusal) {
          try InlineRecorder(builtAt: builtAt, folder: folder).record(
            "screen \(index)", call: "expectScreen", at: site(path, line: index + 2))
        } catch {
          refusals.withLock { $0.append(error.reason) }
        }
      }
      #expect(refusals.withLock { $0 } == [])
      let written = try String(contentsOfFile: path, encoding: .utf8)
      for index in 0..<8 { #expect(written.contains("    screen \(index)\n")) }
    }
  }

  @Test("A file written otherwise after the test was built is not written again")
  func refusesAChangedFile() throws {
    try withFolder { folder in
      let path = folder + "/ScreenTests.swift"
      let source = "expectScreen(of: app)\n"
      try Data(source.utf8).write(to: URL(fileURLWithPath: path))
      let recorder = InlineRecorder(builtAt: Date(timeIntervalSinceNow: -60), folder: folder)
      let error = #expect(throws: CallScanner.Refusal.self) {
        try recorder.record("a", call: "expectScreen", at: site(path, line: 1))
      }
      #expect(error?.reason.contains("changed after the test was built") == true)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == source)
    }
  }

  @Test("A snapshot with a control character other than a line break or tab is refused")
  func refusesControlCharacters() {
    let error = #expect(throws: CallScanner.Refusal.self) {
      _ = try recorded("expectScreen(of: app)", line: 1, column: 13, screen: "a\rb")
    }
    #expect(error?.reason.contains(#"control character (\r)"#) == true)
  }
}
