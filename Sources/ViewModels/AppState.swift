import Foundation
import MealDB

/// One entry of the navigation path.
public enum Route: Hashable, Sendable {
  /// A category's recipe list, pushed from the category grid.
  case list(category: String)
  /// A recipe's detail screen.
  case detail(Meal)
}

/// A snapshot of the whole app: the root screen and the screens pushed on top of it.
public struct AppState: Equatable, Sendable {
  /// The first screen: the recipe list, or the category grid (Bonus 2).
  public var root: Root
  /// The pushed screens, bottom first; empty when the root is on top.
  public var path: [Screen]

  public init(root: Root, path: [Screen] = []) {
    self.root = root
    self.path = path
  }

  /// The app started on the recipe list, with `path` above it.
  public init(list: MealListState, path: [Screen] = []) {
    self.init(root: .list(list), path: path)
  }

  /// The screen the app starts with.
  public enum Root: Equatable, Sendable {
    case list(MealListState)
    case categories(CategoryGridState)
  }

  /// A pushed screen with its state.
  public enum Screen: Equatable, Sendable {
    /// A category's recipe list, pushed by a tile of the grid.
    case list(MealListState)
    case detail(MealDetailState)
  }

  /// The screen the user sees: the last pushed one, or the root.
  public var top: Top {
    switch path.last {
    case .list(let list): .list(list)
    case .detail(let detail): .detail(detail)
    case nil:
      switch root {
      case .list(let list): .list(list)
      case .categories(let grid): .categories(grid)
      }
    }
  }

  /// The screen on top of the navigation stack.
  public enum Top: Equatable, Sendable {
    case categories(CategoryGridState)
    case list(MealListState)
    case detail(MealDetailState)
  }

  /// The recipe list nearest the top of the stack: the last pushed list, else the root list;
  /// `nil` on the category grid before a tile was tapped.
  public var list: MealListState? {
    for screen in path.reversed() {
      if case .list(let list) = screen { return list }
    }
    if case .list(let list) = root { return list }
    return nil
  }
}

/// What the user did, named after the action; the screens' tappable nodes carry these.
///
/// `AppModel.send(_:)` routes each to the view model of the screen on top.
public enum UserIntent: Hashable, Sendable {
  case searchTextChanged(String)
  /// The search field gained (`true`) or lost (`false`) the focus (`.searchFocused`).
  case searchFocusChanged(Bool)
  /// A search suggestion was tapped (`.searchCompletion`): it fills the field and searches.
  case suggestionPicked(String)
  case categoryPicked(String)
  /// A tile of the category grid was tapped: that category's list is pushed.
  case categoryTileTapped(String)
  case pulledToRefresh
  case retryTapped
  case diceTapped
  case mealTapped(Meal)
  case heartTapped
  case backTapped
  case noticeDismissed
  case linkTapped(URL)
}
