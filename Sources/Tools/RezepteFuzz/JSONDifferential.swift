import Foundation
import MealCatalog

extension JSONValue {
  /// Where reading `data` as one JSON value disagrees with `JSONSerialization`, or `nil`: for
  /// the `catalog` fuzz target, which checks the package's reader against Foundation's.
  ///
  /// A text the reader reads must be one that `JSONSerialization` reads, to the same value. Not
  /// the other way round: `JSONSerialization` also takes trailing commas, a byte order mark and
  /// UTF-16, which JSON does not. The members of an object with a key beyond ASCII are not
  /// compared (a Swift dictionary tells keys apart by canonical equivalence, `NSDictionary` by
  /// UTF-16 units).
  static func disagreementWithJSONSerialization(_ data: Data) -> String? {
    guard let read = try? JSONValue(json: data) else { return nil }
    let foundation: Any
    do {
      foundation = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    } catch {
      return "read as \(read), but JSONSerialization throws \(error)"
    }
    return difference(read, foundation, at: "$")
  }

  /// The first place where `value` and `JSONSerialization`'s `object` differ, or `nil`.
  private static func difference(_ value: JSONValue, _ object: Any, at path: String) -> String? {
    let same: Bool
    switch value {
    case .null: same = object is NSNull
    case .bool(let flag): same = (object as? Bool) == flag
    case .number(let number):
      guard let other = (object as? NSNumber)?.doubleValue else { return "\(path): \(object)" }
      same = number == other || abs(number - other) <= abs(number) * 1e-15
    case .string(let text): same = (object as? String) == text
    case .array(let items):
      guard let others = object as? [Any], others.count == items.count else {
        return "\(path): \(items.count) items, \(object)"
      }
      for (index, item) in items.enumerated() {
        if let found = difference(item, others[index], at: "\(path)[\(index)]") { return found }
      }
      same = true
    case .object(let members):
      guard let others = object as? NSDictionary else { return "\(path): \(object)" }
      guard members.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
      guard others.count == members.count else {
        return "\(path): keys \(members.keys.sorted()), \(others.allKeys)"
      }
      for (key, member) in members {
        guard let other = others[key] else { return "\(path).\(key) is missing" }
        if let found = difference(member, other, at: "\(path).\(key)") { return found }
      }
      same = true
    }
    return same ? nil : "\(path): read \(value), JSONSerialization \(object)"
  }
}
