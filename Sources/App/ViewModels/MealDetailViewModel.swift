import MealDB
import VirtualTime

/// One recipe's detail screen: loads the full recipe with `lookup.php?i=` and toggles its heart.
///
/// The heart works when the server knows no such recipe too, so that a stored favourite whose
/// recipe is gone can still be removed; `state.isFavorite` follows the shared `FavoritesStore`.
@MainActor
public final class MealDetailViewModel: StateObservable {
  public let stateHolder: StateHolder<MealDetailState>

  private let api: MealAPI
  private let favoritesStore: FavoritesStore
  private let loader: Loader<MealDetail>
  private var favoritesToken: ObservationToken?

  /// The detail of `meal` as its row (or the dice, `isRandom`) named it, loaded from `api` when
  /// the screen appears, its heart toggling `favorites`, its tasks spawned by `tracker`.
  public init(
    meal: Meal, isRandom: Bool = false, api: MealAPI, favorites: FavoritesStore,
    tracker: TaskTracker
  ) {
    self.api = api
    self.favoritesStore = favorites
    loader = Loader(tracker: tracker)
    stateHolder = StateHolder(
      MealDetailState(
        meal: meal, isFavorite: favorites.contains(id: meal.id), isRandom: isRandom))
    favoritesToken = favorites.observe { [weak self] _ in
      guard let self else { return }
      stateHolder.value.isFavorite = favoritesStore.contains(id: state.meal.id)
    }
  }

  // MARK: - Intents

  /// The screen appeared: the recipe loads, showing `loading`, unless it has loaded already.
  @discardableResult
  public func appeared() -> Task<Void, Never>? {
    loader.loadIfNeeded(into: stateHolder, at: \.recipe, lookUp)
  }

  /// "Erneut versuchen": loads the recipe again, showing `loading`.
  @discardableResult
  public func retryTapped() -> Task<Void, Never> {
    loader.load(into: stateHolder, at: \.recipe, lookUp)
  }

  /// The heart button: adds the meal (id, name, thumbnail) to the favourites or removes it.
  public func heartTapped() {
    favoritesStore.toggle(state.meal)
  }

  /// The screen went away: the load in flight is cancelled.
  public func disappeared() {
    loader.cancel()
  }

  /// Loads the full recipe; a server that knows no such id answers `notFound`.
  private var lookUp: @MainActor @Sendable () async throws -> MealDetail {
    { [api, id = state.meal.id] in
      guard let recipe = try await api.detail(id: id) else { throw LoadFailure.notFound }
      return recipe
    }
  }
}
