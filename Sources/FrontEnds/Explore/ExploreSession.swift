import Scenarios
import ViewModels

/// A session: the screen the app starts on and what the user does after `launch`.
public struct ExploreSession: Hashable, Sendable {
  public var start: StartScreen
  public var actions: [Step.Action]

  public init(start: StartScreen = .list, actions: [Step.Action]) {
    self.start = start
    self.actions = actions
  }
}
