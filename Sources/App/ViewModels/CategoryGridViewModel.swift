import MealDB
import VirtualTime

/// The category grid start screen (Bonus 2): loads `categories.php` and shows every category as
/// a tile; the app model pushes a tapped tile's recipe list.
///
/// Unlike the list's picker, which loads the categories silently, the grid *is* the categories:
/// it shows `loading`, and a failure shows the lesson's error view with "Erneut versuchen".
@MainActor
public final class CategoryGridViewModel: StateObservable {
  public let stateHolder = StateHolder(CategoryGridState())

  private let api: MealAPI
  private let loader: Loader<[Category]>

  /// The grid of `api`'s categories, its tasks spawned by `tracker`.
  public init(api: MealAPI, tracker: TaskTracker) {
    self.api = api
    loader = Loader(tracker: tracker)
  }

  // MARK: - Intents

  /// The screen appeared: the categories load, showing `loading`, unless they have been asked
  /// for already (coming back from a category's list changes nothing).
  @discardableResult
  public func appeared() -> Task<Void, Never>? {
    loader.loadIfNeeded(into: stateHolder, at: \.categories) { [api] in try await api.categories() }
  }

  /// "Erneut versuchen": loads the categories again, showing `loading`.
  @discardableResult
  public func retryTapped() -> Task<Void, Never> {
    loader.load(into: stateHolder, at: \.categories) { [api] in try await api.categories() }
  }

  /// The screen went away: the load in flight is cancelled.
  public func disappeared() {
    loader.cancel()
  }
}
