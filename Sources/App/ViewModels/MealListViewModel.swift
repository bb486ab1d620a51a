import MealDB
import VirtualTime

/// The recipe list: category picker, search with a pause, pull to refresh, dice and the
/// favourites section, as one `MealListState` snapshot and intents named after what the user did.
///
/// **Notices.** `state.notice` holds why a pull to refresh (the list stays) or a dice tap
/// failed. It stays until the user dismisses it or starts something new that could replace it:
/// a new query (typing that changes it, picking a category), a refresh, a retry or a dice tap.
@MainActor
public final class MealListViewModel: StateObservable {
  public let stateHolder: StateHolder<MealListState>

  /// Called with the meal the dice found; the app model pushes its detail screen.
  public var onRandomMeal: @MainActor (Meal) -> Void = { _ in }

  private let searchPause: Duration
  private let api: MealAPI
  private let clock: any Clock<Duration>
  private var favoritesToken: ObservationToken?

  private var hasAppeared = false
  /// The list's load, search pause included.
  private let meals: Loader<[Meal]>
  private let categories: Loader<[Category]>
  private let dice: Loader<Meal?>

  /// A list over `api`, its search pause on `clock`, its hearts and „Favoriten“ section from
  /// `favorites`, its tasks spawned by `tracker` (see `AppModel.init`), starting on `category`
  /// with the picker's `categories` when they are known (they load otherwise).
  public init(
    api: MealAPI,
    clock: any Clock<Duration>,
    favorites: FavoritesStore,
    tracker: TaskTracker,
    searchPause: Duration = .milliseconds(400),
    category: String = MealListState.startCategory,
    categories: [Category] = []
  ) {
    self.api = api
    self.clock = clock
    self.searchPause = searchPause
    meals = Loader(tracker: tracker)
    self.categories = Loader(tracker: tracker)
    dice = Loader(tracker: tracker)
    stateHolder = StateHolder(
      MealListState(
        category: category, categories: categories, favoriteIDs: favorites.favoriteIDs,
        favorites: favorites.favorites))
    favoritesToken = favorites.observe { [weak self] favorites in
      self?.stateHolder.update {
        $0.favorites = favorites
        $0.favoriteIDs = Set(favorites.map(\.id))
      }
    }
  }

  // MARK: - Intents

  /// The screen appeared: the categories load once, silently (unless they were handed to `init`),
  /// and the start category's list loads. Appearing again (coming back from a detail) changes
  /// nothing.
  @discardableResult
  public func appeared() -> Task<Void, Never>? {
    guard !hasAppeared else { return nil }
    hasAppeared = true
    loadCategoriesIfMissing()
    return startLoad(state.query, pause: false, keepingList: false)
  }

  /// The search field changed. The field shows the text at once; the list follows after the
  /// search pause, or at once when the search is cleared. Text that leaves the trimmed query as
  /// it was starts nothing.
  @discardableResult
  public func searchTextChanged(_ text: String) -> Task<Void, Never>? {
    let previous = state.query
    stateHolder.value.searchText = SearchText(text)
    let query = state.query
    guard query != previous else { return nil }
    return startLoad(query, pause: query.isSearch, keepingList: false)
  }

  /// The search field gained or lost the focus; while it has it and is empty, `state.suggestions`
  /// lists the suggestions. As on iOS, clearing the field keeps the focus, while picking a
  /// suggestion or leaving the screen ends it.
  public func searchFocusChanged(_ isFocused: Bool) {
    stateHolder.value.isSearchFocused = isFocused
  }

  /// A suggestion was tapped (`.searchCompletion`): it fills the field and searches at once,
  /// without the search pause, and the field loses the focus as after the keyboard's search
  /// key. Nothing loads when that search is already shown.
  @discardableResult
  public func suggestionPicked(_ text: String) -> Task<Void, Never>? {
    let previous = state.query
    stateHolder.update {
      $0.searchText = SearchText(text)
      $0.isSearchFocused = false
    }
    guard state.query != previous || state.loadedQuery != state.query else { return nil }
    return startLoad(state.query, pause: false, keepingList: false)
  }

  /// A category was picked: the list loads at once, with no pause, and whatever load was in
  /// flight (a search pause included) is cancelled. With a search in the field, the search is
  /// what loads, since it spans all categories. The user's own choice wins over the dice: its
  /// request is dropped.
  @discardableResult
  public func categoryPicked(_ category: String) -> Task<Void, Never>? {
    dropDice()
    let previous = state.query
    stateHolder.value.category = category
    guard state.query != previous else { return nil }
    return startLoad(state.query, pause: false, keepingList: false)
  }

  /// Pull to refresh: the list stays visible while it reloads, and a failure keeps it and
  /// shows a notice; with nothing loaded yet it behaves like `retryTapped()`.
  @discardableResult
  public func pulledToRefresh() -> Task<Void, Never> {
    loadCategoriesIfMissing()
    return startLoad(state.query, pause: false, keepingList: state.meals.isLoaded)
  }

  /// "Erneut versuchen": loads the current query again, showing `loading`.
  @discardableResult
  public func retryTapped() -> Task<Void, Never> {
    loadCategoriesIfMissing()
    return startLoad(state.query, pause: false, keepingList: false)
  }

  /// The dice: loads a random meal and hands it to `onRandomMeal`. Taps while it loads do nothing;
  /// a failure shows a notice and navigates nowhere.
  @discardableResult
  public func diceTapped() -> Task<Void, Never>? {
    guard !state.isDiceBusy else { return nil }
    stateHolder.update {
      $0.isDiceBusy = true
      $0.notice = nil
    }
    return dice.start { [api] in
      try await api.random()
    } apply: { [weak self] outcome in
      guard let self else { return }
      stateHolder.update {
        $0.isDiceBusy = false
        switch outcome {
        case .loaded(.some), .cancelled: break
        case .loaded(nil): $0.notice = .other  // random.php sent no meal
        case .failed(let failure): $0.notice = failure
        }
      }
      if case .loaded(let meal?) = outcome { onRandomMeal(meal) }
    }
  }

  public func noticeDismissed() {
    stateHolder.value.notice = nil
  }

  /// Another screen was pushed over this one: the search field loses the focus (the keyboard
  /// goes down), and the dice's request is dropped: the user's own navigation wins.
  public func covered() {
    searchFocusChanged(false)
    dropDice()
  }

  /// The screen was popped off the navigation stack: its load, search pause, categories load
  /// and dice are cancelled, so that nothing it started reaches a screen that is gone.
  public func disappeared() {
    meals.cancel()
    categories.cancel()
    dice.cancel()
    stateHolder.update {
      $0.isSearchFocused = false
      $0.isDiceBusy = false
      $0.isRefreshing = false
    }
  }

  // MARK: - Loading

  private func dropDice() {
    dice.cancel()
    stateHolder.value.isDiceBusy = false
  }

  /// Cancels the load in flight and starts one for `query`, after `searchPause` when `pause`
  /// (a search being typed); `keepingList` refreshes without `loading`, a failure as a notice.
  private func startLoad(_ query: Query, pause: Bool, keepingList: Bool) -> Task<Void, Never> {
    stateHolder.update {
      $0.notice = nil
      $0.isRefreshing = keepingList
      if !pause && !keepingList { $0.meals = .loading }
    }
    return meals.start { [weak self, api, clock, searchPause] in
      if pause {
        try await clock.sleepInPlace(for: searchPause)
        // Cancelled while the sleeper was already woken: the query changed again.
        try Task.checkCancellation()
        self?.stateHolder.value.meals = .loading
      }
      return try await query.isSearch
        ? api.search(query.search.text) : api.meals(in: query.category)
    } apply: { [weak self] outcome in
      self?.apply(outcome, for: query, keepingList: keepingList)
    }
  }

  private func apply(_ outcome: LoadOutcome<[Meal]>, for query: Query, keepingList: Bool) {
    stateHolder.update {
      $0.isRefreshing = false
      switch outcome {
      case .loaded(let meals):
        $0.meals = .loaded(meals)
        $0.loadedQuery = query
      case .failed(let failure) where keepingList && $0.meals.isLoaded:
        $0.notice = failure
      case .failed(let failure):
        $0.meals = .failed(failure)
        $0.loadedQuery = query
      case .cancelled:
        break  // Cancellation is not an error; whoever cancelled has started the next load.
      }
    }
  }

  /// Loads the categories unless they are there or on their way; a failure is silent.
  private func loadCategoriesIfMissing() {
    guard state.categories.isEmpty, !categories.isRunning else { return }
    categories.start { [api] in
      try await api.categories()
    } apply: { [weak self] outcome in
      if case .loaded(let categories) = outcome, !categories.isEmpty {
        self?.stateHolder.value.categories = categories
      }
    }
  }
}
