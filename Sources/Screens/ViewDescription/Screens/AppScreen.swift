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
    .navigationStack([top(of: state)])
  }

  private static func top(of state: AppState) -> Node {
    let id = state.topID
    let back = backTitle(state)
    return switch state.top {
    case .categories(let grid): CategoryGridScreen.body(grid, id: id)
    case .list(let list): MealListScreen.body(list, id: id, back: back)
    case .detail(let detail): MealDetailScreen.body(detail, id: id, back: back)
    }
  }

  /// The title of the screen below the top one, or `nil` when the root is on top.
  private static func backTitle(_ state: AppState) -> String? {
    switch state.belowTop {
    case nil: nil
    case .categories: AppText.categoriesTitle
    case .list(let list): list.title
    case .detail(let detail): detail.title
    }
  }
}

extension Node {
  /// The lesson's error view: "Fehler" with the message and "Erneut versuchen" (lesson 3.11).
  static func failure(_ failure: LoadFailure) -> Node {
    .contentUnavailableView(
      AppText.failure, symbol: .wifiExclamationmark, description: AppText.message(for: failure),
      actions: [.button(AppText.retry, id: .retry, intent: .retryTapped)])
  }
}
