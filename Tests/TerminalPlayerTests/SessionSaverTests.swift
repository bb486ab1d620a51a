import Foundation
import MealCatalog
import Scenarios
import Testing

@testable import TerminalPlayer

@MainActor
@Suite struct SessionSaverTests {
  private func session(_ entries: [(Step.Action, Int)]) -> SessionLog {
    var log = SessionLog()
    log.entries = entries.map { .init(step: $0, time: .milliseconds($1)) }
    return log
  }

  private func saver() throws -> SessionSaver {
    SessionSaver(catalog: try Catalog.embedded())
  }

  @Test("A saved session has a screen after each step that changed it, and replays")
  func savesScreens() async throws {
    let log = session(
      [
        (.launch, 0), (.focusSearch, 300), (.type("Lasagne"), 900), (.open("Lasagne"), 1_500),
        (.toggleHeart, 2_000), (.back, 2_500),
      ])
    let text = try await saver().text(for: log, file: "session.scenario")
    let stepLines = text.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("#") }
    #expect(
      stepLines == [
        "launch", "expect screen", "wait 300ms", "focus search", "expect screen", "wait 600ms",
        "type \"Lasagne\"", "expect screen", "wait 600ms", "expect screen", "open \"Lasagne\"",
        "expect screen", "wait 500ms", "toggle heart", "expect screen", "wait 500ms", "back",
        "expect screen",
      ])
    #expect(text.contains("  │  └─ Button \"Favorit entfernen\" [heart.fill]"))
    #expect(text.contains("└─ Row \"Lasagne\" ♥"))
  }

  @Test("The dice's meal is given before launch, so the replay opens the same recipe")
  func dice() async throws {
    var log = session([(.launch, 0), (.tapDice, 500)])
    log.randomMeals = ["52772"]
    let text = try await saver().text(for: log, file: "dice.scenario")
    #expect(text.contains("given random 52772\nlaunch\n"))
    #expect(text.contains("Screen \"Teriyaki Chicken Casserole\" back=\"Dessert\""))
  }

  @Test("A VoiceOver session is saved as its voiceover steps, with the screens they led to")
  func voiceOver() async throws {
    let log = session(
      [
        (.launch, 0), (.voiceOver(.next), 300), (.voiceOver(.next), 600),
        (.voiceOver(.activate), 900), (.voiceOver(.previous), 1_500),
        (.voiceOver(.activate), 1_800), (.voiceOver(.back), 2_400),
      ])
    let text = try await saver().text(for: log, file: "voiceover.scenario")
    #expect(text.contains("wait 300ms\nvoiceover activate\nexpect screen\n"))
    #expect(text.contains("Screen \"Apam balik\" back=\"Dessert\""))
    #expect(text.contains("Button \"Favorit entfernen\" [heart.fill]"))
    #expect(text.contains("voiceover back\nexpect screen\n"))
  }

  @Test("A session that does not replay is reported with the step that failed")
  func unreplayable() async throws {
    let log = session([(.launch, 0), (.open("Lasagne"), 500)])
    let saver = try saver()
    let error = await #expect(throws: SessionSaver.Failure.self) {
      try await saver.text(for: log, file: "broken.scenario")
    }
    #expect(error?.message.contains("broken.scenario:5: failed: open \"Lasagne\"") == true)
  }

  @Test("The command refuses an existing --save file before playing, unless --force")
  func saveProblem() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "play-\(UUID().uuidString).scenario"
    ).path
    try "x".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(PlayCommand.saveProblem(path, force: false)?.contains("already exists") == true)
    #expect(PlayCommand.saveProblem(path, force: true) == nil)
  }
}
