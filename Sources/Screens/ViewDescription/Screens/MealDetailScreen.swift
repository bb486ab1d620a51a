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
        intent: .heartTapped
      ).accessibility(.init(traits: state.isFavorite ? .isSelected : []))
    ])
    let shown: Node =
      switch state.recipe {
      case .idle, .loading: .progressView(AppText.detailLoading)
      // The heart stays: a stored favourite whose recipe is gone can still be removed.
      case .failed(.notFound):
        .contentUnavailableView(
          AppText.notFound, symbol: .questionmarkCircle,
          description: AppText.message(for: .notFound)
        ).heading()
      case .failed(let failure): .failure(failure)
      case .loaded(let recipe): content(recipe, state.meal)
      }
    return .screen(state.title, id: id, back: back, [heart, shown])
  }

  /// The recipe as a list of sections, each only when the recipe has what it shows.
  static func content(_ detail: MealDetail, _ meal: Meal) -> Node {
    let paragraphs = detail.paragraphs
    let sections: [Node?] = [
      // Decorative: the title names the dish, and the API says nothing of what the photo shows.
      (detail.thumbnail ?? meal.thumbnail).map {
        .image(url: $0).accessibility(.init(isHidden: true))
      },
      detail.category.map {
        .label($0, symbol: .forkKnife).accessibility(.init(label: AppText.categoryLabel($0)))
      },
      detail.area.map {
        .label($0, symbol: .globe).accessibility(.init(label: AppText.areaLabel($0)))
      },
      detail.tags.isEmpty
        ? nil
        : Node.label(detail.tags.joined(separator: ", "), symbol: .tag).accessibility(
          .init(label: AppText.tagsLabel(detail.tags.joined(separator: ", ")))),
      detail.ingredients.isEmpty
        ? nil : .section(AppText.ingredients, detail.ingredients.map(ingredientLine)).heading(),
      paragraphs.isEmpty
        ? nil : .section(AppText.instructions, paragraphs.map(Node.text)).heading(),
      detail.youtubeURL.map { .link(AppText.video, destination: $0) },
      detail.sourceURL.map { .link(AppText.source, destination: $0) },
    ]
    return .list(sections.compactMap { $0 })
  }

  /// "measure name", or the name alone when the record gives no measure.
  static func ingredientLine(_ ingredient: Ingredient) -> Node {
    .text(ingredient.measure.map { "\($0) \(ingredient.name)" } ?? ingredient.name)
  }
}
