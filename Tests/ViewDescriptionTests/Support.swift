import ViewDescription
import ViewModels

/// The app's screen for a list snapshot, rendered with the default options.
func rendered(_ list: MealListState) -> String {
  TextRenderer().render(AppScreen.body(AppState(list: list)))
}

/// The app's screen with one detail pushed over the Dessert list, rendered with the defaults.
func rendered(_ detail: MealDetailState) -> String {
  TextRenderer().render(
    AppScreen.body(AppState(list: Fixture.dessertList, path: [.detail(detail)])))
}
