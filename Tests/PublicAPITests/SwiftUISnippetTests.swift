import LiveNetwork
import ObservableViewModels
import ViewDescription
import ViewModels

#if canImport(SwiftUI)
  import SwiftUI
#endif

// The SwiftUI snippets of the doc comments and the README, word for word (`SnippetTests`
// checks that each is here): compiled against SwiftUI where it exists, else against
// `SwiftUIStandIns`. They are built, not run: none of them may reach the network.

// MARK: - Porting to SwiftUI: a list view

// `.searchFocused` needs iOS 18 / macOS 15 (see below for older systems).
@available(iOS 18, macOS 15, *)
struct MealListView: View {
  let model: MealListViewModel
  @State private var state = MealListState()
  @FocusState private var isSearchFocused: Bool

  var body: some View {
    List(state.meals.value ?? []) { meal in Text(meal.name) }
      .navigationTitle(state.title)
      // An intent returns its task; a binding's setter returns nothing.
      .searchable(
        text: Binding(get: { state.searchText.text }, set: { model.searchTextChanged($0) })
      )
      .searchFocused($isSearchFocused)
      .onChange(of: isSearchFocused) { model.searchFocusChanged(isSearchFocused) }
      .searchSuggestions {
        // A button rather than `.searchCompletion`: the pick searches without the pause.
        ForEach(state.suggestions, id: \.self) { term in
          Button(term) { model.suggestionPicked(term) }
        }
      }
      .refreshable { await model.pulledToRefresh().value }
      .task {
        model.appeared()
        for await snapshot in model.stateUpdates() { state = snapshot }
      }
  }
}

// MARK: - The grid view the article's `DestinationView` names

struct CategoryGridView: View {
  let model: CategoryGridViewModel
  @State private var state = CategoryGridState()

  var body: some View {
    LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) {
      ForEach(state.categories.value ?? []) { category in Text(category.name) }
    }
    .task {
      model.appeared()
      for await snapshot in model.stateUpdates() { state = snapshot }
    }
  }
}

// MARK: - Observed

struct RootStack: View {
  @State private var app = ObservableApp(AppModel.live(transport: URLSessionTransport()))

  var body: some View {
    NavigationStack(path: $app.path) { RootView(app: app) }
      .refreshable { await app.send(.pulledToRefresh).finish() }
  }
}

/// The root screen the snippets name.
struct RootView: View {
  let app: ObservableApp

  var body: some View {
    Text(app.state.list?.title ?? "")
  }
}

// MARK: - Porting to SwiftUI

struct RezepteApp: App {
  @State private var app = ObservableApp(
    AppModel.live(start: .list, transport: URLSessionTransport()))

  var body: some Scene {
    WindowGroup {
      NavigationStack(path: $app.path) {
        RootView(app: app)
          .navigationDestination(for: AppModel.Destination.self) { destination in
            DestinationView(app: app, destination: destination)
          }
      }
      .task { app.model.launch() }
    }
  }
}

/// A pushed screen, bound to the view model its path entry carries.
struct DestinationView: View {
  let app: ObservableApp
  let destination: AppModel.Destination

  var body: some View {
    switch destination {
    case .categories(let grid): CategoryGridView(model: grid)
    case .list(let list): RecipeList(app: app, list: ObservableMealList(list))
    case .detail(let detail): RecipeView(detail: ObservableMealDetail(detail))
    }
  }
}

/// A recipe list; a row sends `mealTapped`, and the app pushes that recipe's detail.
struct RecipeList: View {
  let app: ObservableApp
  @State var list: ObservableMealList

  var body: some View {
    List(list.state.meals.value ?? []) { meal in
      Button(meal.name) { app.send(.mealTapped(meal)) }
    }
    .navigationTitle(list.state.title)
    .searchable(
      text: Binding(get: { list.state.searchText.text }, set: { app.send(.searchTextChanged($0)) })
    )
    .refreshable { await app.send(.pulledToRefresh).finish() }
  }
}

/// A recipe's detail, following its own view model.
struct RecipeView: View {
  @State var detail: ObservableMealDetail

  var body: some View {
    Text(detail.state.title)
      .toolbar {
        Button(detail.state.heartTitle) { detail.model.heartTapped() }
      }
  }
}

// MARK: - AppModel.live

/// `AppModel.live`'s snippet; never called, as it would reach TheMealDB.
@MainActor
func launchLiveApp() {
  let app = AppModel.live(transport: URLSessionTransport())
  app.launch()
}
