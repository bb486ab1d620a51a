import MealDB
import Spelling
import Testing
import ViewDescription
import ViewModels

@testable import TerminalPlayer

@Suite struct LayoutTests {
  private func text(_ lines: [Line]) -> [String] { lines.map(\.text) }

  @Test("The list at 80 columns: title, toolbar, field, rule, rows with marker and heart, help")
  func listAt80() {
    let layout = layout(Screens.dessertList, width: 80)
    #expect(
      text(layout.header) == [
        "Dessert",
        "[⚄ Zufallsrezept]  [Kategorie: Dessert ▾]",
        "⌕ Alle Rezepte durchsuchen",
        String(repeating: "─", count: 80),
      ])
    #expect(
      text(layout.body) == [
        "▸ Apam balik",
        "  Apple Frangipan Tart ♥",
        "  Apple & Blackberry Crumble",
        "",
        "Favoriten",
        "    Apple Frangipan Tart ♥",
      ])
    #expect(
      text(layout.footer) == [
        "/ suchen · ↑↓ auswählen · Bild↑/Bild↓ blättern · Enter öffnen · r aktualisieren",
        "d würfeln · c Kategorie · v VoiceOver · ? Tasten · q beenden",
      ])
    #expect(layout.items.map(\.label).count == 4)
  }

  @Test("A status (a favourites problem) is a notice line above the help")
  func statusLine() {
    let layout = ScreenLayout(columns: 80, status: "The favourites file f is not valid JSON")
      .layout(Screens.dessertList, view: PlayerView())
    #expect(
      text(layout.footer) == [
        "⚠ The favourites file f is not valid JSON",
        "/ suchen · ↑↓ auswählen · Bild↑/Bild↓ blättern · Enter öffnen · r aktualisieren",
        "d würfeln · c Kategorie · v VoiceOver · ? Tasten · q beenden",
      ])
    #expect(layout.footer[0].spans.map(\.style) == [.notice])
  }

  @Test(
    "The list at 20 to 80 columns wraps the toolbar and the help, and no line is wider",
    arguments: [20, 30, 40, 52, 80])
  func narrow(width: Int) {
    for tree in [
      Screens.dessertList, Screens.tartDetail, Screens.failedList, Screens.listWithNotice,
    ] {
      let layout = layout(tree, width: width)
      let tooWide = (layout.header + layout.body + layout.footer).map(\.text).filter {
        TerminalColumns.of($0) > width
      }
      #expect(tooWide == [])
    }
  }

  @Test("At 40 columns the toolbar's buttons go on two lines")
  func toolbarAt40() {
    #expect(
      text(layout(Screens.dessertList, width: 40).header).prefix(3) == [
        "Dessert", "[⚄ Zufallsrezept]", "[Kategorie: Dessert ▾]",
      ])
  }

  @Test("A long name wraps at spaces, continuing under its start")
  func wrapsRows() {
    var state = Screens.dessertState
    state.meals = .loaded([
      .init(id: "1", name: "Polskie Naleśniki (Polish Pancakes) mit Sahne und Beeren")
    ])
    let body = text(layout(AppScreen.body(AppState(list: state)), width: 40).body)
    #expect(
      body.prefix(2) == ["▸ Polskie Naleśniki (Polish Pancakes)", "    mit Sahne und Beeren"])
  }

  @Test("The detail shows the back button, the heart and the loading state")
  func detail() {
    let layout = layout(Screens.tartDetail, width: 80)
    #expect(
      text(layout.header).prefix(2) == [
        "‹ Dessert   Apple Frangipan Tart", "[♡ Als Favorit merken]",
      ])
    #expect(text(layout.body) == ["", "  ⋯ Rezept wird geladen…"])
    #expect(
      text(layout.footer) == [
        "↑↓ blättern · Bild↑/Bild↓ blättern · Esc zurück · h Herz · v VoiceOver",
        "? Tasten · q beenden",
      ])
  }

  @Test("The error state offers „Erneut versuchen“ and the e key")
  func failure() {
    let layout = layout(Screens.failedList, width: 80)
    #expect(
      text(layout.body) == [
        "", "  ⚠ Fehler", "  Keine Internetverbindung. Prüfe WLAN oder mobile Daten.",
        "  [Erneut versuchen]",
      ])
    #expect(text(layout.footer).joined().contains("e erneut versuchen"))
  }

  @Test("A notice stands above the help line with its button")
  func notice() {
    let footer = text(layout(Screens.listWithNotice, width: 80).footer)
    #expect(
      footer.first == "⚠ Der Server antwortet gerade nicht. Versuch es gleich noch einmal.  [OK]")
    #expect(footer.joined().contains("n Hinweis schließen"))
  }

  @Test("The open picker lists the categories with the chosen one marked")
  func picker() {
    let view = PlayerView(mode: .picker, selection: 1)
    #expect(
      text(layout(Screens.dessertList, width: 40, view: view).body) == [
        "Kategorie", "    Beef", "▸   Chicken", "  ● Dessert",
      ])
  }

  @Test("? shows the key table of `rezepte help play` over the body")
  func keyTable() throws {
    let layout = layout(Screens.dessertList, width: 100, view: PlayerView(mode: .keys))
    let help = try #require(PlayCommand.command.epilogue())
    #expect(text(layout.body) == help.split(separator: "\n").map(String.init))
    let lines = text(layout.body)
    #expect(lines.first == "Tasten:")
    #expect(lines[1].hasPrefix("  /               Setzt den Fokus ins Suchfeld: Buchstaben tippen"))
    #expect(lines[2].hasPrefix(String(repeating: " ", count: 18) + "sucht sofort"))
    #expect(layout.items.isEmpty)
    #expect(text(layout.footer) == ["↑↓ blättern · jede andere Taste schließt · q beenden"])
  }

  @Test("Narrower than 50 columns the key table puts what a key does under the key")
  func narrowKeyTable() {
    let body = text(layout(Screens.dessertList, width: 30, view: PlayerView(mode: .keys)).body)
    #expect(
      body.prefix(4) == ["Tasten:", "  /", "    Setzt den Fokus ins", "    Suchfeld: Buchstaben"])
  }

  @Test(
    "At 20 and 30 columns every help line and the key table wrap at spaces, cutting no word",
    arguments: [20, 30])
  func wrapsWords(width: Int) {
    func words(_ lines: [Line]) -> [String] {
      // A separator `·` that would start a line is left out.
      lines.flatMap { $0.text.split(separator: " ").map(String.init) }.filter { $0 != "·" }
    }
    let views = [
      PlayerView(), PlayerView(mode: .editing), PlayerView(mode: .picker),
      PlayerView(mode: .keys),
    ]
    for tree in [Screens.dessertList, Screens.tartDetail, Screens.failedList] {
      for view in views {
        let wide = layout(tree, width: 100, view: view)
        let narrow = layout(tree, width: width, view: view)
        #expect(words(narrow.footer) == words(wide.footer))
        #expect(narrow.footer.allSatisfy { TerminalColumns.of($0.text) <= width })
        if view.mode == .keys {
          #expect(words(narrow.body) == words(wide.body))
          #expect(narrow.body.allSatisfy { TerminalColumns.of($0.text) <= width })
        }
      }
    }
  }

  @Test("The grid puts four tiles in a line at 80 columns and two at 40")
  func grid() {
    let grid = CategoryGridState(categories: .loaded(Screens.categories + Screens.categories))
    let tree = AppScreen.body(AppState(root: .categories(grid)))
    #expect(layout(tree, width: 80).body.count == 2)
    #expect(layout(tree, width: 40).body.count == 3)
    #expect(layout(tree, width: 40).body[0].text == "▸ Beef                Chicken")
  }

  @Test("The selection scrolls into view, and paging moves the selection along")
  func scrolling() {
    var state = Screens.dessertState
    state.meals = .loaded((1...30).map { Meal(id: "\($0)", name: "Rezept \($0)") })
    state.favorites = []
    let tree = AppScreen.body(AppState(list: state))
    var view = PlayerView(selection: 20)
    view.settle(in: layout(tree, view: view), bodyHeight: 10)
    #expect(view.scroll == 11)
    view.scroll = 0
    view.followsSelection = false
    view.settle(in: layout(tree, view: view), bodyHeight: 10)
    #expect(view.selection == 0)
  }
}

@Suite struct FrameWriterTests {
  @Test("Only the lines that changed are written again")
  func writesChangedLines() {
    var writer = FrameWriter()
    _ = writer.update(to: [Line("a"), Line("b")], width: 10)
    let update = writer.update(to: [Line("a"), Line("c")], width: 10)
    #expect(update == "\u{1B}[2;1H\u{1B}[0mc\u{1B}[0m\u{1B}[K")
  }

  @Test(
    "A line as wide as the terminal is not followed by an erase, which would eat its last character"
  )
  func fullLine() {
    var writer = FrameWriter()
    let update = writer.update(to: [Line("abc")], width: 3)
    #expect(update == "\u{1B}[1;1H\u{1B}[0mabc\u{1B}[0m")
  }
}

/// Texts from a catalog, a server or a scenario reach the terminal with their control characters
/// made visible.
@Suite struct LayoutEscapeTests {
  private static let hostile = "Red\u{1B}[31m Tart\u{202E}x\u{85}y\u{7}"

  private var tree: Node {
    var state = Screens.dessertState
    state.meals = .loaded([.init(id: "1", name: Self.hostile)])
    state.searchText = SearchText(Self.hostile)
    return AppScreen.body(AppState(list: state))
  }

  @Test("No control character of a meal name or the search text reaches a drawn line")
  func visibleInFrame() {
    let layout = layout(tree, width: 80)
    let frame = layout.frame(height: 24, scroll: 0).map(\.text)
    #expect(frame.allSatisfy { !$0.unicodeScalars.contains(where: Quoting.isControl) })
    #expect(frame.contains { $0.contains(#"Red\u{1B}[31m Tart\u{202E}x\u{85}y\u{7}"#) })
  }

  @Test("The frame writer shows a control character in a line visibly, whatever made the line")
  func visibleInWriter() {
    var writer = FrameWriter()
    let bytes = writer.update(to: [Line("a\u{1B}[31mb")], width: 40)
    #expect(!bytes.contains("\u{1B}[31m"))
    #expect(bytes.contains(#"a\u{1B}[31mb"#))
  }
}
