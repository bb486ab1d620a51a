import Foundation
import MealDB

/// One entry of the navigation path.
public enum Route: Hashable, Sendable {
  /// A recipe's detail screen.
  case detail(Meal)
}

/// A snapshot of the whole app: the list at the root and the screens pushed on top of it.
public struct AppState: Equatable, Sendable {
  public var list: MealListState
  /// The pushed screens, bottom first; empty when the list is on top.
  public var path: [Screen]

  public init(list: MealListState, path: [Screen] = []) {
    self.list = list
    self.path = path
  }

  /// A pushed screen with its state.
  public enum Screen: Equatable, Sendable {
    case detail(MealDetailState)
  }

  /// The screen the user sees: the last pushed one, or the list.
  public var top: Top {
    switch path.last {
    case .detail(let detail): .detail(detail)
    case nil: .list(list)
    }
  }

  /// The screen on top of the navigation stack.
  public enum Top: Equatable, Sendable {
    case list(MealListState)
    case detail(MealDetailState)
  }
}

/// What the user did, named after the action; the screens' tappable nodes carry these.
///
/// `AppModel.send(_:)` routes each to the view model of the screen on top.
public enum UserIntent: Hashable, Sendable {
  case searchTextChanged(String)
  case categoryPicked(String)
  case pulledToRefresh
  case retryTapped
  case diceTapped
  case mealTapped(Meal)
  case heartTapped
  case backTapped
  case noticeDismissed
  case linkTapped(URL)
}
