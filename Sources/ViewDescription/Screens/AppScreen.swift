import ViewModels

/// The whole app as one tree: a `NavigationStack` showing the screen on top of the path.
///
/// A pure function of the snapshot: the same `AppState` always gives the same tree.
public enum AppScreen {
  /// The navigation stack with the top screen; a pushed screen's back button carries the
  /// title of the screen below it, as SwiftUI's navigation bar shows it.
  public static func body(_ state: AppState) -> Node {
    .navigationStack([top(of: state)])
  }

  private static func top(of state: AppState) -> Node {
    switch state.top {
    case .list(let list):
      MealListScreen.body(list)
    case .detail(let detail):
      MealDetailScreen.body(detail, back: backTitle(state))
    }
  }

  /// The title of the screen below the top one.
  private static func backTitle(_ state: AppState) -> String {
    guard state.path.count >= 2 else { return state.list.title }
    switch state.path[state.path.count - 2] {
    case .detail(let detail): return detail.title
    }
  }
}

extension Node {
  /// The lesson's error view: "Fehler" with the message and "Erneut versuchen" (lesson 3.11).
  static func failure(_ message: String) -> Node {
    .contentUnavailableView(
      AppText.failure, systemImage: AppText.failureSymbol, description: message,
      actions: [.button(AppText.retry, intent: .retryTapped)])
  }
}
