import MealDB
import ViewModels

/// One recipe: picture, category and area, tags, ingredients, instructions, links, heart.
public enum MealDetailScreen {
  /// The screen for a detail snapshot; `back` is the title of the screen below it.
  public static func body(_ state: MealDetailState, back: String? = nil) -> Node {
    let heart = Node.toolbar([
      .button(state.heartTitle, systemImage: state.heartSymbol, intent: .heartTapped)
    ])
    switch state.recipe {
    case .idle, .loading:
      return .screen(state.title, back: back, [heart, .progressView(AppText.detailLoading)])
    case .failed(.notFound):
      // The heart stays: a stored favourite whose recipe is gone can still be removed.
      return .screen(
        state.title, back: back,
        [
          heart,
          .contentUnavailableView(
            AppText.notFound, systemImage: AppText.notFoundSymbol,
            description: AppText.message(for: .notFound)),
        ])
    case .failed(let failure):
      return .screen(state.title, back: back, [heart, .failure(failure)])
    case .loaded(let recipe):
      return .screen(state.title, back: back, [heart, content(recipe, state.meal)])
    }
  }

  /// The recipe as a list of sections.
  static func content(_ detail: MealDetail, _ meal: Meal) -> Node {
    var children: [Node] = []
    if let thumbnail = detail.thumbnail ?? meal.thumbnail {
      children.append(.image(url: thumbnail))
    }
    if let category = detail.category {
      children.append(.label(category, systemImage: AppText.categorySymbol))
    }
    if let area = detail.area {
      children.append(.label(area, systemImage: AppText.areaSymbol))
    }
    if !detail.tags.isEmpty {
      children.append(
        .label(detail.tags.joined(separator: ", "), systemImage: AppText.tagsSymbol))
    }
    if !detail.ingredients.isEmpty {
      children.append(.section(AppText.ingredients, detail.ingredients.map(ingredientLine)))
    }
    let paragraphs = detail.paragraphs
    if !paragraphs.isEmpty {
      children.append(.section(AppText.instructions, paragraphs.map(Node.text)))
    }
    if let video = detail.youtubeURL {
      children.append(.link(AppText.video, destination: video))
    }
    if let source = detail.sourceURL {
      children.append(.link(AppText.source, destination: source))
    }
    return .list(children)
  }

  /// "measure name", or the name alone when the record gives no measure.
  static func ingredientLine(_ ingredient: Ingredient) -> Node {
    guard let measure = ingredient.measure else { return .text(ingredient.name) }
    return .text("\(measure) \(ingredient.name)")
  }
}
