import Foundation
import MealDB
import VirtualTime

/// The whole app: the root screen (the recipe list, or the category grid of Bonus 2), the
/// navigation path of screens above it, and the favourites they share. Front ends send
/// `UserIntent`s and draw `state`.
///
/// With `start: .categories`, a tile pushes that category's recipe list, which offers everything
/// the root list does (search, refresh, dice, picker, hearts); its dice pushes the detail above it.
///
/// A relaunch is a new `AppModel` over a `FavoritesStore` made from the same storage: it starts
/// on its root screen again with the favourites that were saved.
///
/// A SwiftUI front end can mirror it one to one:
///
/// ```swift
/// struct RootView: View {
///   let app: AppModel
///   @State private var state: AppState?
///
///   var body: some View {
///     NavigationStack { /* root from state.root, destinations from state.path */ }
///       .task {
///         app.launch()
///         for await snapshot in app.stateUpdates() { state = snapshot }
///       }
///   }
/// }
/// ```
///
/// or with a callback kept alive as long as the view: `token = app.observe { state = $0 }`.
@MainActor
public final class AppModel {
  /// The screen the app starts with: an app setting.
  public enum Start: String, CaseIterable, Sendable {
    /// The recipe list of the start category, with the "Kategorie" menu.
    case list
    /// The category grid (Bonus 2); a tile opens that category's recipe list.
    case categories
  }

  /// The root screen's view model.
  public enum Root {
    case list(MealListViewModel)
    case categories(CategoryGridViewModel)
  }

  /// A pushed screen's view model.
  public enum Destination {
    /// A category's recipe list, pushed from the grid.
    case list(MealListViewModel)
    case detail(MealDetailViewModel)

    /// The detail view model, if this is a detail screen.
    public var detail: MealDetailViewModel? {
      if case .detail(let detail) = self { detail } else { nil }
    }

    /// The list view model, if this is a list screen.
    public var list: MealListViewModel? {
      if case .list(let list) = self { list } else { nil }
    }
  }

  /// The snapshot of every screen; every change is passed to `observe(_:)` and `stateUpdates()`.
  public private(set) var state: AppState {
    didSet {
      if state != oldValue { broadcaster.send(state) }
    }
  }

  /// The screen the app started with.
  public let start: Start
  /// The root screen: the list, or the category grid.
  public let root: Root
  /// The pushed screens, bottom first.
  public private(set) var path: [Destination] = []
  /// The links the user tapped (a video, a source), oldest first; the app opens nothing itself.
  public private(set) var openedLinks: [URL] = []
  /// The shared favourites.
  public let favorites: FavoritesStore

  private let api: MealAPI
  private let clock: any Clock<Duration>
  private let tracker: TaskTracker
  private let searchPause: Duration
  private let broadcaster = Broadcaster<AppState>()
  private var rootToken: ObservationToken?
  private var pathTokens: [ObservationToken] = []

  public init(
    api: MealAPI,
    clock: any Clock<Duration>,
    favorites: FavoritesStore,
    tracker: TaskTracker = TaskTracker(),
    searchPause: Duration = .milliseconds(400),
    start: Start = .list
  ) {
    self.api = api
    self.clock = clock
    self.tracker = tracker
    self.searchPause = searchPause
    self.favorites = favorites
    self.start = start
    switch start {
    case .list:
      let list = MealListViewModel(
        api: api, clock: clock, favorites: favorites, tracker: tracker, searchPause: searchPause)
      root = .list(list)
      state = AppState(list: list.state)
    case .categories:
      let grid = CategoryGridViewModel(api: api, tracker: tracker)
      root = .categories(grid)
      state = AppState(root: .categories(grid.state))
    }
    switch root {
    case .list(let list):
      list.onRandomMeal = { [weak self, weak list] meal in
        guard let self, let list else { return }
        diceFound(meal, by: list)
      }
      rootToken = list.observe { [weak self] _ in self?.publish() }
    case .categories(let grid):
      rootToken = grid.observe { [weak self] _ in self?.publish() }
    }
  }

  /// The recipe list at the root, when the app started on it.
  public var list: MealListViewModel? {
    if case .list(let list) = root { list } else { nil }
  }

  // MARK: - Following changes

  /// Calls `onChange` with every new snapshot, until the token is cancelled or released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable (AppState) -> Void
  ) -> ObservationToken {
    broadcaster.observe(onChange)
  }

  /// The current snapshot, then every new one; ends when the app model is gone.
  public func stateUpdates(
    bufferingPolicy: AsyncStream<AppState>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<AppState> {
    broadcaster.stream(startingWith: state, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - Intents

  /// Starts the app on its root screen: the list loads the categories and the start category's
  /// recipes; the grid loads the categories.
  public func launch() {
    switch root {
    case .list(let list): list.appeared()
    case .categories(let grid): grid.appeared()
    }
  }

  /// Routes the intent to the screen on top.
  ///
  /// - Returns: `false` when the screen on top offers no such action (a heart on the list,
  ///   back on the root screen, a search on a detail screen, a tile anywhere but on the grid);
  ///   nothing changes then.
  @discardableResult
  public func send(_ intent: UserIntent) -> Bool {
    let top = topScreen
    switch intent {
    case .mealTapped(let meal):
      guard top.list != nil else { return false }
      push(meal)
    case .categoryTileTapped(let category):
      guard case .categories = top else { return false }
      pushList(category)
    case .backTapped:
      guard !path.isEmpty else { return false }
      pop()
    case .linkTapped(let url):
      openedLinks.append(url)
    case .heartTapped:
      guard let detail = top.detail else { return false }
      detail.heartTapped()
    case .retryTapped:
      switch top {
      case .categories(let grid): grid.retryTapped()
      case .list(let list): list.retryTapped()
      case .detail(let detail): detail.retryTapped()
      }
    case .searchTextChanged(let text):
      guard let list = top.list else { return false }
      list.searchTextChanged(text)
    case .searchFocusChanged(let isFocused):
      guard let list = top.list else { return false }
      list.searchFocusChanged(isFocused)
    case .suggestionPicked(let text):
      guard let list = top.list else { return false }
      list.suggestionPicked(text)
    case .categoryPicked(let category):
      guard let list = top.list else { return false }
      list.categoryPicked(category)
    case .pulledToRefresh:
      guard let list = top.list else { return false }
      list.pulledToRefresh()
    case .diceTapped:
      guard let list = top.list else { return false }
      list.diceTapped()
    case .noticeDismissed:
      guard let list = top.list else { return false }
      list.noticeDismissed()
    }
    return true
  }

  // MARK: - Navigation

  /// The view model of the screen on top.
  private enum TopModel {
    case categories(CategoryGridViewModel)
    case list(MealListViewModel)
    case detail(MealDetailViewModel)

    var list: MealListViewModel? {
      if case .list(let list) = self { list } else { nil }
    }

    var detail: MealDetailViewModel? {
      if case .detail(let detail) = self { detail } else { nil }
    }
  }

  private var topScreen: TopModel {
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

  /// Pushes a detail screen for `meal` and starts loading it.
  private func push(_ meal: Meal) {
    let detail = MealDetailViewModel(meal: meal, api: api, favorites: favorites, tracker: tracker)
    leaveTop()
    pathTokens.append(detail.observe { [weak self] _ in self?.publish() })
    path.append(.detail(detail))
    publish()
    detail.appeared()
  }

  /// Pushes the recipe list of `category`, with the grid's categories for its picker.
  private func pushList(_ category: String) {
    var categories: [Category] = []
    if case .categories(let grid) = root { categories = grid.state.categories.value ?? [] }
    let list = MealListViewModel(
      api: api, clock: clock, favorites: favorites, tracker: tracker, searchPause: searchPause,
      category: category, categories: categories)
    list.onRandomMeal = { [weak self, weak list] meal in
      guard let self, let list else { return }
      diceFound(meal, by: list)
    }
    pathTokens.append(list.observe { [weak self] _ in self?.publish() })
    path.append(.list(list))
    publish()
    list.appeared()
  }

  /// Pops the top screen and cancels what it still had in flight.
  private func pop() {
    let popped = path.removeLast()
    pathTokens.removeLast()
    switch popped {
    case .list(let list): list.disappeared()
    case .detail(let detail): detail.disappeared()
    }
    publish()
  }

  /// The screen on top is covered by a new one: a list's search field loses the focus, as the
  /// keyboard goes down when a row or the dice opens a recipe.
  private func leaveTop() {
    topScreen.list?.searchFocusChanged(false)
  }

  /// The dice of `list` found `meal`: its detail is pushed, unless that list has been popped.
  private func diceFound(_ meal: Meal, by list: MealListViewModel) {
    let isInStack =
      self.list === list || path.contains { $0.list === list }
    guard isInStack else { return }
    push(meal)
  }

  private func publish() {
    let rootState: AppState.Root =
      switch root {
      case .list(let list): .list(list.state)
      case .categories(let grid): .categories(grid.state)
      }
    state = AppState(
      root: rootState,
      path: path.map {
        switch $0 {
        case .list(let list): .list(list.state)
        case .detail(let detail): .detail(detail.state)
        }
      })
  }
}
