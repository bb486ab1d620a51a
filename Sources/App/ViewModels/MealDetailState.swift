import MealDB

/// A snapshot of one recipe's detail screen.
public struct MealDetailState: Equatable, Sendable {
  /// The row that was tapped (or the dice's pick): id, name and thumbnail are known at once.
  public var meal: Meal
  /// The full recipe: loading, loaded, or failed; `.failed(.notFound)` when the server knows
  /// no recipe with this id (`null` or `"Invalid ID"`), which the screen shows as "Rezept nicht
  /// gefunden" rather than as an error to retry.
  public var recipe: LoadState<MealDetail>
  public var isFavorite: Bool
  /// Whether the dice opened it, not a tap on its row: VoiceOver announces the recipe then.
  public var isRandom: Bool

  public init(
    meal: Meal, recipe: LoadState<MealDetail> = .idle, isFavorite: Bool = false,
    isRandom: Bool = false
  ) {
    self.meal = meal
    self.recipe = recipe
    self.isFavorite = isFavorite
    self.isRandom = isRandom
  }

  /// The navigation title: the recipe's name.
  public var title: String {
    recipe.value?.name ?? meal.name
  }
}
