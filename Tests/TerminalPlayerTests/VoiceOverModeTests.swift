import MealDB
import Scenarios
import Testing
import ViewDescription
import ViewModels

@testable import TerminalPlayer

/// The player's VoiceOver mode: `v`, then the arrows, Enter and Esc as VoiceOver's gestures,
/// saved as the `voiceover` steps, with what VoiceOver speaks on the bottom line.
@Suite struct VoiceOverModeTests {
  private let size = (width: 80, height: 24)

  /// `v`, then `keys` on `tree` (drawn first) through `screen`: what each key did.
  private func voiceOver(
    _ keys: [Key], on tree: Node, _ screen: inout PlayerScreen
  ) -> [PlayerAction] {
    _ = screen.draw(tree, size: size)
    var actions: [PlayerAction] = []
    _ = screen.press(
      [.character("v")] + keys, size: size, tree: { tree }, perform: { actions.append($0) })
    return Array(actions.dropFirst())
  }

  /// The line that says what VoiceOver speaks, in the frame drawn for `tree`.
  private func spoken(_ screen: inout PlayerScreen, on tree: Node) -> String? {
    let frame = screen.draw(tree, size: size, full: true)
    return PseudoTerminal.stripped(Array(frame.utf8)).split(separator: "\n")
      .first { $0.hasPrefix("VoiceOver ▸") }.map(String.init)
  }

  @Test("v turns VoiceOver on and off, and saves no step")
  func toggles() {
    let actions = press([.character("v"), .character("v")], on: Screens.dessertList)
    #expect(actions.map(\.view.voiceOver) == [true, false])
    #expect(actions.allSatisfy { $0.steps.isEmpty && $0.intents.isEmpty })
  }

  @Test("The arrows move VoiceOver's focus from the title, saved as voiceover next and previous")
  func arrowsMoveFocus() {
    var screen = PlayerScreen()
    let actions = voiceOver([.down, .right, .left], on: Screens.dessertList, &screen)
    #expect(
      actions.map(\.steps) == [[.voiceOver(.next)], [.voiceOver(.next)], [.voiceOver(.previous)]])
    #expect(
      spoken(&screen, on: Screens.dessertList) == "VoiceOver ▸ Alle Rezepte durchsuchen, Suchfeld")
  }

  @Test("An arrow at the first element moves nothing and saves no step")
  func stopsAtTheEnd() {
    var screen = PlayerScreen()
    let actions = voiceOver([.up, .up, .up], on: Screens.dessertList, &screen)
    #expect(actions.map(\.steps) == [[.voiceOver(.previous)], [.voiceOver(.previous)], []])
    #expect(
      spoken(&screen, on: Screens.dessertList)
        == "VoiceOver ▸ Zufallsrezept, Taste, Öffnet ein zufälliges Rezept")
  }

  @Test("PgUp and PgDn still scroll the body, which does not follow the focus, and save no step")
  func pagingScrolls() {
    let paged = press([.character("v"), .pageDown], on: Screens.dessertList)[1]
    #expect(paged.view.scroll == 9)
    #expect(paged.view.voiceOver && paged.steps.isEmpty)
  }

  @Test("Enter activates the focused element with its own intent, saved as voiceover activate")
  func enterActivates() {
    var screen = PlayerScreen()
    let actions = voiceOver([.down, .down, .enter], on: Screens.dessertList, &screen)
    #expect(actions[2].intents == [.mealTapped(Screens.apamBalik)])
    #expect(actions[2].steps == [.voiceOver(.activate)])
  }

  @Test("Activating the search field hands it the keys, and VoiceOver stays on")
  func activatingTheFieldTypes() {
    var screen = PlayerScreen()
    let action = voiceOver([.down, .enter], on: Screens.dessertList, &screen)[1]
    #expect(action.intents == [.searchFocusChanged(true)])
    #expect(action.view.mode == .editing)
    #expect(action.view.voiceOver)
  }

  @Test("Esc dismisses the notice, saved as voiceover back; with nothing to escape it does nothing")
  func escapeGesture() {
    var screen = PlayerScreen()
    let dismiss = voiceOver([.escape], on: Screens.listWithNotice, &screen)[0]
    #expect(dismiss.intents == [.noticeDismissed])
    #expect(dismiss.steps == [.voiceOver(.back)])
    var first = PlayerScreen()
    let nothing = voiceOver([.escape], on: Screens.dessertList, &first)[0]
    #expect(nothing.intents.isEmpty && nothing.steps.isEmpty)
  }

  @Test("A pushed screen is heard from its title, and back returns the focus to the row opened")
  func focusFollowsScreens() {
    var screen = PlayerScreen()
    let open = voiceOver([.down, .down, .down, .enter], on: Screens.dessertList, &screen)[3]
    #expect(open.intents == [.mealTapped(Screens.frangipanTart)])
    #expect(
      spoken(&screen, on: Screens.tartDetail) == "VoiceOver ▸ Apple Frangipan Tart, Überschrift")
    #expect(
      spoken(&screen, on: Screens.dessertList) == "VoiceOver ▸ Apple Frangipan Tart, Favorit, Taste"
    )
  }

  @Test("The bottom lines say what VoiceOver speaks and what the app announced, until the next key")
  func announcements() {
    var screen = PlayerScreen()
    _ = voiceOver([], on: Screens.dessertList, &screen)
    screen.announced = ["Als Favorit gemerkt"]
    #expect(screen.draw(Screens.dessertList, size: size).contains("Ansage: Als Favorit gemerkt"))
    _ = screen.press([.down], size: size, tree: { Screens.dessertList }, perform: { _ in })
    #expect(!screen.draw(Screens.dessertList, size: size).contains("Ansage"))
  }

  @Test("With VoiceOver the body marks no selection and the help line names its keys")
  func layoutWithVoiceOver() {
    let layout = ScreenLayout(
      columns: 80, voiceOver: ("Apam balik, Taste", ["1 Rezept gefunden"])
    ).layout(Screens.dessertList, view: PlayerView(voiceOver: true))
    #expect(!layout.body.contains { $0.text.contains("▸") })
    #expect(
      layout.footer.map(\.text) == [
        "VoiceOver ▸ Apam balik, Taste", "Ansage: 1 Rezept gefunden",
        "↑↓←→ Fokus · Enter aktivieren · Bild↑/Bild↓ blättern · v VoiceOver aus", "q beenden",
      ])
    let notice = ScreenLayout(columns: 80).layout(
      Screens.listWithNotice, view: PlayerView(voiceOver: true))
    #expect(notice.footer.map(\.text).joined().contains("Esc Hinweis schließen"))
  }
}
