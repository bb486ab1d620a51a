import MealDB
import ViewModels

/// The whole app as one tree: a `NavigationStack` showing the screen on top of the path, over
/// the recipe list or the category grid.
///
/// A pure function of the snapshot: the same `AppState` always gives the same tree.
public enum AppScreen {
  /// The navigation stack with the top screen, which carries its entry's identity; a pushed
  /// screen's back button carries the title of the screen below it, as SwiftUI's navigation bar
  /// shows it.
  public static func body(_ state: AppState) -> Node {
    let id = state.topID
    // The title of the screen below the top one, `nil` when the root is on top.
    let back: String? =
      switch state.belowTop {
      case nil: nil
      case .categories: AppText.categoriesTitle
      case .list(let list): list.title
      case .detail(let detail): detail.title
      }
    let top: Node =
      switch state.top {
      case .categories(let grid): CategoryGridScreen.body(grid, id: id)
      case .list(let list): MealListScreen.body(list, id: id, back: back)
      case .detail(let detail): MealDetailScreen.body(detail, id: id, back: back)
      }
    return .navigationStack([top])
  }

  /// What the app announces to VoiceOver for the change from `old` to `new`
  /// (`AccessibilityNotification.Announcement`), for what changed out of sight of the focus:
  /// a search's results or its empty result, a failed load, the heart turned, the recipe the
  /// dice opened. A screen that came on top otherwise is read from its title.
  public static func announcements(from old: AppState, to new: AppState) -> [String] {
    guard old.topID == new.topID else {
      guard new.path.count > old.path.count, let detail = new.top.detail, detail.isRandom else {
        return []
      }
      return [AppText.diceFound(detail.meal.name)]
    }
    var said: [String] = []
    if case .list(let before) = old.top, case .list(let after) = new.top,
      let query = after.loadedQuery, query.isSearch, case .loaded(let meals) = after.meals,
      before.loadedQuery != query || before.meals.value == nil
    {
      said.append(
        meals.isEmpty ? AppText.noResults(for: query.search.text) : AppText.found(meals.count))
    }
    if let failure = new.top.failure, failure != old.top.failure {
      said.append(AppText.message(for: failure))
    }
    if let after = new.top.detail, old.top.detail?.isFavorite != after.isFavorite {
      said.append(after.isFavorite ? AppText.favoriteAdded : AppText.favoriteRemoved)
    }
    return said
  }
}

extension AppState.Screen {
  /// Why the screen's load failed, if it did.
  public var failure: LoadFailure? {
    switch self {
    case .categories(let grid): grid.categories.failure
    case .list(let list): list.meals.failure
    case .detail(let detail): detail.recipe.failure
    }
  }
}

extension Node {
  /// `.accessibilityAddTraits(.isHeader)`: VoiceOver's rotor jumps from heading to heading.
  consuming func heading() -> Node {
    accessibility(.init(traits: .isHeader))
  }

  /// The lesson's error view: "Fehler" with the message and "Erneut versuchen" (lesson 3.11).
  static func failure(_ failure: LoadFailure) -> Node {
    .contentUnavailableView(
      AppText.failure, symbol: .wifiExclamationmark, description: AppText.message(for: failure),
      actions: [.button(AppText.retry, id: .retry, intent: .retryTapped)]
    ).heading()
  }
}
