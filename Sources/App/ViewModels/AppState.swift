import Foundation
import MealDB

/// The screen the app starts with: an app setting.
public enum StartScreen: String, CaseIterable, Sendable {
  /// The recipe list of the start category, with the "Kategorie" menu.
  case list
  /// The category grid (Bonus 2); a tile opens that category's recipe list.
  case categories
}

/// A snapshot of the whole app: the root screen and one entry per destination of `AppModel.path`,
/// in path order, each the state of the destination's view model with the identity it got when
/// it was pushed.
public struct AppState: Equatable, Sendable {
  /// The first screen: the recipe list, or the category grid (Bonus 2).
  public var root: Screen
  /// The pushed screens, bottom first; empty when the root is on top.
  public var path: [Entry]

  public init(root: Screen, path: [Entry] = []) {
    self.root = root
    self.path = path
  }

  /// The app with `screens` pushed above `root`, their identities numbered from 1 as a new
  /// app gives them.
  public init(root: Screen, pushed screens: [Screen]) {
    self.init(root: root, path: zip(1..., screens).map { Entry(id: StackID(rawValue: $0), $1) })
  }

  /// The app started on the recipe list, with `screens` pushed above it.
  public init(list: MealListState, pushed screens: [Screen] = []) {
    self.init(root: .list(list), pushed: screens)
  }

  /// One screen with its state, kept in a box of its own: a snapshot, copied many times a step,
  /// copies each screen as one reference rather than every field of its state.
  public indirect enum Screen: Equatable, Sendable {
    /// The category grid; only ever the root.
    case categories(CategoryGridState)
    /// A recipe list: the root, or a category's list pushed by a tile of the grid.
    case list(MealListState)
    case detail(MealDetailState)

    public var list: MealListState? {
      if case .list(let list) = self { list } else { nil }
    }

    public var detail: MealDetailState? {
      if case .detail(let detail) = self { detail } else { nil }
    }
  }

  /// An entry of the navigation path: a screen and its identity in the stack.
  public struct Entry: Equatable, Sendable, Identifiable {
    /// Given when the screen was pushed; no other entry of the app gets it.
    public let id: StackID
    public var screen: Screen

    public init(id: StackID, _ screen: Screen) {
      self.id = id
      self.screen = screen
    }
  }

  /// The screen the user sees: the last pushed one, or the root.
  public var top: Screen { path.last?.screen ?? root }

  /// The identity of the screen on top: the last entry's, or `.root`.
  public var topID: StackID { path.last?.id ?? .root }

  /// The screen below the top one, or `nil` when the root is on top.
  public var belowTop: Screen? {
    path.isEmpty ? nil : path.count == 1 ? root : path[path.count - 2].screen
  }

  /// The recipe list nearest the top of the stack, `nil` on the grid before a tile was tapped.
  /// Setting it replaces that list's state (a test's `$0.list?.searchText = "L"`); setting `nil`,
  /// or setting it where there is no list, changes nothing.
  public var list: MealListState? {
    get { path.reversed().lazy.compactMap(\.screen.list).first ?? root.list }
    set {
      guard let newValue else { return }
      if let index = path.lastIndex(where: { $0.screen.list != nil }) {
        path[index].screen = .list(newValue)
      } else if root.list != nil {
        root = .list(newValue)
      }
    }
  }

  /// The recipe detail nearest the top of the stack, `nil` when no detail is pushed. Setting it
  /// replaces that detail's state; setting `nil`, or setting it where there is none, does nothing.
  public var detail: MealDetailState? {
    get { path.reversed().lazy.compactMap(\.screen.detail).first }
    set {
      guard let newValue, let index = path.lastIndex(where: { $0.screen.detail != nil }) else {
        return
      }
      path[index].screen = .detail(newValue)
    }
  }
}

/// The identity of an entry of the navigation path, given when it is pushed and never given
/// again by the same app, like TCA's `StackElementID`; the root screen is `.root`.
public struct StackID: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// `1` for the first entry an app pushes: `AppState.Entry(id: 1, .detail(…))`.
  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }

  /// The root screen's.
  public static let root = StackID(rawValue: 0)

  public var description: String { "#\(rawValue)" }
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
  /// several screens, or a deep link (`AppModel.makeDetail(_:isRandom:)`).
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
  /// search, the dice's request), not what that opens.
  public func finish() async {
    await task?.value
  }
}
