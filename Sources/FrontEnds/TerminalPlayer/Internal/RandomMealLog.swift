import Foundation
import MealDB
import VirtualTime

/// Passes requests on to another transport and notes the meal of every `random.php` answer:
/// what the dice returned, for the saved scenario's `given random`.
final class RandomMealLog: Transport {
  private let base: any Transport
  private let ids = Locked<[String]>([])

  init(_ base: any Transport) {
    self.base = base
  }

  /// The meals `random.php` answered with, in the order the answers came.
  var meals: [String] { ids.withLock { $0 } }

  func send(_ request: APIRequest) async throws -> APIResponse {
    let response = try await base.send(request)
    if request.path == "random.php", response.status == 200,
      let id = Self.mealID(in: response.body)
    {
      ids.withLock { $0.append(id) }
    }
    return response
  }

  /// The id of the first meal of a `random.php` answer.
  static func mealID(in body: Data) -> String? {
    MealAPI.meals(fromAnswer: body)?.first?.id
  }
}
