import MealCatalog
import Scenarios
import ViewDescription
import VirtualTime

/// What a session may do next: the gestures the screen offers, and the clock, the network and
/// a relaunch, each with a weight; and how each action can be made simpler when shrinking.
enum ActionMenu {
  /// Typing at the end of the search field: texts that together spell the catalog's names,
  /// blanks, and texts that find nothing.
  static let typing = [
    "L", "a", "s", "Las", "agne", "Pie", "Cake", "Soup", " ", "Chicken", "e", "xyz",
  ].map(Step.Action.type)
  static let shortWaits = [
    Duration.milliseconds(50), .milliseconds(100), .milliseconds(300), .milliseconds(400),
  ].map(Step.Action.wait)
  static let longWaits = [Duration.seconds(1), .seconds(2), .seconds(10)].map(Step.Action.wait)
  static let delays: [Duration] = [.zero, .milliseconds(300), .seconds(1), .seconds(2)]
  static let endpoints: [String?] = [
    nil, "categories.php", "filter.php", "search.php", "lookup.php", "random.php",
  ]

  /// Every network change: each fault for everything or one endpoint, and healing.
  static let networkChanges: [Step.Action] =
    Array(repeating: .network(nil, endpoint: nil), count: 6)
    + CatalogTransport.Fault.allCases.flatMap { fault in
      endpoints.map { Step.Action.network(fault, endpoint: $0) }
    }

  static let delayChanges: [Step.Action] = delays.flatMap { delay in
    endpoints.map { Step.Action.networkDelay(delay, endpoint: $0) }
  }

  /// A group of actions with its weight; one of its actions is picked evenly.
  typealias Group = (weight: UInt64, actions: [Step.Action])

  /// The actions on offer, in groups: the screen's controls by their identifiers and kinds, the
  /// search field, the refreshable list, and the rest; in one walk over the screen.
  static func menu(on screen: Node) -> [Group] {
    var menu: [Group] = []
    var titles: [String] = []  // of the rows and tiles
    var picks: [Step.Action] = []
    var suggestions: [Step.Action] = []
    var links: [Step.Action] = []
    var field: (hasText: Bool, isFocused: Bool)?
    var refreshable = false
    screen.walk { node, _ in
      switch node.kind {
      case .backButton: menu.append((3, [.back]))
      case .picker(let picker): picks += picker.options.map { .pickCategory($0.title) }
      case .list(let list): refreshable = refreshable || list.refresh != nil
      case .searchField(let search):
        if field == nil { field = (!search.text.isEmpty, search.isFocused) }
      case .row(let row): titles.append(row.title)
      case .tile(let tile): titles.append(tile.title)
      case .suggestion(let suggestion): suggestions.append(.pickSuggestion(suggestion.term))
      case .link(let link): links.append(.tap(link.title))
      case .button:
        switch node.id {
        case .dice: menu.append((2, [.tapDice]))
        case .retry: menu.append((3, [.retry]))
        case .dismissNotice: menu.append((3, [.dismissNotice]))
        case .heart: menu.append((3, [.toggleHeart]))
        default: break
        }
      default: break
      }
      return true
    }
    var seen = Set<String>(minimumCapacity: titles.count)
    titles = titles.filter { seen.insert($0).inserted }  // each once
    if !titles.isEmpty { menu.append((4, titles.map(Step.Action.open))) }
    if !picks.isEmpty { menu.append((2, picks)) }
    if !suggestions.isEmpty { menu.append((2, suggestions)) }
    if !links.isEmpty { menu.append((1, links)) }
    if let field {
      menu.append((5, typing))
      if field.hasText { menu.append((2, [.clearSearch])) }
      if !field.isFocused { menu.append((1, [.focusSearch])) }
    }
    if refreshable { menu.append((2, [.pullToRefresh])) }
    menu.append((5, shortWaits))
    menu.append((2, longWaits))
    menu.append((2, networkChanges))
    menu.append((1, delayChanges))
    menu.append((1, [.relaunch]))
    return menu
  }

  /// One action of `menu`, by the groups' weights.
  static func pick(from menu: [Group], using random: inout SeededGenerator) -> Step.Action {
    var roll = random.next() % menu.reduce(0) { $0 + $1.weight }
    for group in menu {
      if roll < group.weight {
        return group.actions[Int(random.next() % UInt64(group.actions.count))]
      }
      roll -= group.weight
    }
    preconditionFailure("the roll is less than the sum of the weights")
  }

  /// Simpler forms of an action, simplest first: shorter waits, delays and texts.
  static func simplifications(of action: Step.Action) -> [Step.Action] {
    let waits: [Duration] = [
      .milliseconds(100), .milliseconds(399), .milliseconds(400), .seconds(1), .seconds(2),
      .seconds(10),
    ]
    switch action {
    case .wait(let duration):
      return waits.filter { $0 < duration }.map(Step.Action.wait)
    case .networkDelay(let duration, let endpoint):
      return delays.filter { $0 < duration }.map { .networkDelay($0, endpoint: endpoint) }
    case .type(let text) where text.count > 1:
      return (1..<text.count).map { .type(String(text.prefix($0))) }
    default:
      return []
    }
  }
}
