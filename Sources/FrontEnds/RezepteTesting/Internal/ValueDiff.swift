/// The fields and elements in which two values differ, each with its path from the top
/// (`root.list.searchText`, `path[0].detail.isFavorite`, `root.list.meals.loaded[id: "52768"]`)
/// and both sides in a few words (`ValueDump.summary`), so that a failure names what changed
/// instead of printing two whole values.
///
/// Structs, tuples and classes are compared field by field; an enum by its case, then by its
/// payload; a list's elements by id where they are `Identifiable`, else by position; a set's
/// by themselves; a dictionary's by key. An element on one side only is `absent` on the other.
enum ValueDiff {
  /// One field or element that differs.
  struct Change: Equatable, Sendable {
    /// Where it is, from the top value: `root.list.searchText`; empty for the value itself.
    let path: String
    let expected: String
    let actual: String
  }

  /// The fields and elements in which `actual` differs from `expected`, in the order of
  /// `expected`'s parts. Values that are not equal always give at least one change: where no
  /// part shows the difference (`Double.nan`, a list in another order), the whole value is the
  /// change.
  static func changes(expected: Any, actual: Any) -> [Change] {
    var changes: [Change] = []
    walk(expected, actual, path: "", into: &changes)
    if changes.isEmpty, isEqual(expected, actual) == false {
      changes.append(Change(path: "", expected: summary(expected), actual: summary(actual)))
    }
    return changes
  }

  private static func walk(
    _ expected: Any, _ actual: Any, path: String, into changes: inout [Change]
  ) {
    if isEqual(expected, actual) == true { return }
    let whole = Change(path: path, expected: summary(expected), actual: summary(actual))
    guard type(of: expected) == type(of: actual),
      case .parts(let left) = ValueDump.shape(of: expected),
      case .parts(let right) = ValueDump.shape(of: actual), left.kind == right.kind
    else {
      if whole.expected != whole.actual { changes.append(whole) }
      return
    }
    let before = changes.count
    let base = if case .enumCase(let name) = left.kind { join(path, name) } else { path }
    func place(_ key: String) -> String { key.hasPrefix("[") ? base + key : join(base, key) }
    let others = Dictionary(right.parts.map { ($0.key, $0.value) }) { first, _ in first }
    for part in left.parts {
      guard let other = others[part.key] else {
        changes.append(Change(path: place(part.key), expected: summary(part.value), actual: absent))
        continue
      }
      walk(part.value, other, path: place(part.key), into: &changes)
    }
    let keys = Set(left.parts.map(\.key))
    for part in right.parts where !keys.contains(part.key) {
      changes.append(Change(path: place(part.key), expected: absent, actual: summary(part.value)))
    }
    // Unequal, yet no part differs (a class compared by identity, a list in another order).
    if changes.count == before, isEqual(expected, actual) == false { changes.append(whole) }
  }

  /// What a change shows for an element on the other side only.
  static let absent = "absent"

  static func summary(_ value: Any) -> String { ValueDump.summary(value) }

  private static func join(_ path: String, _ field: String) -> String {
    field.isEmpty ? path : path.isEmpty ? field : path + "." + field
  }

  /// `==` for two values of the same Equatable type; `nil` when the type is not Equatable.
  private static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    (lhs as? any Equatable)?.isEqual(to: rhs)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
