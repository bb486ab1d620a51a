import Fixtures
import Testing
import ViewDescription
import ViewModels

@testable import TerminalPlayer

/// The player's keys find a control by what it is, so another wording of the app's texts
/// changes none.
@Suite struct ControlIdentityKeyTests {
  @Test(
    "With every title renamed, each key still presses the control it is for",
    arguments: [
      (Key.character("d"), 0, UserIntent.diceTapped), (.character("n"), 0, .noticeDismissed),
      (.character("/"), 0, .searchFocusChanged(true)), (.character("r"), 0, .pulledToRefresh),
      (.character("e"), 1, .retryTapped), (.character("h"), 2, .heartTapped),
      (.escape, 2, .backTapped),
    ])
  func keysFindControls(key: Key, screen: Int, intent: UserIntent) {
    let tree = Fixture.screens[screen].renamingAppTexts()
    let layout = ScreenLayout(columns: 60).layout(tree, view: PlayerView())
    let action = KeyMap.action(for: key, tree: tree, layout: layout, view: PlayerView())
    #expect(action.intents == [intent])
  }
}
