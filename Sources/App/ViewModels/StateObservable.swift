/// Holds a view model's snapshot and tells every observer about each change: the one piece that
/// gives every view model its `state`, `observe(_:)` and `stateUpdates()`.
///
/// Only the view model that owns it changes `value`; an unchanged value reaches nobody.
@MainActor
public final class StateHolder<State: Equatable & Sendable> {
  /// The current snapshot; a new one is compared before it is stored, with no copy of the old.
  public internal(set) var value: State {
    get { current }
    set {
      guard newValue != current else { return }
      current = newValue
      broadcaster.send(newValue)
    }
  }
  private var current: State

  fileprivate let broadcaster = Broadcaster<State>()

  init(_ value: State) {
    current = value
  }

  /// Applies several changes as one new snapshot.
  func update(_ change: (inout State) -> Void) {
    change(&value)
  }
}

/// A view model whose snapshot front ends follow, with a callback or a stream (the `@Observable`
/// wrappers of `ObservableViewModels` are built on `observe(_:)`).
@MainActor
public protocol StateObservable: AnyObject {
  /// The snapshot a screen draws.
  associatedtype State: Equatable & Sendable
  /// Where the snapshot lives.
  var stateHolder: StateHolder<State> { get }
}

extension StateObservable {
  /// The snapshot a screen draws; every change is passed to `observe(_:)` and `stateUpdates()`.
  public var state: State { stateHolder.value }

  /// Calls `onChange` with every new snapshot, until the token is cancelled or released.
  public func observe(
    _ onChange: @escaping @MainActor @Sendable (State) -> Void
  ) -> ObservationToken {
    stateHolder.broadcaster.observe(onChange)
  }

  /// The current snapshot, then every new one; ends when the view model is gone.
  public func stateUpdates() -> AsyncStream<State> {
    stateHolder.broadcaster.stream(startingWith: state)
  }
}
