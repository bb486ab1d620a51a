import Foundation
import Testing
import ViewDescription

@testable import ReplayCommands
@testable import Scenarios

/// The written storyboard opened in headless Chromium: what the browser built from the pages, a
/// screenshot, and every request it tried.
///
/// No request may leave a page. The browser runs with every host name unresolvable and logs
/// every request it tries (`--log-net-log`); the tests read that log and accept only `file:`
/// and `data:` addresses, so even a request that would fail is caught. The DOM is checked too:
/// no `src`, no `url(…)`, no script, and the page's Content-Security-Policy that forbids
/// loading anything.
@MainActor
@Suite(
  .enabled(
    if: HeadlessBrowser.installed != nil || HeadlessBrowser.isRequired,
    Comment(rawValue: HeadlessBrowser.skipReason)))
struct StoryboardBrowserTests {
  nonisolated static let scenarios = ["02-suche", "04-favoriten", "10-kategorie-raster"]

  /// Writes the storyboard of `names` (lesson scenarios, or files in `extra`) to a new folder.
  private func writeStoryboard(_ names: [String], extra: [URL] = []) async throws -> URL {
    let folder = try makeTemporaryFolder()
    let files = names.map { lessonFolder.appendingPathComponent("\($0).scenario").path }
    _ = try await StoryboardRun().run(files + extra.map(\.path) + ["--out", folder.path])
    return folder
  }

  private func browser() throws -> HeadlessBrowser {
    try #require(
      HeadlessBrowser.installed, "REZEPTE_REQUIRE_BROWSER=1, but \(HeadlessBrowser.skipReason)")
  }

  /// Text as Chromium serializes it in `--dump-dom`.
  private func domText(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  @Test(
    "Each step's screen is in the browser's DOM with its rows, texts and highlighted changes",
    arguments: scenarios)
  func domHoldsEveryScreen(name: String) async throws {
    let browser = try browser()
    let folder = try await writeStoryboard([name])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try browser.run(
      folder.appendingPathComponent("\(name).html"), ["--dump-dom"], in: folder)
    let dom = run.standardOutput
    // The same replay gives the same frames: the expected values, step by step.
    let scenario = try loadLessonScenario("\(name).scenario")
    let (storyboard, _) = await StoryboardCollector(runner: ScenarioRunner(now: { .zero }))
      .collect(scenario, on: AppDriver(catalog: embeddedCatalog))
    let pieces = dom.components(separatedBy: #"<li class="frame "#).dropFirst()
    try #require(pieces.count == storyboard.frames.count)
    var screensSeen = 0
    var changesSeen = 0
    for (frame, piece) in zip(storyboard.frames, pieces) {
      #expect(piece.contains("<code>\(domText(frame.step))</code>"))
      guard let screen = frame.screen else {
        #expect(!piece.contains(#"class="phone""#))
        continue
      }
      screensSeen += 1
      #expect(piece.contains(#"<div class="phone">"#))
      if let title = screen.screenTitle {
        #expect(piece.contains(">\(domText(title))</h2>"), "step \(frame.line): title \(title)")
      }
      for row in screen.nodes(where: { $0.kind == .row }) {
        #expect(piece.contains(#"<span class="row-label">\#(domText(row.label ?? ""))</span>"#))
      }
      for tile in screen.nodes(where: { $0.kind == .tile }) {
        #expect(piece.contains(#"<span class="tile-label">\#(domText(tile.label ?? ""))</span>"#))
      }
      for text in screen.nodes(where: { $0.kind == .text }) {
        #expect(piece.contains(">\(domText(text.label ?? ""))</p>"))
      }
      for path in frame.changed {
        changesSeen += 1
        let node = screen.node(at: path)
        let marked =
          node?.kind == .screen
          ? piece.contains(#"<h2 class="nav-title changed">"#)
          : piece.contains(#" changed" data-path="\#(path)""#)
        #expect(marked, "step at line \(frame.line): the change at \(path) is not highlighted")
      }
    }
    #expect(screensSeen > 3)
    #expect(changesSeen > 0)
  }

  @Test("After `back` in 04-favoriten the new ♥ row and the Favoriten section are highlighted")
  func screenThatCameBack() async throws {
    let browser = try browser()
    let folder = try await writeStoryboard(["04-favoriten"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let dom = try browser.run(
      folder.appendingPathComponent("04-favoriten.html"), ["--dump-dom"], in: folder
    ).standardOutput
    let scenario = try loadLessonScenario("04-favoriten.scenario")
    let backIndex = try #require(scenario.steps.firstIndex { $0.action == .back })
    let pieces = Array(dom.components(separatedBy: #"<li class="frame "#).dropFirst())
    try #require(pieces.count == scenario.steps.count)
    let frame = pieces[backIndex]
    #expect(frame.contains("<code>back</code>"))
    let favoriteRow =
      #/<div class="row favorite changed" data-path="[0-9.]+"[^>]*>(?:(?!</div>).)*Apam balik/#
    #expect(frame.contains(favoriteRow), "the ♥ row is not highlighted")
    #expect(
      frame.contains(
        #/<div class="section changed" data-path="[0-9.]+"><div class="section-header">Favoriten/#))
    #expect(!frame.contains(#"<h2 class="nav-title changed">"#), "the list's title did not change")
  }

  @Test(
    "No page sends a request: the browser's net log has only file addresses", arguments: scenarios)
  func noRequestLeavesThePage(name: String) async throws {
    let browser = try browser()
    let folder = try await writeStoryboard([name])
    defer { try? FileManager.default.removeItem(at: folder) }
    for page in ["\(name).html", "index.html"] {
      let run = try browser.run(folder.appendingPathComponent(page), ["--dump-dom"], in: folder)
      let urls = try HeadlessBrowser.requestedURLs(inNetLog: run.netLog)
      let outside = urls.filter { !$0.hasPrefix("file:") && !$0.hasPrefix("data:") }
      #expect(outside.isEmpty, "\(page) requested \(outside.sorted())")
      let dom = run.standardOutput
      #expect(dom.contains(#"content="default-src 'none'; style-src 'unsafe-inline'""#))
      #expect(!dom.contains(" src="))
      #expect(!dom.contains("url("))
      #expect(!dom.contains("<script"))
      #expect(!dom.contains("<link"))
    }
  }

  @Test("A screenshot of a page is a PNG of the window's size and not blank")
  func screenshot() async throws {
    let browser = try browser()
    let folder = try await writeStoryboard(["04-favoriten"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let blankPage = folder.appendingPathComponent("blank.html")
    try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: blankPage)
    var sizes: [String: Int] = [:]
    for (name, page) in [("page", "04-favoriten.html"), ("blank", "blank.html")] {
      let image = folder.appendingPathComponent("\(name).png")
      _ = try browser.run(
        folder.appendingPathComponent(page),
        ["--screenshot=\(image.path)", "--window-size=1000,900"], in: folder)
      let data = try Data(contentsOf: image)
      let size = try #require(HeadlessBrowser.pngSize(data), "\(name).png is not a PNG")
      #expect(size.width == 1000 && size.height == 900)
      sizes[name] = data.count
    }
    // A blank window compresses to a few kilobytes; text, phone and colours do not.
    let page = try #require(sizes["page"])
    let blank = try #require(sizes["blank"])
    #expect(
      page > 5 * blank,
      "the page's screenshot (\(page) bytes) is as small as a blank one (\(blank))")
  }

  @Test("A failed step's page fits a 1000 px window: the failure wraps, nothing is cut off")
  func failedPageFitsTheWindow() async throws {
    let browser = try browser()
    let source = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: source) }
    let scenario = source.appendingPathComponent("breit.scenario")
    let long = String(repeating: "Sehr lange Zeile ", count: 12)
    try Data("launch\nexpect visible \"\(long)\"\n".utf8).write(to: scenario)
    let folder = try await writeStoryboard([], extra: [scenario])
    defer { try? FileManager.default.removeItem(at: folder) }
    // A copy of the page that measures itself: the page's own policy forbids scripts.
    let html = try String(
      contentsOf: folder.appendingPathComponent("breit.html"), encoding: .utf8)
    let policy = try #require(
      html.range(
        of: #"<meta http-equiv="Content-Security-Policy"[^>]*>"#, options: .regularExpression))
    var measured = html
    measured.removeSubrange(policy)
    measured = measured.replacingOccurrences(
      of: "</body>",
      with: """
        <script>document.body.setAttribute("data-overflow", \
        String(document.documentElement.scrollWidth - window.innerWidth))</script></body>
        """)
    let page = folder.appendingPathComponent("measured.html")
    try Data(measured.utf8).write(to: page)
    let dom = try browser.run(page, ["--dump-dom", "--window-size=1000,900"], in: folder)
      .standardOutput
    #expect(dom.contains(#"data-overflow="0""#), "\(dom.prefix(400))")
  }

  @Test("A failed step and a hostile title show as written in the browser, and nothing runs")
  func failedPage() async throws {
    let browser = try browser()
    let source = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: source) }
    let scenario = source.appendingPathComponent("kaputt.scenario")
    try Data(
      "title <script>alert(1)</script> & \"Co\"\nlaunch\nexpect visible \"Kuchen\"\n".utf8
    ).write(to: scenario)
    let folder = try await writeStoryboard([], extra: [scenario])
    defer { try? FileManager.default.removeItem(at: folder) }
    let dom = try browser.run(
      folder.appendingPathComponent("kaputt.html"), ["--dump-dom"], in: folder
    )
    .standardOutput
    #expect(dom.contains(#"<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Co"</h1>"#))
    #expect(!dom.contains("<script"))
    #expect(dom.contains(#"<header class="page-header failed">"#))
    #expect(dom.contains(##"✗ failed at <a href="#step-3">step 3 of 3 (line 3)</a>"##))
    #expect(dom.contains(#"<li class="frame failed" id="step-3">"#))
    #expect(dom.contains(#"<div class="failure"><h3>Step 3 failed (line 3)</h3>"#))
    let index = try browser.run(
      folder.appendingPathComponent("index.html"), ["--dump-dom"], in: folder
    )
    .standardOutput
    #expect(index.contains(#"<tr class="failed"><td class="result">✗ failed at step 3</td>"#))
  }
}
