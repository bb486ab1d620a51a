import MealCatalog
import ViewDescription
import ViewModels

/// What a session may do next: the gestures the screen offers, and the clock, the network and
/// a relaunch, each with a weight; and how each action can be made simpler when shrinking.
enum ActionMenu {
  /// Texts typed at the end of the search field; together they spell the catalog's names,
  /// blanks, and texts that find nothing.
  static let texts = [
    "L", "a", "s", "Las", "agne", "Pie", "Cake", "Soup", " ", "Chicken", "e", "xyz",
  ]
  static let shortWaits: [Duration] = [
    .milliseconds(50), .milliseconds(100), .milliseconds(300), .milliseconds(400),
  ]
  static let longWaits: [Duration] = [.seconds(1), .seconds(2), .seconds(10)]
  static let delays: [Duration] = [.zero, .milliseconds(300), .seconds(1), .seconds(2)]
  static let endpoints: [String?] = [
    nil, "categories.php", "filter.php", "search.php", "lookup.php", "random.php",
  ]

  /// Every network change: each fault for everything or one endpoint, and healing.
  static let networkChanges: [ExploreAction] =
    Array(repeating: .network(nil, endpoint: nil), count: 6)
    + CatalogTransport.Fault.allCases.flatMap { fault in
      endpoints.map { ExploreAction.network(fault, endpoint: $0) }
    }

  static let delayChanges: [ExploreAction] = delays.flatMap { delay in
    endpoints.map { ExploreAction.delay(delay, endpoint: $0) }
  }

  /// The actions on offer, in groups: a group's weight, then its actions (one is picked evenly).
  static func menu(on screen: Node) -> [(weight: UInt64, actions: [ExploreAction])] {
    var menu: [(UInt64, [ExploreAction])] = []
    var opens: [ExploreAction] = []
    var seen: Set<String> = []
    var picks: [ExploreAction] = []
    var suggestions: [ExploreAction] = []
    var links: [ExploreAction] = []
    for tappable in screen.tappables {
      switch tappable.kind {
      case .row, .tile:
        if seen.insert(tappable.label).inserted { opens.append(.open(tappable.label)) }
      case .picker: picks.append(.pickCategory(tappable.label))
      case .suggestion: suggestions.append(.pickSuggestion(tappable.label))
      case .link: links.append(.tap(tappable.label))
      case .screen: menu.append((3, [.back]))
      case .button:
        switch tappable.label {
        case AppText.dice: menu.append((2, [.tapDice]))
        case AppText.retry: menu.append((3, [.retry]))
        case AppText.noticeDismiss: menu.append((3, [.dismissNotice]))
        case AppText.addFavorite, AppText.removeFavorite:
          menu.append((3, [.toggleHeart]))
        default: break
        }
      default: break
      }
    }
    if !opens.isEmpty { menu.append((4, opens)) }
    if !picks.isEmpty { menu.append((2, picks)) }
    if !suggestions.isEmpty { menu.append((2, suggestions)) }
    if !links.isEmpty { menu.append((1, links)) }
    if let field = screen.first(where: { $0.kind == .searchField }) {
      menu.append((5, texts.map(ExploreAction.type)))
      if field.text?.isEmpty == false { menu.append((2, [.clearSearch])) }
      if !field.has(.focused) { menu.append((1, [.focusSearch])) }
    }
    if screen.first(where: { $0.has(.refreshable) }) != nil { menu.append((2, [.pullToRefresh])) }
    menu.append((5, shortWaits.map(ExploreAction.wait)))
    menu.append((2, longWaits.map(ExploreAction.wait)))
    menu.append((2, networkChanges))
    menu.append((1, delayChanges))
    menu.append((1, [.relaunch]))
    return menu
  }

  /// Picks one action on offer.
  static func pick(on screen: Node, using random: inout SeededGenerator) -> ExploreAction {
    let menu = menu(on: screen)
    let total = menu.reduce(0) { $0 + $1.weight }
    var roll = random.next() % total
    for group in menu {
      if roll < group.weight {
        return group.actions[Int(random.next() % UInt64(group.actions.count))]
      }
      roll -= group.weight
    }
    return .wait(shortWaits[0])
  }

  /// Simpler forms of an action, simplest first: shorter waits, delays and texts.
  static func simplifications(of action: ExploreAction) -> [ExploreAction] {
    let waits: [Duration] = [
      .milliseconds(100), .milliseconds(399), .milliseconds(400), .seconds(1), .seconds(2),
      .seconds(10),
    ]
    switch action {
    case .wait(let duration):
      return waits.filter { $0 < duration }.map(ExploreAction.wait)
    case .delay(let duration, let endpoint):
      return delays.filter { $0 < duration }.map { .delay($0, endpoint: endpoint) }
    case .type(let text) where text.count > 1:
      return (1..<text.count).map { .type(String(text.prefix($0))) }
    default:
      return []
    }
  }
}
