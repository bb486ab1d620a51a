import MealDB

/// A snapshot of the category grid start screen (Bonus 2): every category as a tile.
public struct CategoryGridState: Equatable, Sendable {
  /// The tiles: loading, failed with a message, or loaded from `categories.php`.
  public var categories: LoadState<[Category]>

  public init(categories: LoadState<[Category]> = .idle) {
    self.categories = categories
  }
}
