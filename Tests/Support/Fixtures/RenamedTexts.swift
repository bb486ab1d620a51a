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
    let renamedKind: Kind
    switch kind {
    case .screen(let title): renamedKind = .screen(title: renamed(title))
    case .backButton(var back):
      back.title = renamed(back.title)
      renamedKind = .backButton(back)
    case .button(var button):
      button.title = renamed(button.title)
      renamedKind = .button(button)
    case .menu(var label):
      label.title = renamed(label.title)
      renamedKind = .menu(label)
    case .label(var label):
      label.title = renamed(label.title)
      renamedKind = .label(label)
    case .contentUnavailableView(var label):
      label.title = renamed(label.title)
      renamedKind = .contentUnavailableView(label)
    case .picker(var picker):
      picker.title = renamed(picker.title)
      renamedKind = .picker(picker)
    case .searchField(var field):
      field.prompt = renamed(field.prompt)
      renamedKind = .searchField(field)
    case .section(let header): renamedKind = .section(header: header.map(renamed))
    case .text(let text): renamedKind = .text(renamed(text))
    case .progressView(let title): renamedKind = .progressView(title: title.map(renamed))
    case .link(var link):
      link.title = renamed(link.title)
      renamedKind = .link(link)
    case .alert(let message): renamedKind = .alert(message: renamed(message))
    case .navigationStack, .toolbar, .list, .row, .image, .grid, .tile, .suggestion:
      renamedKind = kind
    }
    return Node(
      renamedKind, id: id, accessibility: accessibility,
      children: children.map { $0.renamingAppTexts() })
  }
}
