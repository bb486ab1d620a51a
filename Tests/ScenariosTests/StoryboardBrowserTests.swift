import Foundation
import Testing

@testable import ReplayCommands
@testable import Scenarios
@testable import ViewDescription

/// The written storyboard opened in headless Chromium: what the browser built from the pages, a
/// screenshot, and every request it tried.
///
/// No request may leave a page. The browser runs with every host name unresolvable and logs
/// every request it tries (`--log-net-log`); the tests read that log and accept only `file:`
/// and `data:` addresses, so even a request that would fail is caught. The DOM is checked too:
/// no `src`, no `url(…)`, no script, and the page's Content-Security-Policy that forbids
/// loading anything. The tests wait for the browser off the main actor, where the app's tests
/// run.
@Suite(
  .enabled(
    if: HeadlessBrowser.installed != nil || HeadlessBrowser.isRequired,
    Comment(rawValue: HeadlessBrowser.skipReason)))
struct StoryboardBrowserTests {
  static let scenarios = ["02-suche", "04-favoriten", "10-kategorie-raster"]

  /// Writes the storyboard of `names` (lesson scenarios, or files in `extra`) to a new folder.
  @MainActor private func writeStoryboard(_ names: [String], extra: [URL] = []) async throws -> URL
  {
    let folder = try makeTemporaryFolder()
    let files = names.map { lessonFolder.appendingPathComponent("\($0).scenario").path }
    _ = try await StoryboardRun().run(files + extra.map(\.path) + ["--out", folder.path])
    return folder
  }

  private func browser() throws -> HeadlessBrowser {
    try #require(
      HeadlessBrowser.installed, "REZEPTE_REQUIRE_BROWSER=1, but \(HeadlessBrowser.skipReason)")
  }

  /// A copy of `html` without its Content-Security-Policy, so that `script` runs at its end.
  private func measured(_ html: String, script: String) throws -> String {
    let policy = try #require(
      html.range(
        of: #"<meta http-equiv="Content-Security-Policy"[^>]*>"#, options: .regularExpression))
    var copy = html
    copy.removeSubrange(policy)
    return copy.replacingOccurrences(of: "</body>", with: "<script>\(script)</script></body>")
  }

  /// What `pageCheck` finds on a page.
  struct PageReport: Decodable {
    struct Frame: Decodable {
      /// The 1-based numbers of the steps beside the phone; the first one drew it.
      var steps: [Int]
      /// The title the phone shows, `nil` for a frame without a phone.
      var title: String?
      /// The `data-path` of every highlighted node.
      var changed: [String]
      /// The highlighted nodes that do not lie wholly inside the phone's screen.
      var outside: [String]
    }
    var frames: [Frame]
    /// The characters drawn as the missing-glyph box.
    var missing: [String]
    /// The texts an orange outline covers.
    var covered: [String]
  }

  /// Measures a page in the browser and writes a `PageReport` as JSON into `<pre id="report">`.
  /// A glyph counts as missing when the canvas draws it, in the font of its element, pixel for
  /// pixel like U+0378, which no font has.
  static let pageCheck = #"""
    (function () {
      const report = { frames: [], missing: [], covered: [] };
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext("2d");
      function pixels(text, font) {
        context.clearRect(0, 0, 64, 64);
        context.font = font;
        context.fillText(text, 8, 40);
        return context.getImageData(0, 0, 64, 64).data.join();
      }
      const seen = new Set();
      function check(text, element) {
        const font = getComputedStyle(element).font;
        for (const character of text) {
          if (/\s/.test(character) || seen.has(character + font)) continue;
          seen.add(character + font);
          if (pixels(character, font) === pixels("\u0378", font)) report.missing.push(character);
        }
      }
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        check(text.data, text.parentElement);
      }
      for (const element of document.querySelectorAll("*")) {
        const content = getComputedStyle(element, "::before").content;
        if (content.startsWith('"')) check(JSON.parse(content), element);
      }
      for (const frame of document.querySelectorAll(".frame")) {
        const screen = frame.querySelector(".phone-screen");
        const box = screen && screen.getBoundingClientRect();
        const title = frame.querySelector(".nav-title");
        const result = {
          steps: Array.from(frame.querySelectorAll(".note"), note => Number(note.id.slice(5))),
          title: title && title.textContent, changed: [], outside: []
        };
        for (const element of frame.querySelectorAll(".changed")) {
          const path = element.closest("[data-path]").getAttribute("data-path");
          result.changed.push(path);
          const r = element.getBoundingClientRect();
          if (!box || r.width == 0 || r.height == 0 || r.left < box.left || r.right > box.right
            || r.top < box.top || r.bottom > box.bottom) result.outside.push(path);
          // An outline drawn inside the box (a negative offset) must leave its texts clear.
          const style = getComputedStyle(element);
          if (style.outlineStyle == "none") continue;
          const inset = Math.max(0, -parseFloat(style.outlineOffset));
          const inside = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let text = inside.nextNode(); text; text = inside.nextNode()) {
            // What only a screen reader gets is not drawn.
            if (text.parentElement.closest(".sr-only")) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const t of range.getClientRects()) {
              if (t.width > 0 && (t.left < r.left + inset || t.right > r.right - inset
                || t.top < r.top + inset || t.bottom > r.bottom - inset)) {
                report.covered.push(path + " " + text.data);
              }
            }
          }
        }
        report.frames.push(result);
      }
      const pre = document.createElement("pre");
      pre.id = "report";
      pre.textContent = JSON.stringify(report);
      document.body.appendChild(pre);
    })();
    """#

  /// A lesson file's scenario, its storyboard, and the lines `show` marks after each step.
  @MainActor private func replayed(
    _ file: String
  ) async throws -> (Scenario, Storyboard, [[String]]) {
    let scenario = try loadLessonScenario(file)
    let storyboard = await ScenarioRunner(now: { .zero }).storyboard(
      scenario, on: AppDriver(catalog: embeddedCatalog))
    return (scenario, storyboard, await linesShowLists(scenario))
  }

  /// The lines `rezepte show` marks `+` (new or changed) after each step, by step index.
  @MainActor private func linesShowLists(_ scenario: Scenario) async -> [[String]] {
    var listed: [[String]] = []
    _ = await ScenarioRunner(now: { .zero }).walkthrough(
      scenario, on: AppDriver(catalog: embeddedCatalog), full: false
    ) { line in
      if let first = line.first, first != " ", first != "#" {
        listed.append([])
      } else if line.hasPrefix("    + ") {
        listed[listed.count - 1].append(String(line.dropFirst(6)))
      }
    }
    return listed
  }

  @Test(
    "A lesson page highlights what `show` lists, in view and clear of text, with no missing glyph",
    arguments: lessonFiles)
  func lessonPage(file: String) async throws {
    let browser = try browser()
    let name = String(file.dropLast(".scenario".count))
    let folder = try await writeStoryboard([name])
    defer { try? FileManager.default.removeItem(at: folder) }
    let html = try String(
      contentsOf: folder.appendingPathComponent("\(name).html"), encoding: .utf8)
    let page = folder.appendingPathComponent("measured.html")
    try Data(measured(html, script: Self.pageCheck).utf8).write(to: page)
    let dom = try browser.run(page, ["--dump-dom", "--window-size=1000,900"], in: folder)
      .standardOutput
    let match = try #require(dom.firstMatch(of: #/<pre id="report">(.*?)</pre>/#))
    let json = match.1.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
      .replacing("&amp;", with: "&")
    let report = try JSONDecoder().decode(PageReport.self, from: Data(json.utf8))
    #expect(report.missing.isEmpty, "drawn as the missing-glyph box: \(report.missing)")
    #expect(report.covered.isEmpty, "covered by an outline: \(report.covered)")

    let (scenario, storyboard, listed) = try await replayed(file)
    try #require(listed.count == scenario.steps.count)
    #expect(report.frames.flatMap(\.steps) == Array(1...scenario.steps.count))
    for frame in report.frames {
      #expect(frame.outside.isEmpty, "step \(frame.steps[0]): out of view: \(frame.outside)")
      let first = frame.steps[0] - 1
      for step in frame.steps.dropFirst() {
        #expect(listed[step - 1].isEmpty, "step \(step) changed the screen but has no phone")
      }
      guard let screen = storyboard.frames[first].screen else {
        #expect(frame.title == nil && frame.changed.isEmpty)
        continue
      }
      #expect(frame.title == screen.screenTitle)
      // The highlighted nodes' lines, as the text tree draws them, in its order.
      let highlighted = Set(frame.changed)
      let lines = TextRenderer().drawnNodes(screen)
        .filter { highlighted.contains($0.path?.description ?? "") }.flatMap(\.drawn)
      #expect(lines == listed[first], "step \(first + 1) at line \(scenario.steps[first].line)")
    }
  }

  @Test("After `back` in 04-favoriten the new ♥ row and the Favoriten section are highlighted")
  func screenThatCameBack() async throws {
    let browser = try browser()
    let folder = try await writeStoryboard(["04-favoriten"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let dom = try browser.run(
      folder.appendingPathComponent("04-favoriten.html"), ["--dump-dom"], in: folder
    ).standardOutput
    let frames = dom.components(separatedBy: #"<li class="frame">"#)
    let frame = try #require(frames.first { $0.contains("<code>back</code>") })
    let favoriteRow =
      #/<button class="row favorite changed" data-path="[0-9.]+"[^>]*>(?:(?!</button>).)*Apam balik/#
    #expect(frame.contains(favoriteRow), "the ♥ row is not highlighted")
    #expect(
      frame.contains(
        #/<div class="section changed" data-path="[0-9.]+"><h3 class="section-header"[^>]*>Favoriten/#
      ))
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
    let script = """
      document.body.setAttribute("data-overflow", \
      String(document.documentElement.scrollWidth - window.innerWidth))
      """
    let page = folder.appendingPathComponent("measured.html")
    try Data(measured(html, script: script).utf8).write(to: page)
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
    #expect(
      dom.contains(##"✗ fehlgeschlagen bei <a href="#step-3">Schritt 3 von 3 (Zeile 3)</a>"##))
    #expect(dom.contains(#"<div class="note failed" id="step-3">"#))
    #expect(dom.contains(#"<div class="failure"><h3>Schritt 3 fehlgeschlagen (Zeile 3)</h3>"#))
    let index = try browser.run(
      folder.appendingPathComponent("index.html"), ["--dump-dom"], in: folder
    )
    .standardOutput
    #expect(
      index.contains(
        #"<tr class="failed"><td class="result">✗ fehlgeschlagen bei Schritt 3</td>"#))
  }
}
