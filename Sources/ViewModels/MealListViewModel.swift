import Foundation
import MealDB
import VirtualTime

/// The recipe list: category picker, search with a pause, pull to refresh, dice and the
/// favourites section, as one `MealListState` snapshot and intents named after what the user did.
///
/// All work runs in tasks started with `tracker.spawn`, so `await tracker.settle()` waits for
/// exactly the work that is ready; the search pause sleeps on the injected clock.
///
/// **Notices.** `state.notice` holds a failed pull to refresh (the list stays) or a failed dice
/// tap. It stays until the user dismisses it or starts something new that could replace it:
/// a new query (typing that changes it, picking a category), a refresh, a retry or a dice tap.
///
/// A SwiftUI view follows the snapshots with either the callback or the stream:
///
/// ```swift
/// struct MealListView: View {
///   let model: MealListViewModel
///   @State private var state = MealListState()
///
///   var body: some View {
///     List { /* rows from state.meals */ }
///       .navigationTitle(state.title)
///       .searchable(text: Binding(get: { state.searchText }, set: model.searchTextChanged))
///       .searchFocused(Binding(get: { state.isSearchFocused }, set: model.searchFocusChanged))
///       .searchSuggestions {
///         // A button rather than `.searchCompletion`: the pick searches without the pause.
///         ForEach(state.suggestions, id: \.self) { term in
///           Button(term) { model.suggestionPicked(term) }
///         }
///       }
///       .refreshable { await model.pulledToRefresh().value }
///       .task {
///         model.appeared()
///         for await snapshot in model.stateUpdates() { state = snapshot }
///       }
///   }
/// }
/// ```
///
/// or, without a task: `token = model.observe { state = $0 }` kept alive as long as the view.
@MainActor
public final class MealListViewModel {
  /// The snapshot a screen draws; every change is passed to `observe(_:)` and `stateUpdates()`.
  public private(set) var state: MealListState {
    didSet {
      if state != oldValue { broadcaster.send(state) }
    }
  }

  /// Called with the meal the dice found; the app model pushes its detail screen.
  public var onRandomMeal: @MainActor (Meal) -> Void

  /// The pause after the last change of a search before its request goes out.
  public let searchPause: Duration

  /// The lesson's general message, shown when `random.php` sends no meal.
  public static let noRandomMealMessage = "Die Rezepte konnten nicht geladen werden."

  private let api: MealAPI
  private let clock: any Clock<Duration>
  private let favoritesStore: FavoritesStore
  private let tracker: TaskTracker
  private let broadcaster = Broadcaster<MealListState>()
  private var favoritesToken: ObservationToken?

  private var hasAppeared = false
  /// The list's load, including the search pause before it; cancelled when a newer one starts.
  private var loadTask: Task<Void, Never>?
  /// Counts list loads; an answer is applied only while its load is still the latest, so a stale
  /// response never replaces a newer one even if it ignores cancellation.
  private var loadGeneration = 0
  private var categoriesTask: Task<Void, Never>?
  private var diceTask: Task<Void, Never>?

  public init(
    api: MealAPI,
    clock: any Clock<Duration>,
    favorites: FavoritesStore,
    tracker: TaskTracker = TaskTracker(),
    searchPause: Duration = .milliseconds(400),
    category: String = MealListState.startCategory,
    categories: [Category] = [],
    suggestions: [String] = MealListState.defaultSuggestions,
    onRandomMeal: @escaping @MainActor (Meal) -> Void = { _ in }
  ) {
    self.api = api
    self.clock = clock
    self.favoritesStore = favorites
    self.tracker = tracker
    self.searchPause = searchPause
    self.onRandomMeal = onRandomMeal
    state = MealListState(
      category: category, categories: categories, suggestionTerms: suggestions,
      favoriteIDs: favorites.favoriteIDs, favorites: favorites.favorites)
    favoritesToken = favorites.observe { [weak self] favorites in
      self?.update {
        $0.favorites = favorites
        $0.favoriteIDs = Set(favorites.map(\.id))
      }
    }
  }

  // MARK: - Following changes

  /// Calls `onChange` with every new snapshot, until the token is cancelled or released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable (MealListState) -> Void
  ) -> ObservationToken {
    broadcaster.observe(onChange)
  }

  /// The current snapshot, then every new one; ends when the view model is gone.
  public func stateUpdates(
    bufferingPolicy: AsyncStream<MealListState>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<MealListState> {
    broadcaster.stream(startingWith: state, bufferingPolicy: bufferingPolicy)
  }

  // MARK: - Intents

  /// The screen appeared: the categories load once, silently (unless they were handed to `init`),
  /// and the start category's list loads. Appearing again (coming back from a detail) changes
  /// nothing.
  public func appeared() {
    guard !hasAppeared else { return }
    hasAppeared = true
    loadCategoriesIfMissing()
    startLoad(state.query, pause: false, keepingList: false)
  }

  /// The search field changed. The field shows the text at once; the list follows after the
  /// search pause, or at once when the search is cleared. Text that leaves the trimmed query as
  /// it was starts nothing.
  public func searchTextChanged(_ text: String) {
    let previous = state.query
    update { $0.searchText = text }
    guard state.query != previous else { return }
    queryChanged()
  }

  /// The search field gained or lost the focus. While it has it and is empty, `state.suggestions`
  /// lists the suggestions; the focus alone loads nothing.
  ///
  /// As on iOS, the field's clear button keeps the focus (`searchTextChanged("")` leaves it as it
  /// is, so the suggestions come back), while picking a suggestion, or leaving the screen, ends it.
  public func searchFocusChanged(_ isFocused: Bool) {
    update { $0.isSearchFocused = isFocused }
  }

  /// A suggestion was tapped (`.searchCompletion`): it fills the field and searches at once,
  /// without the search pause, and the field loses the focus as after the keyboard's search
  /// key. Nothing loads when that search is already shown.
  public func suggestionPicked(_ text: String) {
    let previous = state.query
    update {
      $0.searchText = text
      $0.isSearchFocused = false
    }
    // The same query again loads only if its answer is not there yet (its pause is running).
    guard state.query != previous || state.loadedQuery != state.query else { return }
    startLoad(state.query, pause: false, keepingList: false)
  }

  /// A category was picked: the list loads at once, with no pause, and whatever load was in
  /// flight (a search pause included) is cancelled. With a search in the field, the search is
  /// what loads, since it spans all categories.
  public func categoryPicked(_ category: String) {
    let previous = state.query
    update { $0.category = category }
    guard state.query != previous else { return }
    startLoad(state.query, pause: false, keepingList: false)
  }

  /// Pull to refresh: the list stays visible while it reloads, and a failure keeps it and
  /// shows a notice. With nothing loaded yet it behaves like `retryTapped()`.
  ///
  /// Await the returned task's `value` in `.refreshable` so the spinner lasts as long as the load.
  @discardableResult
  public func pulledToRefresh() -> Task<Void, Never> {
    loadCategoriesIfMissing()
    let keepList = state.meals.isLoaded
    return startLoad(state.query, pause: false, keepingList: keepList)
  }

  /// "Erneut versuchen": loads the current query again, showing `loading`.
  public func retryTapped() {
    loadCategoriesIfMissing()
    startLoad(state.query, pause: false, keepingList: false)
  }

  /// The dice: loads a random meal and hands it to `onRandomMeal`. Taps while it loads do nothing;
  /// a failure shows a notice and navigates nowhere.
  public func diceTapped() {
    guard !state.isDiceBusy else { return }
    update {
      $0.isDiceBusy = true
      $0.notice = nil
    }
    diceTask = tracker.spawn { [weak self, api] in
      let result: Result<Meal?, any Error>
      do {
        result = .success(try await api.random())
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      switch result {
      case .success(let meal?):
        update { $0.isDiceBusy = false }
        onRandomMeal(meal)
      case .success(nil):
        update {
          $0.isDiceBusy = false
          $0.notice = Self.noRandomMealMessage
        }
      case .failure(let error):
        update {
          $0.isDiceBusy = false
          $0.notice = ErrorMessage.text(for: error) ?? $0.notice
        }
      }
    }
  }

  /// The notice was dismissed.
  public func noticeDismissed() {
    update { $0.notice = nil }
  }

  /// The screen was popped off the navigation stack: its load, search pause, categories load
  /// and dice are cancelled, so that nothing it started reaches a screen that is gone.
  public func disappeared() {
    loadTask?.cancel()
    loadGeneration += 1
    categoriesTask?.cancel()
    diceTask?.cancel()
    update {
      $0.isSearchFocused = false
      $0.isDiceBusy = false
      $0.isRefreshing = false
    }
  }

  // MARK: - Loading

  private func queryChanged() {
    let query = state.query
    startLoad(query, pause: query.isSearch, keepingList: false)
  }

  /// Cancels the load in flight and starts one for `query`.
  ///
  /// - Parameters:
  ///   - pause: wait `searchPause` on the clock first (a search being typed).
  ///   - keepingList: refresh silently: no `loading`, and a failure becomes a notice.
  @discardableResult
  private func startLoad(_ query: Query, pause: Bool, keepingList: Bool) -> Task<Void, Never> {
    loadTask?.cancel()
    loadGeneration += 1
    let generation = loadGeneration
    update {
      $0.notice = nil
      $0.isRefreshing = keepingList
      if !pause && !keepingList { $0.meals = .loading }
    }
    let task = tracker.spawn { [weak self, api, clock, searchPause] in
      if pause {
        do {
          try await clock.sleepInPlace(for: searchPause)
        } catch {
          return  // Cancelled: the query changed again.
        }
        guard let self, generation == loadGeneration else { return }
        update { $0.meals = .loading }
      }
      let result: Result<[Meal], any Error>
      do {
        result = .success(
          try await query.isSearch ? api.search(query.search) : api.meals(in: query.category))
      } catch {
        result = .failure(error)
      }
      guard let self, generation == loadGeneration else { return }
      apply(result, for: query, keepingList: keepingList)
    }
    loadTask = task
    return task
  }

  private func apply(_ result: Result<[Meal], any Error>, for query: Query, keepingList: Bool) {
    switch result {
    case .success(let meals):
      update {
        $0.meals = .loaded(meals)
        $0.loadedQuery = query
        $0.isRefreshing = false
      }
    case .failure(let error):
      guard let message = ErrorMessage.text(for: error) else {
        // Cancellation is not an error; whoever cancelled has started the next load.
        update { $0.isRefreshing = false }
        return
      }
      update {
        $0.isRefreshing = false
        if keepingList && $0.meals.isLoaded {
          $0.notice = message
        } else {
          $0.meals = .failed(message)
          $0.loadedQuery = query
        }
      }
    }
  }

  /// Loads the categories unless they are there or on their way; a failure is silent.
  private func loadCategoriesIfMissing() {
    guard state.categories.isEmpty, categoriesTask == nil else { return }
    categoriesTask = tracker.spawn { [weak self, api] in
      let categories = try? await api.categories()
      guard let self else { return }
      categoriesTask = nil
      if let categories, !categories.isEmpty {
        update { $0.categories = categories }
      }
    }
  }

  /// Applies several changes as one new snapshot.
  private func update(_ change: (inout MealListState) -> Void) {
    var next = state
    change(&next)
    state = next
  }
}
