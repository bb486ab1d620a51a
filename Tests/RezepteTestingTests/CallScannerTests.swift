import Testing

@testable import RezepteTesting

@Suite struct CallScannerTests {
  @Test("The call is found at its parenthesis, where #column puts it")
  func findsTheCall() throws {
    let source = """
      func test() {
        expectScreen(of: app, matches: "x")
      }
      """
    let scanner = CallScanner(source)
    let call = try scanner.call(named: "expectScreen", line: 2, column: 15)
    #expect(call.arguments.map(\.label) == ["of", "matches"])
    #expect(scanner.text(call.arguments[1].range) == #"matches: "x""#)
    #expect(throws: CallScanner.Refusal.self) {
      try scanner.call(named: "expectScreen", line: 2, column: 3)
    }
  }

  @Test("A place that holds another call is refused with a sentence")
  func refusesAnotherCall() {
    let scanner = CallScanner("  print(of: app)\n")
    #expect(throws: CallScanner.Refusal.self) {
      try scanner.call(named: "expectScreen", line: 1, column: 8)
    }
    #expect(throws: CallScanner.Refusal.self) {
      try scanner.call(named: "expectScreen", line: 9, column: 1)
    }
  }

  @Test("Commas and parentheses inside literals, comments and nested calls are skipped")
  func skipsLiteralsAndComments() throws {
    let source = ##"""
      expectScreen(of: make(app, ")", [1, 2]) /* a, b) */, matches: #"a\#("x,)")b"#)
      """##
    let call = try CallScanner(source).call(named: "expectScreen", line: 1, column: 13)
    #expect(call.arguments.map(\.label) == ["of", "matches"])
    #expect(call.hasComment)
    let literal = try #require(try CallScanner(source).literal(at: call.arguments[1].valueStart))
    // The raw literal whole, its `#` included: the `"` in the interpolation does not end it.
    #expect(
      String(decoding: Array(source.utf8)[literal.range], as: UTF8.self) == ##"#"a\#("x,)")b"#"##)
    #expect(literal.hasInterpolation)
    #expect(literal.range.upperBound == call.arguments[1].range.upperBound)
  }

  @Test("A multi-line literal ends at its closing delimiter with as many #")
  func multilineLiteral() throws {
    let source = ##"""
      matches: #"""
        a """ b
        """#)
      """##
    let scanner = CallScanner(source)
    let literal = try #require(try scanner.literal(at: 9))
    #expect(literal.isMultiline)
    #expect(scanner.text(literal.range).hasSuffix("\"\"\"#"))
  }

  @Test("An argument ends at its last token, before a comment that follows it")
  func trailingComment() throws {
    let source = """
      expectScreen(
        of: app  // the app
      )
      """
    let call = try CallScanner(source).call(named: "expectScreen", line: 1, column: 13)
    #expect(CallScanner(source).text(call.arguments[0].range) == "of: app")
    #expect(call.hasComment)
  }

  @Test("A regex literal with # and a name in backticks are read whole, even holding `)`")
  func regexAndRawNames() throws {
    let source = ##"""
      expectSnapshot(of: f(#/\)/#, `a ) b`), as: .dump, matches: "x")
      """##
    let call = try CallScanner(source).call(named: "expectSnapshot", line: 1, column: 15)
    #expect(call.arguments.map(\.label) == ["of", "as", "matches"])
  }

  @Test("A `/` that starts no comment is refused: a regex or a division cannot be told apart")
  func refusesBareSlash() {
    let error = #expect(throws: CallScanner.Refusal.self) {
      try CallScanner(#"expectScreen(of: f(/\)/), matches: "")"#).call(
        named: "expectScreen", line: 1, column: 13)
    }
    #expect(error?.reason.contains("a `/` that starts no comment") == true)
  }
}
