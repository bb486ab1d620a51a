import MealDB
import ViewModels

/// The recipe list: toolbar, search field, the list in each of its states, and the notice.
public enum MealListScreen {
  /// The screen for a list snapshot (lesson Projekt D Teil 3, Schritte 2 to 7 and Bonus 1);
  /// `back` is the title of the screen below it when the list was pushed (from the grid).
  public static func body(_ state: MealListState, id: StackID = .root, back: String? = nil)
    -> Node
  {
    var children = [toolbar(state), searchField(state), content(state)]
    if let notice = state.notice {
      children.append(
        .alert(
          AppText.message(for: notice),
          [.button(AppText.noticeDismiss, id: .dismissNotice, intent: .noticeDismissed)]))
    }
    return .screen(state.title, id: id, back: back, children)
  }

  /// The search field with its text and, while it is focused and empty, the suggestions
  /// (lesson 3.12, `.searchSuggestions`).
  static func searchField(_ state: MealListState) -> Node {
    .searchField(
      prompt: AppText.searchPrompt, text: state.searchText.text, isFocused: state.isSearchFocused,
      suggestions: state.suggestions.map {
        .suggestion($0).accessibility(.init(label: AppText.suggestionLabel($0)))
      })
  }

  /// The dice (leading) and the category menu with its picker.
  static func toolbar(_ state: MealListState) -> Node {
    .toolbar([
      .button(
        AppText.dice, symbol: .dice, isDisabled: state.isDiceBusy, id: .dice,
        intent: .diceTapped
      ).accessibility(.init(hint: AppText.diceHint)),
      .menu(
        AppText.categoryMenu, symbol: .line3HorizontalDecreaseCircle, id: .categoryMenu,
        [
          .picker(
            AppText.categoryMenu, options: state.categories.map(\.name),
            selection: state.category, id: .categoryPicker)
        ]
      ).accessibility(.init(value: state.category)),
    ])
  }

  /// What fills the screen below the search field.
  static func content(_ state: MealListState) -> Node {
    switch state.meals {
    case .idle, .loading:
      return .progressView(AppText.listLoading)
    case .failed(let message):
      return .failure(message)
    case .loaded(let meals) where meals.isEmpty:
      switch state.emptyReason ?? .noMeals {
      case .noMeals:
        return .contentUnavailableView(AppText.noMeals, symbol: .forkKnife).heading()
      case .noResults(let query):
        return .contentUnavailableView(
          AppText.noResults(for: query), symbol: .magnifyingglass
        ).heading()
      }
    case .loaded(let meals):
      var rows = meals.map { row($0, state) }
      // Bonus 1 puts the section under the category list: search results go without it.
      if state.loadedQuery?.isSearch != true, !state.favorites.isEmpty {
        rows.append(
          .section(AppText.favoritesSection, state.favorites.map { row($0, state) }).heading())
      }
      return .list(refresh: .pulledToRefresh, isRefreshing: state.isRefreshing, rows)
    }
  }

  /// `NavigationLink(value: meal) { MealRow(meal: meal) }`: name, thumbnail, heart.
  static func row(_ meal: Meal, _ state: MealListState) -> Node {
    let isFavorite = state.favoriteIDs.contains(meal.id)
    // One element: the name and, for a favourite, its heart (`.accessibilityElement(children:
    // .combine)` over the heart's label).
    return .row(
      meal.name, thumbnail: meal.thumbnail, isFavorite: isFavorite, id: .meal(meal.id),
      intent: .mealTapped(meal)
    ).accessibility(.init(value: isFavorite ? AppText.favoriteMark : nil))
  }
}
