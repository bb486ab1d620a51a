import MealDB
import ViewModels

/// One recipe: picture, category and area, tags, ingredients, instructions, links, heart.
public enum MealDetailScreen {
  /// The screen for a detail snapshot; `back` is the title of the screen below it.
  public static func body(_ state: MealDetailState, id: StackID = .root, back: String? = nil)
    -> Node
  {
    let heart = Node.toolbar([
      .button(
        state.heartTitle, symbol: state.isFavorite ? .heartFill : .heart, id: .heart,
        intent: .heartTapped)
    ])
    let shown: Node =
      switch state.recipe {
      case .idle, .loading: .progressView(AppText.detailLoading)
      // The heart stays: a stored favourite whose recipe is gone can still be removed.
      case .failed(.notFound):
        .contentUnavailableView(
          AppText.notFound, symbol: .questionmarkCircle,
          description: AppText.message(for: .notFound))
      case .failed(let failure): .failure(failure)
      case .loaded(let recipe): content(recipe, state.meal)
      }
    return .screen(state.title, id: id, back: back, [heart, shown])
  }

  /// The recipe as a list of sections, each only when the recipe has what it shows.
  static func content(_ detail: MealDetail, _ meal: Meal) -> Node {
    let paragraphs = detail.paragraphs
    let sections: [Node?] = [
      (detail.thumbnail ?? meal.thumbnail).map { .image(url: $0) },
      detail.category.map { .label($0, symbol: .forkKnife) },
      detail.area.map { .label($0, symbol: .globe) },
      detail.tags.isEmpty
        ? nil : .label(detail.tags.joined(separator: ", "), symbol: .tag),
      detail.ingredients.isEmpty
        ? nil : .section(AppText.ingredients, detail.ingredients.map(ingredientLine)),
      paragraphs.isEmpty ? nil : .section(AppText.instructions, paragraphs.map(Node.text)),
      detail.youtubeURL.map { .link(AppText.video, destination: $0) },
      detail.sourceURL.map { .link(AppText.source, destination: $0) },
    ]
    return .list(sections.compactMap { $0 })
  }

  /// "measure name", or the name alone when the record gives no measure.
  static func ingredientLine(_ ingredient: Ingredient) -> Node {
    guard let measure = ingredient.measure else { return .text(ingredient.name) }
    return .text("\(measure) \(ingredient.name)")
  }
}
