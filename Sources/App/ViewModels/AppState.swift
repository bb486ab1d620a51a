import Foundation
import MealDB

/// The screen the app starts with: an app setting.
public enum StartScreen: String, CaseIterable, Sendable {
  /// The recipe list of the start category, with the "Kategorie" menu.
  case list
  /// The category grid (Bonus 2); a tile opens that category's recipe list.
  case categories
}

/// A snapshot of the whole app: the root screen and one screen per entry of `AppModel.path`,
/// in path order, each the state of the destination's view model.
public struct AppState: Equatable, Sendable {
  /// The first screen: the recipe list, or the category grid (Bonus 2).
  public var root: Screen
  /// The pushed screens, bottom first, one per destination; empty when the root is on top.
  public var path: [Screen]

  public init(root: Screen, path: [Screen] = []) {
    self.root = root
    self.path = path
  }

  /// The app started on the recipe list, with `path` above it.
  public init(list: MealListState, path: [Screen] = []) {
    self.init(root: .list(list), path: path)
  }

  /// One screen with its state.
  public enum Screen: Equatable, Sendable {
    /// The category grid; only ever the root.
    case categories(CategoryGridState)
    /// A recipe list: the root, or a category's list pushed by a tile of the grid.
    case list(MealListState)
    case detail(MealDetailState)

    /// The list's state, if this is a list.
    public var list: MealListState? {
      if case .list(let list) = self { list } else { nil }
    }

    /// The detail's state, if this is a detail.
    public var detail: MealDetailState? {
      if case .detail(let detail) = self { detail } else { nil }
    }
  }

  /// The screen the user sees: the last pushed one, or the root.
  public var top: Screen { path.last ?? root }

  /// The screen below the top one, or `nil` when the root is on top.
  public var belowTop: Screen? {
    path.isEmpty ? nil : path.count == 1 ? root : path[path.count - 2]
  }

  /// The recipe list nearest the top of the stack, `nil` on the grid before a tile was tapped.
  /// Setting it replaces that list's state (a test's `$0.list?.searchText = "L"`); setting `nil`,
  /// or setting it where there is no list, changes nothing.
  public var list: MealListState? {
    get { path.reversed().lazy.compactMap(\.list).first ?? root.list }
    set {
      guard let newValue else { return }
      if let index = path.lastIndex(where: { $0.list != nil }) {
        path[index] = .list(newValue)
      } else if root.list != nil {
        root = .list(newValue)
      }
    }
  }

  /// The recipe detail nearest the top of the stack, `nil` when no detail is pushed. Setting it
  /// replaces that detail's state; setting `nil`, or setting it where there is none, does nothing.
  public var detail: MealDetailState? {
    get { path.reversed().lazy.compactMap(\.detail).first }
    set {
      guard let newValue, let index = path.lastIndex(where: { $0.detail != nil }) else { return }
      path[index] = .detail(newValue)
    }
  }
}

/// What the user did, named after the action; the screens' tappable nodes carry these, and
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
  /// The navigation path was set as a whole: `NavigationStack(path:)` after a swipe back over
  /// several screens, or a deep link (`AppModel.makeDetail(_:)`).
  case pathChanged([AppModel.Destination])
}

/// The work an intent started; `finish()` waits for it, as `.refreshable` needs:
/// `.refreshable { await app.send(.pulledToRefresh).finish() }`.
public struct IntentTask: Sendable {
  private let task: Task<Void, Never>?

  init(_ task: Task<Void, Never>?) {
    self.task = task
  }

  /// An intent that started no work, or was ignored.
  public static let none = IntentTask(nil)

  /// Returns once the work the intent started has ended (a load, the search pause and its
  /// search, the dice's request), not what that opens; on a `VirtualClock` a search pause ends
  /// only when the clock is advanced.
  public func finish() async {
    await task?.value
  }
}
