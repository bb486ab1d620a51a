import Scenarios
import Testing

@testable import TerminalPlayer

@Suite struct SessionScriptTests {
  private func log(_ entries: [(Step.Action, Int)], random: [String] = []) -> SessionLog {
    var log = SessionLog()
    log.entries = entries.map { .init(step: $0, time: .milliseconds($1)) }
    log.randomMeals = random
    return log
  }

  @Test("Keystrokes closer than the search pause are one type step at the last one's time")
  func mergesTyping() {
    let lines = log(
      [
        (.launch, 0), (.focusSearch, 1_250), (.type("L"), 1_500), (.type("a"), 1_700),
        (.type("s"), 1_950),
      ]).scenarioLines
    #expect(
      lines == ["launch", "wait 1.2s", "focus search", "wait 700ms", "type \"Las\""])
  }

  @Test("A pause of the search pause or more keeps two type steps apart")
  func keepsPausedTyping() {
    let lines = log([(.launch, 0), (.type("L"), 100), (.type("a"), 500)]).scenarioLines
    #expect(lines == ["launch", "wait 100ms", "type \"L\"", "wait 400ms", "type \"a\""])
  }

  @Test("Waits after a keystroke are rounded down from it, so 399 ms stays under the pause")
  func roundsFromKeystroke() {
    let lines = log([(.launch, 0), (.type("L"), 150), (.open("Lasagne"), 549), (.back, 551)])
      .scenarioLines
    // 549 − 150 = 399 ms → 300 ms; 551 − 150 = 401 ms → 400 ms from the keystroke.
    #expect(
      lines == [
        "launch", "wait 100ms", "type \"L\"", "wait 300ms", "open \"Lasagne\"", "wait 100ms",
        "back",
      ])
  }

  @Test("The search key in the pause is replayed once the pause has passed; later, as it was")
  func searchKey() {
    var session = log([(.launch, 0), (.type("Pie"), 100), (.open("Fish pie"), 450)])
    session.entries.insert(
      .init(step: .leaveSearch, time: .milliseconds(200), waitsForSearch: true), at: 2)
    #expect(
      session.scenarioLines == [
        "launch", "wait 100ms", "type \"Pie\"", "wait 400ms", "leave search", "open \"Fish pie\"",
      ])
    session.entries[2].time = .milliseconds(700)
    session.entries[3].time = .milliseconds(800)
    #expect(
      session.scenarioLines == [
        "launch", "wait 100ms", "type \"Pie\"", "wait 600ms", "leave search", "wait 100ms",
        "open \"Fish pie\"",
      ])
  }

  @Test("The session's setup comes first: start screen, favourites, the dice's meals")
  func givens() {
    var session = log([(.launch, 0), (.tapDice, 40)], random: ["52772"])
    session.start = .categories
    session.favorites = ["52768"]
    #expect(
      session.scenarioLines == [
        "given start categories", "given favorites 52768", "given random 52772", "launch",
        "tap dice",
      ])
  }

  @Test("The file ends with the last step: no wait that nothing follows")
  func noTrailingWait() {
    let lines = log([(.launch, 0), (.tapDice, 700)]).scenarioLines
    #expect(lines == ["launch", "wait 700ms", "tap dice"])
  }

  @Test("Ten thousand keystrokes in a row are one type step, merged in linear time")
  func longRun() {
    let entries = Array(repeating: (Step.Action.type("a"), 0), count: 10_000)
    let lines = log([(.launch, 0)] + entries).scenarioLines
    #expect(lines == ["launch", "type \"" + String(repeating: "a", count: 10_000) + "\""])
  }

  @Test("Quotes and backslashes in typed text are escaped")
  func quoting() {
    #expect(Step.Action.type("a\"b\\c").lines == [#"type "a\"b\\c""#])
  }
}
