import Testing

@testable import Scenarios

@Suite struct ParserErrorTests {
  static let cases: [(String, String)] = [
    ("launch\nwiat 400ms", "f.scenario:2: error: unknown step `wiat 400ms`; did you mean `wait`?"),
    (
      "launch\nexpect visble \"X\"",
      "f.scenario:2: error: unknown step `expect visble \"X\"`; did you mean `expect visible`?"
    ),
    (
      "launch\npull to refersh",
      "f.scenario:2: error: unknown step `pull to refersh`; did you mean `pull to refresh`?"
    ),
    (
      "launch\ndance",
      "f.scenario:2: error: unknown step `dance`; `rezepte help run` lists every step"
    ),
    (
      "launch\ntap dcie",
      "f.scenario:2: error: unknown step `tap dcie`; did you mean `tap dice`?"
    ),
    (
      "launch\ntype \"Las",
      "f.scenario:2: error: unterminated quote: the text starting at column 6 has no closing `\"`"
    ),
    (
      "launch\ntype \"a\\qb\"",
      "f.scenario:2: error: unknown escape `\\q` in quotes; the escapes are `\\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\u{…}`"
    ),
    (
      "wait 400",
      "f.scenario:1: error: '400' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
    ),
    (
      "wait -1s",
      "f.scenario:1: error: '-1s' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
    ),
    (
      "wait abc",
      "f.scenario:1: error: 'abc' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s"
    ),
    ("wait", "f.scenario:1: error: `wait` needs a duration, as in `wait 400ms`"),
    (
      "wait 3601s",
      "f.scenario:1: error: '3601s' is outside the allowed range of 0s to 1 hour"
    ),
    (
      "given start grid",
      "f.scenario:1: error: unknown start screen `grid`; the start screens are `list`, `categories`"
    ),
    (
      "given start categorys",
      "f.scenario:1: error: unknown start screen `categorys`; did you mean `categories`?"
    ),
    (
      "launch\npick category \"Chiken\"",
      "f.scenario:2: error: unknown category `Chiken`; did you mean `Chicken`?"
    ),
    (
      "launch\npick category \"Pizza\"",
      "f.scenario:2: error: unknown category `Pizza`; the categories are `Beef`, `Chicken`, `Dessert`"
    ),
    (
      "network offline for serch.php",
      "f.scenario:1: error: unknown endpoint `serch.php`; did you mean `search.php`?"
    ),
    (
      "network delay serch.php 1s",
      "f.scenario:1: error: unknown endpoint `serch.php`; did you mean `search.php`?"
    ),
    (
      "network ofline",
      "f.scenario:1: error: unknown network state `ofline`; did you mean `offline`?"
    ),
    (
      "expect requests abc",
      "f.scenario:1: error: `abc` is not a number of requests; write it like `expect requests 1`"
    ),
    (
      "expect requests 2\n  GET search.php?s=L",
      "f.scenario:1: error: `expect requests 2` lists 1 request below it; the count and the list must agree"
    ),
    (
      "launch\nexpect screen\nback",
      "f.scenario:2: error: `expect screen` needs the expected screen as an indented block below it; `--record` fills it in"
    ),
    (
      "launch\nexpect screen\n    A\n  B",
      "f.scenario:4: error: this line is indented less than the first line of its block (4 spaces)"
    ),
    (
      "launch\nexpect screen\n\tA",
      "f.scenario:3: error: indent blocks with spaces, not tabs"
    ),
    (
      "launch\n  back",
      "f.scenario:2: error: this line is indented, but only `expect requests`, `expect screen` and `expect spoken` take an indented block"
    ),
    ("launch\nback now", "f.scenario:2: error: `back` takes nothing after it, but `now` follows"),
    (
      "launch\ntype Las",
      "f.scenario:2: error: `type` needs its text in double quotes; did you mean `type \"Las\"`?"
    ),
    ("type \"Las\"", "f.scenario:1: error: `type` needs a running app; put `launch` before it"),
    (
      "launch\nlaunch",
      "f.scenario:2: error: the app was launched on line 1 already; `relaunch` restarts it"
    ),
    (
      "given favorites 52x",
      "f.scenario:1: error: `52x` is not a meal id; ids are numbers such as 52772"
    ),
    ("title A\ntitle B", "f.scenario:2: error: the scenario has a title already, on line 1"),
    (
      "launch\ngiven favorites 1\nback",
      "f.scenario:2: error: `given favorites` after `launch` takes effect at the next `relaunch`, "
        + "and none follows; put it before `launch`, or `relaunch` after it"
    ),
  ]

  @Test("Bad input is reported as file:line: error: and one sentence", arguments: cases)
  func reportsError(text: String, message: String) {
    #expect(errors(text, file: "f.scenario") == [message])
  }

  @Test("A `given` after `launch` is read when a `relaunch` follows it")
  func givenBeforeRelaunch() {
    #expect(errors("launch\ngiven favorites 1\ngiven start list\nrelaunch\n").isEmpty)
  }

  @Test("A block longer than the bound is an error on its step's line, before any of it is read")
  func blockBound() {
    let lines = ScenarioParser.maximumBlockLines + 1
    let text = "launch\nexpect screen\n" + String(repeating: "  x\n", count: lines) + "back\n"
    #expect(
      errors(text, file: "f.scenario") == [
        "f.scenario:2: error: the block below this step has \(lines) lines; a block holds at most "
          + "\(ScenarioParser.maximumBlockLines)"
      ])
  }

  @Test("Every problem of a file is reported, not only the first")
  func collectsAllErrors() {
    let messages = errors("launch\nwiat 1s\nwait 5\nopen \"x", file: "f.scenario")
    #expect(messages.count == 3)
    #expect(messages.map { $0.prefix(13) } == ["f.scenario:2:", "f.scenario:3:", "f.scenario:4:"])
  }
}
