import Foundation
import MealDB
import ViewModels

/// Every snapshot a view model reports through its change callback, from `record()` on.
@MainActor
final class Recorder<Value: Sendable> {
  private(set) var values: [Value] = []
  var token: ObservationToken?

  func record(_ value: Value) {
    values.append(value)
  }
}

extension StateObservable {
  /// Starts recording every new snapshot.
  func record() -> Recorder<State> {
    let recorder = Recorder<State>()
    recorder.token = observe { recorder.record($0) }
    return recorder
  }
}

/// A screen of the navigation path as the tests name it.
enum Shown: Equatable {
  case list(String)
  case detail(Meal)
}

extension AppState {
  /// The path's screens by what they show: a list's category, a detail's meal.
  var shownPath: [Shown] {
    path.map { entry in
      switch entry.screen {
      case .detail(let detail): .detail(detail.meal)
      case .list(let list): .list(list.category)
      case .categories: preconditionFailure("the grid is only ever the root")
      }
    }
  }
}

/// A transport that fails every request with one error, for errors the catalog cannot simulate
/// (`URLError.cancelled`, a plain `CancellationError`, a refused connection).
struct ThrowingTransport: Transport {
  let error: any Error & Sendable

  func send(_ request: APIRequest) async throws -> APIResponse {
    throw error
  }
}

/// Passes requests on but ignores cancellation, like a network stack whose answer is already on
/// its way: the view model's generation check alone must keep a stale answer out.
struct CancellationIgnoringTransport: Transport {
  let base: any Transport

  func send(_ request: APIRequest) async throws -> APIResponse {
    // An unstructured task does not inherit cancellation; it does inherit the task tracker, so a
    // delay still counts as sleeping on the virtual clock.
    try await Task { try await base.send(request) }.value
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
