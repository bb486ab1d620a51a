import Fixtures
import MealDB
import ViewDescription
import ViewModels

@testable import TerminalPlayer

/// Hand-made screens, built by the real screen functions from the shared fixtures' states.
enum Screens {
  static let frangipanTart = Fixture.frangipanTart
  static let apamBalik = Fixture.apamBalik
  static let crumble = Fixture.crumble
  /// The pickers' and grids' categories: three, so that the tests' lines stay short.
  static let categories = Fixture.categories.filter { $0.name != "Breakfast" }

  /// The Dessert list with three rows, the tart a favourite.
  static var dessertState: MealListState {
    var state = Fixture.dessertList
    state.categories = categories
    return state
  }

  static var dessertList: Node { AppScreen.body(AppState(list: dessertState)) }

  /// The tart's detail over the list, still loading.
  static var tartDetail: Node {
    AppScreen.body(
      AppState(list: dessertState, pushed: [.detail(MealDetailState(meal: frangipanTart))]))
  }

  /// The list after a failed load.
  static var failedList: Node {
    var state = dessertState
    state.meals = .failed(.offline)
    return AppScreen.body(AppState(list: state))
  }

  /// The list with a notice after a failed refresh.
  static var listWithNotice: Node {
    var state = dessertState
    state.notice = .timeout
    return AppScreen.body(AppState(list: state))
  }
}

/// The layout of `tree` at `width`, as the player lays it out for `view`.
func layout(_ tree: Node, width: Int = 80, view: PlayerView = PlayerView()) -> Layout {
  ScreenLayout(columns: width).layout(tree, view: view)
}

/// What `keys` do, one after the other, on a screen that does not change in between.
func press(_ keys: [Key], on tree: Node, view: PlayerView = PlayerView()) -> [PlayerAction] {
  var view = view
  var actions: [PlayerAction] = []
  for key in keys {
    let action = KeyMap.action(
      for: key, tree: tree, layout: layout(tree, view: view), view: view)
    actions.append(action)
    view = action.view
  }
  return actions
}
