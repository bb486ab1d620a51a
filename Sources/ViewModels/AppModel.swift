import Foundation
import MealDB
import VirtualTime

/// The whole app: the recipe list at the root, the navigation path of detail screens above it,
/// and the favourites they share. Front ends send `UserIntent`s and draw `state`.
///
/// A relaunch is a new `AppModel` over a `FavoritesStore` made from the same storage: it starts
/// on the list again with the favourites that were saved.
///
/// A SwiftUI front end can mirror it one to one:
///
/// ```swift
/// struct RootView: View {
///   let app: AppModel
///   @State private var state: AppState?
///
///   var body: some View {
///     NavigationStack { /* list from state.list, destinations from state.path */ }
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
  /// The snapshot of every screen; every change is passed to `observe(_:)` and `stateUpdates()`.
  public private(set) var state: AppState {
    didSet {
      if state != oldValue { broadcaster.send(state) }
    }
  }

  /// The list at the root of the navigation stack.
  public let list: MealListViewModel
  /// The pushed detail screens, bottom first.
  public private(set) var path: [MealDetailViewModel] = []
  /// The links the user tapped (a video, a source), oldest first; the app opens nothing itself.
  public private(set) var openedLinks: [URL] = []
  /// The shared favourites.
  public let favorites: FavoritesStore

  private let api: MealAPI
  private let tracker: TaskTracker
  private let broadcaster = Broadcaster<AppState>()
  private var listToken: ObservationToken?
  private var pathTokens: [ObservationToken] = []

  public init(
    api: MealAPI,
    clock: any Clock<Duration>,
    favorites: FavoritesStore,
    tracker: TaskTracker = TaskTracker(),
    searchPause: Duration = .milliseconds(400)
  ) {
    self.api = api
    self.tracker = tracker
    self.favorites = favorites
    list = MealListViewModel(
      api: api, clock: clock, favorites: favorites, tracker: tracker, searchPause: searchPause)
    state = AppState(list: list.state)
    list.onRandomMeal = { [weak self] meal in self?.push(meal) }
    listToken = list.observe { [weak self] _ in self?.publish() }
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

  /// Starts the app on the list: categories and the start category's recipes load.
  public func launch() {
    list.appeared()
  }

  /// Routes the intent to the screen on top.
  ///
  /// - Returns: `false` when the screen on top offers no such action (a heart on the list,
  ///   back on the list, a search on a detail screen); nothing changes then.
  @discardableResult
  public func send(_ intent: UserIntent) -> Bool {
    let detail = path.last
    switch intent {
    case .mealTapped(let meal):
      push(meal)
    case .backTapped:
      guard let detail else { return false }
      detail.disappeared()
      path.removeLast()
      pathTokens.removeLast()
      publish()
    case .linkTapped(let url):
      openedLinks.append(url)
    case .heartTapped:
      guard let detail else { return false }
      detail.heartTapped()
    case .retryTapped:
      if let detail { detail.retryTapped() } else { list.retryTapped() }
    case .searchTextChanged(let text):
      guard detail == nil else { return false }
      list.searchTextChanged(text)
    case .categoryPicked(let category):
      guard detail == nil else { return false }
      list.categoryPicked(category)
    case .pulledToRefresh:
      guard detail == nil else { return false }
      list.pulledToRefresh()
    case .diceTapped:
      guard detail == nil else { return false }
      list.diceTapped()
    case .noticeDismissed:
      guard detail == nil else { return false }
      list.noticeDismissed()
    }
    return true
  }

  // MARK: - Navigation

  /// Pushes a detail screen for `meal` and starts loading it.
  private func push(_ meal: Meal) {
    let detail = MealDetailViewModel(meal: meal, api: api, favorites: favorites, tracker: tracker)
    pathTokens.append(detail.observe { [weak self] _ in self?.publish() })
    path.append(detail)
    publish()
    detail.appeared()
  }

  private func publish() {
    state = AppState(list: list.state, path: path.map { .detail($0.state) })
  }
}
