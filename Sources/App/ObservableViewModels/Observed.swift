import Observation
import ViewModels

/// An `@Observable` mirror of a view model's snapshot, for SwiftUI views that read `state` and
/// redraw when it changes. It follows the view model with `observe(_:)` for as long as it lives.
///
/// ```swift
/// struct RootStack: View {
///   @State private var app = ObservableApp(AppModel.live(transport: URLSessionTransport()))
///
///   var body: some View {
///     NavigationStack(path: $app.path) { RootView(app: app) }
///       .refreshable { await app.send(.pulledToRefresh).finish() }
///   }
/// }
/// ```
@Observable
@MainActor
public final class Observed<Model: StateObservable> {
  /// The view model's latest snapshot.
  public private(set) var state: Model.State
  /// The view model; send it intents.
  @ObservationIgnored public let model: Model
  @ObservationIgnored private var token: ObservationToken?

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
  /// deep link) sends `.pathChanged`. Each entry carries its screen's view model, which an
  /// `Observed` wraps as it wraps the app (`ObservableMealDetail(model)`).
  public var path: [AppModel.Destination] {
    get {
      // Every change of the path changes `state`, so reading it makes the path observed.
      _ = state
      return model.path
    }
    set { model.send(.pathChanged(newValue)) }
  }

  /// Sends the intent to the app; `finish()` on the result waits for the work it started.
  @discardableResult
  public func send(_ intent: UserIntent) -> IntentTask {
    model.send(intent)
  }
}
