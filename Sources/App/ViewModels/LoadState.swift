import MealDB

/// Where one loading process stands: exactly one of four cases (lesson 3.11).
public enum LoadState<Value> {
  /// Not started yet.
  case idle
  /// Loading; nothing to show yet.
  case loading
  /// Done, with the data.
  case loaded(Value)
  /// Failed, with why; the screen turns it into the message the user sees.
  case failed(LoadFailure)

  /// The data, when there is some.
  public var value: Value? {
    if case .loaded(let value) = self { value } else { nil }
  }

  /// Whether this is `.loaded`, whatever the data.
  public var isLoaded: Bool { value != nil }

  /// Why it failed, when it did.
  public var failure: LoadFailure? {
    if case .failed(let failure) = self { failure } else { nil }
  }
}

extension LoadState: Equatable where Value: Equatable {}
extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Hashable where Value: Hashable {}
