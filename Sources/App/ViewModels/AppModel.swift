import Foundation
import MealDB
import VirtualTime

/// The whole app: the root screen (the recipe list, or the category grid of Bonus 2), the
/// navigation path of screens above it, and the favourites they share. Front ends send
/// `UserIntent`s and draw `state`. A relaunch is a new `AppModel` over the same storage; letting
/// go of one cancels all its work in flight.
@MainActor
public final class AppModel: StateObservable {
  public let stateHolder: StateHolder<AppState>

  /// The root screen with its view model: the recipe list, or the category grid.
  public let root: Destination
  /// The pushed screens with their view models, bottom first: what `NavigationStack(path:)`
  /// binds to. `.pathChanged` sets it whole.
  public private(set) var path: [Destination] = []
  /// The links the user tapped (a video, a source), oldest first; the app opens nothing itself.
  public private(set) var openedLinks: [URL] = []
  public let favorites: FavoritesStore

  private let api: MealAPI
  private let clock: any Clock<Duration>
  private let tracker: TaskTracker
  private let searchPause: Duration
  /// Follow the root and each entry of `path`, in that order.
  private var tokens: [ObservationToken] = []
  /// The identity of each entry of `path`, given when it was pushed.
  private var pathIDs: [StackID] = []
  private var lastID = StackID.root
  private var top: Destination { path.last ?? root }

  /// The app over `api`, its search pause (`searchPause`) on `clock`, its screens sharing
  /// `favorites`, every task spawned by `tracker` (the clock's own when it is a `VirtualClock`, so
  /// that `tracker.settle()` waits for them), starting on `start`.
  public init(
    api: MealAPI,
    clock: any Clock<Duration>,
    favorites: FavoritesStore,
    tracker: TaskTracker,
    searchPause: Duration = .milliseconds(400),
    start: StartScreen = .list
  ) {
    self.api = api
    self.clock = clock
    self.tracker = tracker
    self.searchPause = searchPause
    self.favorites = favorites
    switch start {
    case .list:
      root = .list(
        MealListViewModel(
          api: api, clock: clock, favorites: favorites, tracker: tracker, searchPause: searchPause))
    case .categories:
      root = .categories(CategoryGridViewModel(api: api, tracker: tracker))
    }
    stateHolder = StateHolder(AppState(root: root.screen))
    tokens = [follow(root)]
  }

  /// The recipe list at the root, when the app started on it.
  public var list: MealListViewModel? { root.list }

  /// A recipe's detail screen with a view model of this app, for a deep link:
  /// `app.send(.pathChanged(app.path + [app.makeDetail(meal)]))`.
  public func makeDetail(_ meal: Meal, isRandom: Bool = false) -> Destination {
    .detail(
      MealDetailViewModel(
        meal: meal, isRandom: isRandom, api: api, favorites: favorites, tracker: tracker))
  }

  /// A category's recipe list with a view model of this app, as a tile of the grid pushes it.
  public func makeList(category: String) -> Destination {
    .list(
      MealListViewModel(
        api: api, clock: clock, favorites: favorites, tracker: tracker, searchPause: searchPause,
        category: category, categories: root.categories ?? []))
  }

  // MARK: - Intents

  /// Starts the app on its root screen: the list loads the categories and the start category's
  /// recipes; the grid loads the categories.
  @discardableResult
  public func launch() -> IntentTask {
    IntentTask(root.model.appeared())
  }

  /// Routes the intent to the screen on top; `finish()` on the result waits for the work it
  /// started. An intent the screen on top does not offer (a heart on a list, back on the root
  /// screen) is ignored: this is the one place that checks.
  @discardableResult
  public func send(_ intent: UserIntent) -> IntentTask {
    switch (intent, top) {
    case (.pathChanged(let destinations), _):
      return IntentTask(setPath(destinations))
    case (.linkTapped(let url), _):
      openedLinks.append(url)
    case (.backTapped, _) where !path.isEmpty:
      return IntentTask(setPath(path.dropLast()))
    case (.retryTapped, .categories(let grid)):
      return IntentTask(grid.retryTapped())
    case (.retryTapped, .detail(let detail)):
      return IntentTask(detail.retryTapped())
    case (.heartTapped, .detail(let detail)):
      detail.heartTapped()
    case (.categoryTileTapped(let category), .categories):
      return IntentTask(setPath(path + [makeList(category: category)]))
    case (_, .list(let list)):
      return IntentTask(send(intent, to: list))
    default:
      break
    }
    return .none
  }

  private func send(_ intent: UserIntent, to list: MealListViewModel) -> Task<Void, Never>? {
    switch intent {
    case .mealTapped(let meal): return setPath(path + [makeDetail(meal)])
    case .searchTextChanged(let text): return list.searchTextChanged(text)
    case .searchFocusChanged(let isFocused): list.searchFocusChanged(isFocused)
    case .suggestionPicked(let text): return list.suggestionPicked(text)
    case .categoryPicked(let category): return list.categoryPicked(category)
    case .pulledToRefresh: return list.pulledToRefresh()
    case .retryTapped: return list.retryTapped()
    case .diceTapped: return list.diceTapped()
    case .noticeDismissed: list.noticeDismissed()
    default: break
    }
    return nil
  }

  // MARK: - Navigation

  /// Sets the path: removed screens' work is cancelled, lists no longer on top drop their dice,
  /// and the screen on top appears (it loads, unless it has loaded).
  @discardableResult
  private func setPath(_ destinations: [Destination]) -> Task<Void, Never>? {
    let kept = zip(path, destinations).prefix { $0 == $1 }.count
    let removed = path[kept...]
    path = Array(destinations)
    pathIDs.removeSubrange(kept...)
    for _ in path[kept...] {
      lastID = StackID(rawValue: lastID.rawValue + 1)
      pathIDs.append(lastID)
    }
    tokens.removeSubrange((kept + 1)...)
    for destination in removed.reversed() { destination.model.disappeared() }
    tokens += path[kept...].map(follow)
    for destination in [root] + path where destination != top {
      destination.list?.covered()
    }
    publish()
    return top.model.appeared()
  }

  /// Follows a screen's changes, and, for a list, pushes the detail of what its dice found
  /// while that list is still on top.
  private func follow(_ destination: Destination) -> ObservationToken {
    destination.list?.onRandomMeal = { [weak self, weak list = destination.list] meal in
      guard let self, let list, top.list === list else { return }
      setPath(path + [makeDetail(meal, isRandom: true)])
    }
    return destination.model.observeChanges { [weak self] in self?.publish() }
  }

  private func publish() {
    stateHolder.value = AppState(
      root: root.screen,
      path: zip(pathIDs, path).map { AppState.Entry(id: $0, $1.screen) })
  }
}

extension AppModel {
  /// A screen with its own view model: the root, or an entry of the navigation path, what a
  /// SwiftUI port's `navigationDestination(for:)` switches over. Two destinations are equal when
  /// they hold the same view model, so two entries showing the same recipe stay apart.
  public enum Destination: Hashable, Identifiable, Sendable {
    /// The category grid; only ever the root.
    case categories(CategoryGridViewModel)
    /// A recipe list: the root, or a category's list pushed by a tile of the grid.
    case list(MealListViewModel)
    case detail(MealDetailViewModel)

    nonisolated var model: any ScreenLifecycle {
      switch self {
      case .categories(let grid): grid
      case .list(let list): list
      case .detail(let detail): detail
      }
    }

    /// The view model's identity, which tells entries apart.
    public nonisolated var id: ObjectIdentifier { ObjectIdentifier(model) }

    public nonisolated static func == (lhs: Destination, rhs: Destination) -> Bool {
      lhs.id == rhs.id
    }

    public nonisolated func hash(into hasher: inout Hasher) {
      hasher.combine(id)
    }
  }
}

@MainActor
extension AppModel.Destination {
  var screen: AppState.Screen {
    switch self {
    case .categories(let grid): .categories(grid.state)
    case .list(let list): .list(list.state)
    case .detail(let detail): .detail(detail.state)
    }
  }

  var list: MealListViewModel? {
    if case .list(let list) = self { list } else { nil }
  }

  /// The categories the screen knows, for the picker of a list pushed above it.
  var categories: [Category]? {
    switch self {
    case .categories(let grid): grid.state.categories.value
    case .list(let list): list.state.categories
    case .detail: nil
    }
  }
}

/// What navigation does with a screen's view model, whichever screen it is.
@MainActor
protocol ScreenLifecycle: AnyObject, Sendable {
  /// The screen came on top: it loads, unless it has loaded.
  func appeared() -> Task<Void, Never>?
  /// The screen left the path: its work in flight is cancelled.
  func disappeared()
  /// Calls `onChange` after every change of the screen's state.
  func observeChanges(_ onChange: @escaping @MainActor @Sendable () -> Void) -> ObservationToken
}

extension ScreenLifecycle where Self: StateObservable {
  func observeChanges(_ onChange: @escaping @MainActor @Sendable () -> Void) -> ObservationToken {
    observe { _ in onChange() }
  }
}

extension CategoryGridViewModel: ScreenLifecycle {}
extension MealListViewModel: ScreenLifecycle {}
extension MealDetailViewModel: ScreenLifecycle {}
