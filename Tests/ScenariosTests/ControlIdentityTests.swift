import Fixtures
import Testing
import ViewDescription
import ViewModels

@testable import Scenarios

/// The steps find a control by what it is, so another wording of the app's texts changes none.
@Suite struct ControlIdentityTests {
  @Test(
    "With every title renamed, the steps still find each control by what it is",
    arguments: [
      (Step.Action.tapDice, 0, UserIntent.diceTapped), (.dismissNotice, 0, .noticeDismissed),
      (.focusSearch, 0, .searchFocusChanged(true)), (.clearSearch, 0, .searchTextChanged("")),
      (.pickCategory("Beef"), 0, .categoryPicked("Beef")), (.pullToRefresh, 0, .pulledToRefresh),
      (.retry, 1, .retryTapped), (.toggleHeart, 2, .heartTapped), (.back, 2, .backTapped),
    ])
  func stepsFindControls(action: Step.Action, screen: Int, intent: UserIntent) throws {
    let renamed = Fixture.screens[screen].renamingAppTexts()
    #expect(renamed != Fixture.screens[screen])
    #expect(try Gestures.target(of: action, on: renamed).intent == intent)
  }
}
