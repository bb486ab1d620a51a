import Observation
import ViewModels

/// An `@Observable` mirror of a view model's snapshot, for SwiftUI views that read `state` and
/// redraw when it changes. It follows the view model with `observe(_:)` for as long as it lives;
/// `ObservableApp.observed(_:)` keeps the one of each screen, as the app of the article "Porting
/// to SwiftUI" (in `ViewModels`) shows.
@Observable
@MainActor
public final class Observed<Model: StateObservable> {
  /// The view model's latest snapshot.
  public private(set) var state: Model.State
  /// The view model; send it intents.
  @ObservationIgnored public let model: Model
  @ObservationIgnored private var token: ObservationToken?
  /// The mirrors of an app's screens, by their view model's identity (`observed(_:)`).
  @ObservationIgnored private var screens: [ObjectIdentifier: AnyObject] = [:]

  public init(_ model: Model) {
    self.model = model
    state = model.state
    token = model.observe { [weak self] state in self?.state = state }
  }
}

/// The whole app, observable.
public typealias ObservableApp = Observed<AppModel>
/// A recipe list, observable.
public typealias ObservableMealList = Observed<MealListViewModel>
/// A recipe's detail, observable.
public typealias ObservableMealDetail = Observed<MealDetailViewModel>
/// The category grid, observable.
public typealias ObservableCategoryGrid = Observed<CategoryGridViewModel>

extension Observed where Model == AppModel {
  /// The navigation path, for `NavigationStack(path: $app.path)`: setting it (a swipe back, a
  /// deep link) sends `.pathChanged`. Each entry carries its screen's view model, whose one
  /// `Observed` mirror `observed(_:)` gives.
  public var path: [AppModel.Destination] {
    get {
      // Every change of the path changes `state`, so reading it makes the path observed.
      _ = state
      return model.path
    }
    set { model.send(.pathChanged(newValue)) }
  }

  /// The one mirror of a screen of the app, its root or an entry of `path`
  /// (`app.observed(detail)`): the same on every call, so a view's `body` may ask each time it
  /// runs; let go once its entry has left the path.
  public func observed<Screen: StateObservable>(_ screen: Screen) -> Observed<Screen> {
    let shown = Set(([model.root] + model.path).map(\.id))
    screens = screens.filter { shown.contains($0.key) }
    if let mirror = screens[ObjectIdentifier(screen)] as? Observed<Screen> { return mirror }
    let mirror = Observed<Screen>(screen)
    screens[ObjectIdentifier(screen)] = mirror
    return mirror
  }

  /// Sends the intent to the app; `finish()` on the result waits for the work it started.
  @discardableResult
  public func send(_ intent: UserIntent) -> IntentTask {
    model.send(intent)
  }
}
