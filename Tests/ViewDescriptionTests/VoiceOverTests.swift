import Fixtures
import MealDB
import Testing
import ViewDescription
import ViewModels

/// What VoiceOver reads of each screen, where its cursor goes, what the app announces, and the
/// rules the audit checks.
@Suite struct VoiceOverTests {
  let list = AppScreen.body(AppState(list: Fixture.dessertList))
  let detail = MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))

  func spoken(_ screen: Node) -> [String] { screen.spokenElements.map(\.spoken) }

  @Test("The list reads the toolbar, the title as a heading, the search field, then the rows")
  func listOrder() {
    #expect(
      spoken(list).prefix(6) == [
        "Zufallsrezept, Taste, Öffnet ein zufälliges Rezept", "Kategorie, Dessert, Taste",
        "Dessert, Überschrift", "Alle Rezepte durchsuchen, Suchfeld", "Apam balik, Taste",
        "Apple Frangipan Tart, Favorit, Taste",
      ])
    #expect(spoken(list).contains("Favoriten, Überschrift"))
  }

  @Test("The recipe hides its picture, speaks the heart's state and what its labels are")
  func detailSpeaks() {
    var favorite = detail
    favorite.isFavorite = true
    let screen = AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(favorite)]))
    let lines = spoken(screen)
    #expect(
      lines.prefix(3) == [
        "Dessert, Taste", "ausgewählt, Favorit entfernen, Taste",
        "Apple Frangipan Tart, Überschrift",
      ])
    #expect(lines.contains("Kategorie: Dessert") && lines.contains("Küche: British"))
    #expect(!lines.contains { $0.contains("Bild") })
    #expect(screen.spokenElements.accessibilityFindings.isEmpty)
  }

  @Test("A notice is modal: only the alert is read while it shows")
  func alertIsModal() {
    var state = Fixture.dessertList
    state.notice = .offline
    #expect(
      spoken(AppScreen.body(AppState(list: state))) == [
        "Keine Internetverbindung. Prüfe WLAN oder mobile Daten.", "OK, Taste",
      ])
  }

  @Test("A pushed screen starts at its title; back returns to the row that was opened")
  func pushAndBack() {
    var cursor = VoiceOverCursor()
    cursor.follow(list.spokenScreen)
    #expect(cursor.focused(in: list.spokenElements)?.spoken == "Dessert, Überschrift")
    let moved = cursor.move(by: 3, in: list.spokenElements)
    #expect(moved)
    #expect(
      cursor.focused(in: list.spokenElements)?.spoken == "Apple Frangipan Tart, Favorit, Taste")
    let pushed = AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(detail)]))
    cursor.follow(pushed.spokenScreen)
    #expect(
      cursor.focused(in: pushed.spokenElements)?.spoken == "Apple Frangipan Tart, Überschrift")
    cursor.follow(list.spokenScreen)
    #expect(
      cursor.focused(in: list.spokenElements)?.spoken == "Apple Frangipan Tart, Favorit, Taste")
  }

  @Test(
    "An alert takes the focus and gives it back when it goes; a removed element's focus goes to the first"
  )
  func alertAndRemoval() {
    var cursor = VoiceOverCursor()
    cursor.follow(list.spokenScreen)
    var noticed = Fixture.dessertList
    noticed.notice = .timeout
    let alert = AppScreen.body(AppState(list: noticed))
    cursor.follow(alert.spokenScreen)
    #expect(cursor.focused(in: alert.spokenElements)?.label == AppText.message(for: .timeout))
    cursor.follow(list.spokenScreen)
    #expect(cursor.focused(in: list.spokenElements)?.spoken == "Dessert, Überschrift")
    let moved = cursor.move(by: 100, in: list.spokenElements)
    #expect(moved && !cursor.move(by: 1, in: list.spokenElements))
    var shorter = Fixture.dessertList
    shorter.favorites = []
    let gone = AppScreen.body(AppState(list: shorter))
    cursor.follow(gone.spokenScreen)
    #expect(cursor.focus == gone.spokenElements.first?.key)
  }

  @Test("The app announces a search's results, a failed load, the heart and the dice's recipe")
  func announcements() {
    var searching = Fixture.dessertList
    searching.searchText = "Apple"
    var found = searching
    found.loadedQuery = found.query
    found.meals = .loaded([Fixture.frangipanTart, Fixture.crumble])
    let before = AppState(list: searching)
    #expect(
      AppScreen.announcements(from: before, to: AppState(list: found)) == ["2 Rezepte gefunden"])
    found.meals = .loaded([])
    #expect(
      AppScreen.announcements(from: before, to: AppState(list: found)) == [
        "Keine Ergebnisse für „Apple“"
      ])
    found.meals = .failed(.offline)
    #expect(
      AppScreen.announcements(from: before, to: AppState(list: found)) == [
        AppText.message(for: .offline)
      ])
    var hearted = detail
    hearted.isFavorite = true
    let open = AppState(list: Fixture.dessertList, pushed: [.detail(detail)])
    #expect(
      AppScreen.announcements(
        from: open, to: AppState(list: Fixture.dessertList, pushed: [.detail(hearted)]))
        == ["Als Favorit gemerkt"])
    var random = detail
    random.isRandom = true
    let diced = AppState(list: Fixture.dessertList, pushed: [.detail(random)])
    #expect(
      AppScreen.announcements(from: AppState(list: Fixture.dessertList), to: diced) == [
        "Zufallsrezept: Apple Frangipan Tart"
      ])
    #expect(AppScreen.announcements(from: AppState(list: Fixture.dessertList), to: open).isEmpty)
  }

  @Test("An image spoken without a description breaks described-images")
  func undescribedImage() {
    let screen = Node.screen("Lasagne", [.list([.image(url: "https://example.com/l.jpg")])])
    #expect(screen.spokenElements.accessibilityFindings.map(\.rule) == [.describedImages])
    let hidden = Node.screen(
      "Lasagne",
      [.list([.image(url: "https://example.com/l.jpg").accessibility(.init(isHidden: true))])])
    #expect(hidden.spokenElements.accessibilityFindings.isEmpty)
  }

  @Test("A change out of sight of the focus breaks changes-announced unless it was announced")
  func unannouncedChange() {
    var cursor = VoiceOverCursor()
    let open = AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(detail)]))
    cursor.follow(open.spokenScreen)
    var hearted = detail
    hearted.isFavorite = true
    let turned = AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(hearted)]))
    let before = (open.spokenScreen, cursor.focus)
    cursor.follow(turned.spokenScreen)
    #expect(
      cursor.findings(on: turned.spokenScreen, since: before, announced: [])
        .map(\.rule) == [.changesAnnounced])
    #expect(
      cursor.findings(on: turned.spokenScreen, since: before, announced: ["Als Favorit gemerkt"])
        .isEmpty)
  }

  @Test("A focus left on an element that is gone breaks focus-on-element")
  func focusOnRemoved() {
    var cursor = VoiceOverCursor()
    cursor.follow(list.spokenScreen)
    _ = cursor.move(by: 4, in: list.spokenElements)
    let empty = AppScreen.body(AppState(list: MealListState(meals: .loaded([]))))
    #expect(
      cursor.findings(on: empty.spokenScreen, since: nil, announced: []).map(\.rule) == [
        .focusOnElement
      ])
  }
}
