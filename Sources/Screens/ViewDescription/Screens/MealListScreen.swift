import MealDB
import ViewModels

/// The recipe list: toolbar, search field, the list in each of its states, and the notice.
public enum MealListScreen {
  /// The screen for a list snapshot (lesson Projekt D Teil 3, Schritte 2 to 7 and Bonus 1);
  /// `back` is the title of the screen below it when the list was pushed (from the grid).
  public static func body(_ state: MealListState, back: String? = nil) -> Node {
    var children = [toolbar(state), searchField(state), content(state)]
    if let notice = state.notice {
      children.append(
        .alert(
          AppText.message(for: notice), [.button(AppText.noticeDismiss, intent: .noticeDismissed)]))
    }
    return .screen(state.title, back: back, children)
  }

  /// The search field with its text and, while it is focused and empty, the suggestions
  /// (lesson 3.12, `.searchSuggestions`).
  static func searchField(_ state: MealListState) -> Node {
    .searchField(
      prompt: AppText.searchPrompt, text: state.searchText.text, isFocused: state.isSearchFocused,
      suggestions: state.suggestions.map(Node.suggestion))
  }

  /// The dice (leading) and the category menu with its picker.
  static func toolbar(_ state: MealListState) -> Node {
    .toolbar([
      .button(
        AppText.dice, systemImage: AppText.diceSymbol, isDisabled: state.isDiceBusy,
        intent: .diceTapped),
      .menu(
        AppText.categoryMenu, systemImage: AppText.categoryMenuSymbol,
        [
          .picker(
            AppText.categoryMenu, options: state.categories.map(\.name),
            selection: state.category)
        ]),
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
        return .contentUnavailableView(AppText.noMeals, systemImage: AppText.noMealsSymbol)
      case .noResults(let query):
        return .contentUnavailableView(
          AppText.noResults(for: query), systemImage: AppText.noResultsSymbol)
      }
    case .loaded(let meals):
      var rows = meals.map { row($0, state) }
      // Bonus 1 puts the section under the category list: search results go without it.
      let showsCategory = state.loadedQuery?.isSearch != true
      if showsCategory, !state.favorites.isEmpty {
        rows.append(.section(AppText.favoritesSection, state.favorites.map { row($0, state) }))
      }
      return .list(refresh: .pulledToRefresh, isRefreshing: state.isRefreshing, rows)
    }
  }

  /// `NavigationLink(value: meal) { MealRow(meal: meal) }`: name, thumbnail, heart.
  static func row(_ meal: Meal, _ state: MealListState) -> Node {
    .row(
      meal.name, thumbnail: meal.thumbnail, isFavorite: state.favoriteIDs.contains(meal.id),
      intent: .mealTapped(meal))
  }
}
