import MealDB

/// A snapshot of one recipe's detail screen.
public struct MealDetailState: Equatable, Sendable {
  /// The row that was tapped (or the dice's pick): id, name and thumbnail are known at once.
  public var meal: Meal
  /// The full recipe; `.loaded(nil)` means the server knows no recipe with this id.
  public var detail: LoadState<MealDetail?>
  public var isFavorite: Bool

  public init(meal: Meal, detail: LoadState<MealDetail?> = .idle, isFavorite: Bool = false) {
    self.meal = meal
    self.detail = detail
    self.isFavorite = isFavorite
  }

  /// The navigation title: the recipe's name.
  public var title: String {
    if case .loaded(let detail?) = detail { detail.name } else { meal.name }
  }
}
