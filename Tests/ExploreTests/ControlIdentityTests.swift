import Fixtures
import Scenarios
import Testing
import ViewDescription

@testable import Explore

/// Exploration offers the gestures of a control by what it is, so another wording of the app's
/// texts changes none.
@Suite struct ControlIdentityMenuTests {
  @Test(
    "With every title renamed, the menu still offers the dice, heart, retry, the notice and search")
  func menuFindsControls() {
    let offered = Fixture.screens.map { screen in
      Set(ActionMenu.menu(on: screen.renamingAppTexts()).flatMap(\.actions))
    }
    #expect(offered[0].isSuperset(of: [.tapDice, .dismissNotice, .focusSearch, .pullToRefresh]))
    #expect(offered[0].contains(.pickCategory("Beef")))
    #expect(offered[1].contains(.retry))
    #expect(offered[2].isSuperset(of: [.toggleHeart, .back]))
    #expect(!offered[0].contains(.toggleHeart) && !offered[2].contains(.tapDice))
  }
}
