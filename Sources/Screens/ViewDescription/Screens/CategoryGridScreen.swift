import MealDB
import ViewModels

/// The category grid start screen (Bonus 2): every category as a tile with its image and name.
public enum CategoryGridScreen {
  /// The screen for a grid snapshot: loading, failed with "Erneut versuchen", or the tiles.
  public static func body(_ state: CategoryGridState, id: StackID = .root) -> Node {
    let content: Node =
      switch state.categories {
      case .idle, .loading: .progressView(AppText.categoriesLoading)
      case .failed(let message): .failure(message)
      case .loaded(let categories) where categories.isEmpty:
        .contentUnavailableView(AppText.noCategories, symbol: .squareGrid2x2).heading()
      case .loaded(let categories): .grid(categories.map(tile))
      }
    return .screen(AppText.categoriesTitle, id: id, [content])
  }

  /// `NavigationLink(value: category) { VStack { AsyncImage(…); Text(category.name) } }`.
  static func tile(_ category: Category) -> Node {
    .tile(
      category.name, image: category.thumbnail, id: .category(category.name),
      intent: .categoryTileTapped(category.name))
  }
}
