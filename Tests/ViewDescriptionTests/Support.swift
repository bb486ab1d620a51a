import Fixtures
import RezepteTesting
import ViewDescription
import ViewModels

/// The app's screen for a list snapshot, rendered with the default options.
func rendered(_ list: MealListState) -> String {
  TextRenderer().render(AppScreen.body(AppState(list: list)))
}

/// The app's screen with one detail pushed over the Dessert list, rendered with the defaults.
func rendered(_ detail: MealDetailState) -> String {
  TextRenderer().render(
    AppScreen.body(AppState(list: Fixture.dessertList, pushed: [.detail(detail)])))
}

extension Snapshotting where Value == AppState {
  /// The app's screen for a snapshot, drawn with the default options.
  static var screen: Snapshotting { Snapshotting<Node>.tree.pullback { AppScreen.body($0) } }
}

extension Snapshotting where Value == MealListState {
  /// The app's screen for a list snapshot, drawn with the default options.
  static var screen: Snapshotting { Snapshotting<AppState>.screen.pullback { AppState(list: $0) } }
}

extension Snapshotting where Value == MealDetailState {
  /// The app's screen with one detail pushed over the Dessert list, drawn with the defaults.
  static var screen: Snapshotting {
    Snapshotting<AppState>.screen.pullback {
      AppState(list: Fixture.dessertList, pushed: [.detail($0)])
    }
  }
}

extension Snapshotting where Value == CategoryGridState {
  /// The app started on the grid, drawn with `options`.
  static func screen(_ options: TextRenderer.Options = .default) -> Snapshotting {
    Snapshotting<Node>.tree(options).pullback { AppScreen.body(AppState(root: .categories($0))) }
  }
}

extension Snapshotting where Value == Node {
  /// A node tree drawn with `options`.
  static func tree(_ options: TextRenderer.Options) -> Snapshotting {
    Snapshotting { TextRenderer(options: options).render($0) }
  }
}
