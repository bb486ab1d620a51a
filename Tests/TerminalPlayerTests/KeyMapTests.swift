import MealDB
import Testing
import ViewDescription
import ViewModels

@testable import TerminalPlayer

@Suite struct KeyMapTests {
  @Test("Down then Enter opens the second row with the row's own intent")
  func openSecondRow() {
    let actions = press([.down, .enter], on: Screens.dessertList)
    #expect(actions[1].intents == [.mealTapped(Screens.frangipanTart)])
    #expect(actions[1].steps == [.open("Apple Frangipan Tart")])
  }

  @Test("k and j move the selection like the arrows, and stop at the ends")
  func vimKeys() {
    let actions = press(
      [.character("k"), .character("j"), .character("j")], on: Screens.dessertList)
    #expect(actions.map(\.view.selection) == [0, 1, 2])
  }

  @Test("Slash focuses the search field, and letters then type into it")
  func typing() {
    let actions = press([.character("/"), .character("q")], on: Screens.dessertList)
    #expect(actions[0].intents == [.searchFocusChanged(true)])
    #expect(actions[0].steps == [.focusSearch])
    #expect(actions[0].view.mode == .editing)
    #expect(actions[1].intents == [.searchTextChanged("q")])
    #expect(actions[1].steps == [.type("q")])
    #expect(!actions[1].quits)
  }

  @Test("Backspace sends the shorter text, saved as clear search and a new type")
  func backspace() {
    var state = Screens.dessertState
    state.searchText = "Las"
    let tree = AppScreen.body(AppState(list: state))
    let action = press([.backspace], on: tree, view: PlayerView(mode: .editing))[0]
    #expect(action.intents == [.searchTextChanged("La")])
    #expect(action.steps == [.clearSearch, .type("La")])
  }

  @Test("Enter in an empty search field hands the keys back without sending anything")
  func enterLeavesEmptyField() {
    let action = press([.enter], on: Screens.dessertList, view: PlayerView(mode: .editing))[0]
    #expect(action.intents.isEmpty)
    #expect(action.view.mode == .browsing)
  }

  @Test("Enter in the search field searches its text at once, saved as leave search")
  func enterSearches() {
    var state = Screens.dessertState
    state.searchText = "Pie"
    state.isSearchFocused = true
    let tree = AppScreen.body(AppState(list: state))
    let action = press([.enter], on: tree, view: PlayerView(mode: .editing, selection: 2))[0]
    #expect(action.intents == [.suggestionPicked("Pie")])
    #expect(action.steps == [.leaveSearch])
    #expect(action.searchesAtOnce)
    #expect(action.view == PlayerView())
  }

  @Test("Picking a category while a search is shown says that the search stays")
  func pickDuringSearch() {
    var state = Screens.dessertState
    state.searchText = "Pie"
    let tree = AppScreen.body(AppState(list: state))
    let pick = press([.character("c"), .up, .enter], on: tree)[2]
    #expect(pick.intents == [.categoryPicked("Chicken")])
    #expect(pick.note?.hasPrefix("Die Suche bleibt stehen") == true)
    #expect(press([.character("c"), .up, .enter], on: Screens.dessertList)[2].note == nil)
  }

  @Test("? opens the key table, which scrolls with the arrows and closes with any other key")
  func keyTable() {
    let actions = press([.character("?"), .down, .escape], on: Screens.dessertList)
    #expect(actions[0].view.mode == .keys)
    #expect(actions[1].view.mode == .keys)
    #expect(actions[2].view.mode == .browsing)
    #expect(actions.allSatisfy { $0.intents.isEmpty })
  }

  @Test("A key bound to nothing says so and names ?; a key with nothing to press here is quiet")
  func unknownKey() {
    #expect(press([.character("x")], on: Screens.dessertList)[0].note?.contains("?") == true)
    #expect(press([.control("i")], on: Screens.dessertList)[0].note != nil)  // Tab
    #expect(press([.character("h")], on: Screens.dessertList)[0].note == nil)
  }

  @Test("Esc and the left arrow send the screen's back intent")
  func back() {
    for key in [Key.escape, .left] {
      let action = press([key], on: Screens.tartDetail)[0]
      #expect(action.intents == [.backTapped])
      #expect(action.steps == [.back])
    }
  }

  @Test("Esc on the first screen does nothing")
  func backOnRoot() {
    #expect(press([.escape], on: Screens.dessertList)[0].intents.isEmpty)
  }

  @Test("h taps the heart of a detail and nothing on the list")
  func heart() {
    #expect(press([.character("h")], on: Screens.tartDetail)[0].intents == [.heartTapped])
    #expect(press([.character("h")], on: Screens.dessertList)[0].intents.isEmpty)
  }

  @Test("r, d, e and n press refresh, the dice, „Erneut versuchen“ and the notice's OK")
  func buttons() {
    #expect(press([.character("r")], on: Screens.dessertList)[0].steps == [.pullToRefresh])
    #expect(press([.character("d")], on: Screens.dessertList)[0].intents == [.diceTapped])
    #expect(press([.character("e")], on: Screens.failedList)[0].intents == [.retryTapped])
    #expect(press([.character("n")], on: Screens.listWithNotice)[0].intents == [.noticeDismissed])
  }

  @Test("A disabled dice ignores d")
  func disabledDice() {
    var state = Screens.dessertState
    state.isDiceBusy = true
    let tree = AppScreen.body(AppState(list: state))
    #expect(press([.character("d")], on: tree)[0].intents.isEmpty)
  }

  @Test("c opens the picker on the current category; Down and Enter pick the next one")
  func picker() {
    let actions = press([.character("c"), .down, .enter], on: Screens.dessertList)
    #expect(actions[0].view.mode == .picker)
    #expect(actions[0].view.selection == 2)  // Dessert
    // Dessert is the last option: Down stays on it, and Enter picks it again.
    #expect(actions[2].intents == [.categoryPicked("Dessert")])
    let pick = press([.character("c"), .up, .enter], on: Screens.dessertList)
    #expect(pick[2].intents == [.categoryPicked("Chicken")])
    #expect(pick[2].steps == [.pickCategory("Chicken")])
    #expect(pick[2].view.mode == .browsing)
  }

  @Test("q and Ctrl-C quit")
  func quit() {
    #expect(press([.character("q")], on: Screens.dessertList)[0].quits)
    #expect(
      press([.control("c")], on: Screens.dessertList, view: PlayerView(mode: .editing))[0].quits)
  }
}

/// The search field lets go: Esc ends its focus, and editing never moves the selection.
@Suite struct SearchFocusTests {
  /// The Dessert list with the search field focused and empty: the suggestions show.
  static var focusedList: Node {
    var state = Screens.dessertState
    state.isSearchFocused = true
    return AppScreen.body(AppState(list: state))
  }

  @Test("Esc while typing ends the field's focus with its own intent, saved as leave search")
  func escapeWhileEditing() {
    let action = press([.escape], on: Self.focusedList, view: PlayerView(mode: .editing))[0]
    #expect(action.intents == [.searchFocusChanged(false)])
    #expect(action.steps == [.leaveSearch])
    #expect(action.view.mode == .browsing)
  }

  @Test("Esc after Enter still ends the focus; on an unfocused field it goes back")
  func escapeAfterEnter() {
    #expect(press([.escape], on: Self.focusedList)[0].intents == [.searchFocusChanged(false)])
    #expect(press([.escape], on: Screens.tartDetail)[0].intents == [.backTapped])
  }

  @Test("A paste is one text change, and backspaces in the same read shorten it")
  func editRun() {
    let keys = "Lasagne".map(Key.character) + [.backspace, .backspace, .character("e")]
    let action = KeyMap.edit(keys, tree: Self.focusedList, view: PlayerView(mode: .editing))
    #expect(action.intents == [.searchTextChanged("Lasage")])
    #expect(action.steps == [.type("Lasage")])
  }

  @Test("Deleting into the text that was there is saved as clear search and the rest typed")
  func editRunDeleting() {
    var state = Screens.dessertState
    state.searchText = "Las"
    let tree = AppScreen.body(AppState(list: state))
    let action = KeyMap.edit(
      [.backspace, .backspace, .character("x")], tree: tree, view: PlayerView(mode: .editing))
    #expect(action.intents == [.searchTextChanged("Lx")])
    #expect(action.steps == [.clearSearch, .type("Lx")])
  }

  @Test("Ctrl-U brings the suggestions back without putting the selection on one")
  func clearKeepsSelection() {
    var screen = PlayerScreen()
    let size = (width: 80, height: 24)
    _ = screen.draw(Screens.dessertList, size: size)
    _ = screen.press([.down], size: size, tree: { Screens.dessertList }, perform: { _ in })
    _ = screen.draw(Screens.dessertList, size: size)
    _ = screen.press([.character("/")], size: size, tree: { Self.focusedList }, perform: { _ in })
    // The field is cleared and focused: suggestions above, the list reloading below.
    var loading = Screens.dessertState
    loading.isSearchFocused = true
    loading.meals = .loading
    _ = screen.draw(AppScreen.body(AppState(list: loading)), size: size)
    #expect(screen.view.selection == 4)  // none: only suggestions, and typing chose none
    _ = screen.draw(Self.focusedList, size: size)
    let layout = layout(Self.focusedList, view: screen.view)
    #expect(layout.items[screen.view.selection].label == "Apple Frangipan Tart")
    #expect(layout.items[screen.view.selection].kind == .row)
  }

  @Test("The bottom line names the favourites file until the first key")
  func favoritesNote() {
    var screen = PlayerScreen(note: "♥ Favoritendatei: /f.json")
    let size = (width: 80, height: 24)
    #expect(screen.draw(Screens.dessertList, size: size).contains("♥ Favoritendatei: /f.json"))
    _ = screen.press([.down], size: size, tree: { Screens.dessertList }, perform: { _ in })
    #expect(!screen.draw(Screens.dessertList, size: size).contains("Favoritendatei"))
  }
}

/// What the player's own lines say, and where the selection goes, as the app's answers come.
@Suite struct PlayerScreenTests {
  private let size = (width: 80, height: 24)

  /// The list while „Pie“ waits for its search: the title says „Suche“, the old rows stay.
  private static func searching(_ meals: LoadState<[Meal]>) -> Node {
    var state = Screens.dessertState
    state.searchText = "Pie"
    state.isSearchFocused = true
    state.meals = meals
    return AppScreen.body(AppState(list: state))
  }

  /// The intents `keys` send on `tree`.
  private func press(_ keys: [Key], on tree: Node, _ screen: inout PlayerScreen) -> [UserIntent] {
    var sent: [UserIntent] = []
    _ = screen.press(keys, size: size, tree: { tree }, perform: { sent += $0.intents })
    return sent
  }

  @Test("After the search key the selection waits for the results and rests on their first row")
  func searchKeySelectsFirstResult() {
    var screen = PlayerScreen()
    let pausing = Self.searching(.loaded([Screens.apamBalik, Screens.frangipanTart]))
    _ = screen.draw(pausing, size: size)
    #expect(press([.down, .character("/")], on: pausing, &screen).isEmpty)
    let loading = Self.searching(.loading)
    #expect(press([.enter], on: pausing, &screen) == [.suggestionPicked("Pie")])
    _ = screen.draw(loading, size: size)
    #expect(press([.enter], on: loading, &screen).isEmpty)  // no old row to open
    let results = Self.searching(.loaded([Screens.crumble, Screens.apamBalik]))
    _ = screen.draw(results, size: size)
    #expect(press([.enter], on: results, &screen) == [.mealTapped(Screens.crumble)])
  }

  /// The item the selection rests on in the frame drawn last.
  private func selectedItem(_ screen: PlayerScreen, on tree: Node) -> Item? {
    let items = layout(tree, view: screen.view).items
    return items.indices.contains(screen.view.selection) ? items[screen.view.selection] : nil
  }

  @Test("When the row the user had is gone, the selection goes to the first row, not its place")
  func goneRowSelectsFirst() {
    var screen = PlayerScreen()
    let cake = Meal(id: "1", name: "Vegan Chocolate Cake")
    var state = Screens.dessertState
    state.searchText = "Cake"
    state.meals = .loaded([Meal(id: "2", name: "Banana Pancakes"), cake])
    let results = AppScreen.body(AppState(list: state))
    _ = screen.draw(results, size: size)
    _ = press([.down, .character("/")], on: results, &screen)
    // Ctrl-U: the field empty and focused, its suggestions above the category's rows.
    _ = press([.control("u")], on: results, &screen)
    _ = screen.draw(SearchFocusTests.focusedList, size: size)
    #expect(selectedItem(screen, on: SearchFocusTests.focusedList)?.label == "Apam balik")
    // Esc: the suggestions hide, and the selection stays on that row.
    _ = press([.escape], on: SearchFocusTests.focusedList, &screen)
    _ = screen.draw(Screens.dessertList, size: size)
    #expect(screen.view.selection == 0)
  }

  @Test("Back from a category's list puts the selection on the tile that was opened")
  func backSelectsOpenedTile() {
    var screen = PlayerScreen()
    let grid = CategoryGridState(categories: .loaded(Screens.categories))
    let gridTree = AppScreen.body(AppState(root: .categories(grid)))
    _ = screen.draw(gridTree, size: size)
    let chicken = Screens.categories[1].name
    #expect(press([.down, .enter], on: gridTree, &screen) == [.categoryTileTapped(chicken)])
    var list = Screens.dessertState
    list.category = chicken
    let pushed = AppScreen.body(AppState(root: .categories(grid), pushed: [.list(list)]))
    _ = screen.draw(pushed, size: size)
    _ = press([.down], on: pushed, &screen)
    _ = screen.draw(pushed, size: size)
    _ = screen.draw(gridTree, size: size)
    #expect(selectedItem(screen, on: gridTree)?.label == chicken)
  }

  @Test("Back from a recipe puts the selection on the row that was opened")
  func backSelectsOpenedRow() {
    var screen = PlayerScreen()
    _ = screen.draw(Screens.dessertList, size: size)
    _ = press([.down, .down, .enter], on: Screens.dessertList, &screen)
    _ = screen.draw(Screens.tartDetail, size: size)
    _ = screen.draw(Screens.dessertList, size: size)
    #expect(selectedItem(screen, on: Screens.dessertList)?.label == Screens.crumble.name)
  }

  @Test("r says on the bottom line that the refresh ran, once the list is no longer refreshing")
  func refreshSaysSo() {
    var screen = PlayerScreen()
    _ = screen.draw(Screens.dessertList, size: size)
    #expect(press([.character("r")], on: Screens.dessertList, &screen) == [.pulledToRefresh])
    var refreshing = Screens.dessertState
    refreshing.isRefreshing = true
    #expect(
      !screen.draw(AppScreen.body(AppState(list: refreshing)), size: size).contains("Aktualisiert"))
    #expect(screen.draw(Screens.dessertList, size: size).contains("↻ Aktualisiert."))
    _ = press([.down], on: Screens.dessertList, &screen)
    #expect(!screen.draw(Screens.dessertList, size: size).contains("Aktualisiert"))
  }
}
