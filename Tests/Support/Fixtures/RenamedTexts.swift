import ViewDescription
import ViewModels

extension Fixture {
  /// Screens of the app over the fixture's data: the Dessert list with a notice over it, a
  /// list whose load failed, and a recipe's detail pushed over the list.
  public static var screens: [Node] {
    var noticed = dessertList
    noticed.notice = .offline
    let failed = MealListState(categories: dessertList.categories, meals: .failed(.timeout))
    let detail = MealDetailState(meal: frangipanTart, recipe: .loaded(tartDetail))
    return [
      AppScreen.body(AppState(list: noticed)), AppScreen.body(AppState(list: failed)),
      AppScreen.body(AppState(list: dessertList, pushed: [.detail(detail)])),
    ]
  }
}

extension Node {
  /// The tree with every text of the app spelled otherwise (titles, prompts, messages,
  /// headers, the back button), as another wording of `AppText` would; the meals, categories and
  /// suggestions a user names by their data stay. What finds a control by its title breaks on it.
  public func renamingAppTexts() -> Node {
    func renamed(_ text: String) -> String { "⟨" + String(text.reversed()) + "⟩" }
    var node = self
    switch kind {
    case .screen(let title): node.kind = .screen(title: renamed(title))
    case .backButton(var back):
      back.title = renamed(back.title)
      node.kind = .backButton(back)
    case .button(var button):
      button.title = renamed(button.title)
      node.kind = .button(button)
    case .menu(var label):
      label.title = renamed(label.title)
      node.kind = .menu(label)
    case .label(var label):
      label.title = renamed(label.title)
      node.kind = .label(label)
    case .contentUnavailableView(var label):
      label.title = renamed(label.title)
      node.kind = .contentUnavailableView(label)
    case .picker(var picker):
      picker.title = renamed(picker.title)
      node.kind = .picker(picker)
    case .searchField(var field):
      field.prompt = renamed(field.prompt)
      node.kind = .searchField(field)
    case .section(let header): node.kind = .section(header: header.map(renamed))
    case .text(let text): node.kind = .text(renamed(text))
    case .progressView(let title): node.kind = .progressView(title: title.map(renamed))
    case .link(var link):
      link.title = renamed(link.title)
      node.kind = .link(link)
    case .alert(let message): node.kind = .alert(message: renamed(message))
    case .navigationStack, .toolbar, .list, .row, .image, .grid, .tile, .suggestion: break
    }
    node.children = children.map { $0.renamingAppTexts() }
    return node
  }
}
