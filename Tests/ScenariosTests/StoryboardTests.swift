import CommandLineKit
import Foundation
import MealCatalog
import Testing
import ViewDescription

@testable import ReplayCommands
@testable import Scenarios

/// `rezepte storyboard` on the embedded catalog, as the program runs it, its output collected.
@MainActor
final class StoryboardRun {
  private let capture = CommandLineTests.Capture()
  var output: [String] { capture.output }
  /// Each error line; a command line the parser refuses is the error line without the usage.
  var errors: [String] {
    capture.errors.isEmpty
      ? []
      : capture.errors.components(separatedBy: "\n").filter {
        !$0.hasPrefix("usage: ") && !$0.hasPrefix("       ") && !$0.hasPrefix("See '")
      }
  }

  func run(_ arguments: [String]) async throws -> ExitCode {
    await ScenarioCommands.program().run(["storyboard"] + arguments, console: capture.console)
  }
}

@MainActor
@Suite struct StoryboardTests {
  private func collect(_ text: String) async throws -> Storyboard {
    let scenario = try ScenarioParser.parse(
      text, file: "t.scenario", context: ScenarioContext(catalog: embeddedCatalog)
    ).get()
    return await ScenarioRunner(now: { .zero }).storyboard(
      scenario, on: AppDriver(catalog: embeddedCatalog))
  }

  @Test("Collecting a storyboard replays every lesson scenario to a pass", arguments: lessonFiles)
  func lessonScenariosPass(file: String) async throws {
    let scenario = try loadLessonScenario(file)
    let storyboard = await ScenarioRunner(now: { .zero }).storyboard(
      scenario, on: AppDriver(catalog: embeddedCatalog))
    #expect(storyboard.result.passed, "\(storyboard.result.failure?.description ?? "")")
    #expect(storyboard.failedFrame == nil)
    #expect(storyboard.frames.count == scenario.steps.count)
  }

  @Test("Each frame has the comments above its step as caption, the opening ones introduce")
  func captions() async throws {
    let storyboard = try await collect(
      """
      # Einleitung.
      title T

      # Erst starten.
      # Dann schauen.
      launch
      expect title "Dessert"
      """)
    #expect(storyboard.introduction == ["Einleitung."])
    #expect(storyboard.frames.map(\.caption) == [[], ["Erst starten.", "Dann schauen."], []])
  }

  @Test("Each frame lists the requests its step sent, and `expect requests` still sees them")
  func requests() async throws {
    let storyboard = try await collect(
      """
      launch
      expect requests 2
      type "Lasagne"
      wait 400ms
      expect requests
        GET search.php?s=Lasagne
      """)
    #expect(storyboard.result.passed)
    #expect(storyboard.frames[0].requests == ["GET categories.php", "GET filter.php?c=Dessert"])
    #expect(storyboard.frames[3].requests == ["GET search.php?s=Lasagne"])
    #expect(storyboard.frames[3].simulatedTime == .milliseconds(400))
  }

  @Test("A screen is drawn when it changed, with the changed nodes; otherwise not")
  func screensAndChanges() async throws {
    let storyboard = try await collect(
      """
      launch
      expect title "Dessert"
      type "Las"
      """)
    #expect(storyboard.frames[0].screen != nil)
    #expect(storyboard.frames[0].changed.isEmpty)
    #expect(storyboard.frames[1].screen == nil)
    let typed = try #require(storyboard.frames[2].screen)
    #expect(typed.visibleTexts.contains("Las"))
    #expect(!storyboard.frames[2].changed.isEmpty)
  }

  @Test("A screen that comes back marks what changed on it since it was last on top")
  func screenThatCameBack() async throws {
    let scenario = try loadLessonScenario("04-favoriten.scenario")
    let storyboard = await ScenarioRunner(now: { .zero }).storyboard(
      scenario, on: AppDriver(catalog: embeddedCatalog))
    let back = try #require(storyboard.frames.first { $0.step.displayText == "back" })
    let screen = try #require(back.screen)
    var marked: [Node] = []
    screen.walk { node, place in
      if back.changed.contains(place.path) { marked.append(node) }
      return true
    }
    #expect(
      marked.contains {
        if case .row(let row) = $0.kind {
          row.title == "Apam balik" && row.isFavorite
        } else {
          false
        }
      })
    #expect(marked.map(\.kind).contains(.section(header: "Favoriten")))
    #expect(!marked.contains { $0.screen != nil }, "the list's title did not change")
  }

  @Test("A screen pushed for the first time, or seen before, is drawn with nothing marked")
  func newScreenMarksNothing() async throws {
    let storyboard = try await collect(
      "launch\nopen \"Apam balik\"\nback\ntype \"L\"\nclear search\n")
    #expect(storyboard.frames[1].screen != nil)
    #expect(storyboard.frames[1].changed.isEmpty)
    #expect(!storyboard.frames[3].changed.isEmpty)
    #expect(storyboard.frames[4].screen != nil)
    #expect(storyboard.frames[4].changed.isEmpty, "the screen after `launch` is back")
    #expect(storyboard.frames[1].screenNote == "neuer Bildschirm")
    #expect(storyboard.frames[4].screenNote == "Bildschirm wie nach Zeile 1")
  }

  @Test("Steps that change nothing share the phone of the step before")
  func sharedPhone() async throws {
    let storyboard = try await collect(
      "launch\nexpect title \"Dessert\"\nwait 1s\ntype \"L\"\n")
    let html = String(decoding: storyboard.html(), as: UTF8.self)
    let frames = html.components(separatedBy: #"<li class="frame">"#).dropFirst()
    #expect(frames.map { $0.components(separatedBy: #"<div class="note "#).count - 1 } == [3, 1])
    #expect(frames.allSatisfy { $0.contains(#"<div class="phone">"#) })
  }

  @Test("A phone's step and a step that moves VoiceOver's focus hold what VoiceOver reads")
  func spokenLines() async throws {
    let storyboard = try await collect(
      "launch\nexpect title \"Dessert\"\nvoiceover next\n")
    #expect(storyboard.frames[0].spoken.contains("▸ Dessert, Überschrift"))
    #expect(storyboard.frames[1].spoken.isEmpty, "VoiceOver reads the same")
    #expect(storyboard.frames[2].screen == nil)
    #expect(storyboard.frames[2].spoken.contains("▸ Alle Rezepte durchsuchen, Suchfeld"))
    let html = String(decoding: storyboard.html(), as: UTF8.self)
    #expect(html.contains("<summary>VoiceOver liest \(storyboard.frames[0].spoken.count) Elemente"))
    #expect(html.contains("\n▸ Alle Rezepte durchsuchen, Suchfeld\n"))
  }

  @Test("What the app announced is beside its step and in the phone's live region")
  func announcements() async throws {
    let storyboard = try await collect(
      "launch\ntype \"Lasagne\"\nwait 400ms\nexpect announced \"1 Rezept gefunden\"\n")
    #expect(storyboard.result.passed)
    #expect(storyboard.frames.map(\.announced) == [[], [], ["1 Rezept gefunden"], []])
    let html = String(decoding: storyboard.html(), as: UTF8.self)
    #expect(html.contains(#"<p class="announced">Angesagt: „1 Rezept gefunden“</p>"#))
    #expect(html.contains(#"<div class="sr-only" role="status"><p>1 Rezept gefunden</p></div>"#))
  }

  @Test("A failed step keeps its diff; the steps after it are not run")
  func failure() async throws {
    let storyboard = try await collect(
      """
      launch
      expect visible "Kuchen"
      back
      """)
    #expect(storyboard.failedFrame == 1)
    guard case .failed(let details) = storyboard.frames[1].status else {
      Issue.record("the step did not fail")
      return
    }
    #expect(
      details.first == #"expected a node showing "Kuchen", but none does; the closest texts are:"#)
    #expect(storyboard.frames[1].screen != nil)
    #expect(storyboard.frames[2].status == .notRun)
  }

  @Test("The page's header says which step failed and links to it; the failure is in red")
  func failedPageHeader() async throws {
    let storyboard = try await collect("launch\nexpect visible \"Kuchen\"\n")
    let html = String(decoding: storyboard.html(), as: UTF8.self)
    #expect(
      html.contains(
        ##"✗ fehlgeschlagen bei <a href="#step-2">Schritt 2 von 2 (Zeile 2)</a>: <code>expect visible &quot;Kuchen&quot;</code>"##
      ))
    #expect(html.contains(#"<div class="failure"><h3>Schritt 2 fehlgeschlagen (Zeile 2)</h3>"#))
  }

  @Test("A title and comments from the scenario are escaped on the page")
  func pageEscapes() async throws {
    let storyboard = try await collect(
      "# <img src=x onerror=alert(1)>\ntitle <script>alert(1)</script> & \"Co\"\nlaunch\n")
    let html = String(decoding: storyboard.html(), as: UTF8.self)
    #expect(
      html.contains(
        "<title>Storyboard: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</title>"))
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
  }

  @Test("The index lists each scenario with passed or failed and links to its page")
  func index() async throws {
    let passed = try await collect("title Gut\nlaunch\n")
    let failed = try await collect("title Schlecht\nlaunch\nexpect visible \"Kuchen\"\n")
    let html = String(
      decoding: Storyboard.indexHTML([passed, failed], pages: ["a.html", "b.html"]), as: UTF8.self)
    #expect(html.contains(#"<p class="verdict">1 bestanden, 1 fehlgeschlagen</p>"#))
    #expect(html.contains(#"<td class="result">✓ bestanden</td><td><a href="a.html">Gut</a>"#))
    #expect(
      html.contains(
        #"<td class="result">✗ fehlgeschlagen bei Schritt 3</td><td><a href="b.html">Schlecht</a>"#
      ))
  }

  @Test("Page names are safe, unique, and never index.html")
  func pageNames() {
    #expect(
      ScenarioCommand.pageNames(["01-kategorien", "01-kategorien", "index", "a b/<c>"]) == [
        "01-kategorien.html", "01-kategorien-2.html", "index-2.html", "a_b__c_.html",
      ])
  }
}

@MainActor
@Suite struct StoryboardCommandTests {
  @Test("The command writes a page per scenario and the index, keeping other files")
  func writesPages() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = folder.appendingPathComponent("notes.txt")
    try Data("mine".utf8).write(to: other)
    let run = StoryboardRun()
    let files = ["01-kategorien.scenario", "04-favoriten.scenario"].map {
      lessonFolder.appendingPathComponent($0).path
    }
    let code = try await run.run(files + ["--out", folder.path])
    #expect(code == .success)
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(written == ["01-kategorien.html", "04-favoriten.html", "index.html", "notes.txt"])
    #expect(try String(contentsOf: other, encoding: .utf8) == "mine")
    #expect(run.output.last == "storyboard: 2 pages and index.html in \(folder.path)")
  }

  @Test("A failed scenario exits with 1 and its page is still written")
  func failedExitCode() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("kaputt.scenario")
    try Data("launch\nexpect visible \"Kuchen\"\n".utf8).write(to: scenario)
    let out = folder.appendingPathComponent("out")
    let code = try await StoryboardRun().run([scenario.path, "--out", out.path])
    #expect(code == .failure)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("kaputt.html").path))
  }

  @Test("A file that does not parse exits with 2 and writes nothing")
  func badInput() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("kaputt.scenario")
    try Data("launch\nfly away\n".utf8).write(to: scenario)
    let out = folder.appendingPathComponent("out")
    let run = StoryboardRun()
    let code = try await run.run([scenario.path, "--out", out.path])
    #expect(code == .badInput)
    #expect(!run.errors.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("An --out that is a file is reported, exit 2")
  func outIsAFile() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("taken")
    try Data().write(to: file)
    let run = StoryboardRun()
    let scenario = lessonFolder.appendingPathComponent("01-kategorien.scenario").path
    let code = try await run.run([scenario, "--out", file.path])
    #expect(code == .badInput)
    #expect(run.errors == ["error: --out \(file.path) is a file, not a folder"])
  }

  @Test("An --out inside a file is reported in one sentence naming the file, exit 2")
  func outInsideAFile() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("taken")
    try Data().write(to: file)
    let out = file.appendingPathComponent("x").path
    let run = StoryboardRun()
    let scenario = lessonFolder.appendingPathComponent("01-kategorien.scenario").path
    let code = try await run.run([scenario, "--out", out])
    #expect(code == .badInput)
    #expect(run.errors == ["error: --out \(out): \(file.path) is a file, not a folder"])
    #expect(run.output.isEmpty)
  }

  @Test("A page that cannot be written is named with `cannot write the page`; nothing replays")
  func pageNotWritable() async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("04-favoriten.html")
    try Data("old".utf8).write(to: page)
    chmod(page.path, 0o444)
    let run = StoryboardRun()
    let scenarios = ["01-kategorien", "04-favoriten"].map {
      lessonFolder.appendingPathComponent("\($0).scenario").path
    }
    let code = try await run.run(scenarios + ["--out", folder.path])
    #expect(code == .badInput)
    #expect(run.errors == ["\(page.path): error: cannot write the page: the file is read-only"])
    #expect(run.output.isEmpty)
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(written == ["04-favoriten.html"])
  }

  @Test("Arguments: paths, --out and --catalog; an unknown option; a missing value")
  func parsing() throws {
    let console = CommandLineTests.Capture().console
    let invocation = try ScenarioCommands.storyboard.parse(
      ["a", "--out", "o", "--catalog", "c", "b"], console: console)
    #expect(invocation.arguments == ["a", "b"])
    let options = ScenarioCommands.StoryboardOptions(invocation)
    #expect(options.out == "o")
    #expect(options.catalog == "c")
    #expect(ScenarioCommands.StoryboardOptions().out == "storyboard")
    #expect(throws: UsageError.self) {
      try ScenarioCommands.storyboard.parse(["--outt", "x"], console: console)
    }
    #expect(throws: UsageError.self) {
      try ScenarioCommands.storyboard.parse(["--out"], console: console)
    }
  }
}
