import Foundation
import Spelling
import ViewDescription

/// The fields in which two values differ, found through `Mirror`: each with its path from the
/// top (`root.list.meals`, `path[1].detail.isFavorite`) and a short summary of both sides, so a
/// failure names what changed instead of printing two whole values.
///
/// Structs, tuples and classes are compared field by field; an enum by its case, then by its
/// payload; an array element by element when both have as many, else as a whole; a dictionary
/// key by key; a set as a whole. Long collections and values are summarised (`25 meals`,
/// `Meal(…)`).
enum ValueDiff {
  /// One field that differs.
  struct Change: Equatable, Sendable {
    /// Where it is, from the top value: `root.list.searchText`; empty for the value itself.
    let path: String
    let expected: String
    let actual: String
  }

  /// The fields in which `actual` differs from `expected`, in the order of their fields. Values
  /// that are not equal always give at least one change: where no field shows the difference
  /// (`Double.nan`, set elements that read the same), the whole value is the change.
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
    if let equal = isEqual(expected, actual), equal { return }
    func whole() {
      changes.append(Change(path: path, expected: summary(expected), actual: summary(actual)))
    }
    guard type(of: expected) == type(of: actual) else { return whole() }
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    if isLeaf(expected, left) {
      if String(reflecting: expected) != String(reflecting: actual) { whole() }
      return
    }
    switch left.displayStyle {
    case .optional:
      switch (left.children.first?.value, right.children.first?.value) {
      case (nil, nil): return
      case (let expected?, let actual?): walk(expected, actual, path: path, into: &changes)
      default: whole()
      }
    case .enum:
      let name = caseName(expected, left)
      guard name == caseName(actual, right) else { return whole() }
      guard let expectedPayload = left.children.first?.value,
        let actualPayload = right.children.first?.value
      else { return }
      let payload = Mirror(reflecting: expectedPayload)
      // A payload with fields is followed into; a list or a plain value is shown whole with
      // its case (`loaded (25 meals) → loaded (3 meals)`).
      if [.struct, .class, .tuple].contains(payload.displayStyle) {
        walk(expectedPayload, actualPayload, path: join(path, name), into: &changes)
      } else if !(isEqual(expectedPayload, actualPayload) ?? false) {
        var inner: [Change] = []
        walk(expectedPayload, actualPayload, path: "", into: &inner)
        if !inner.isEmpty { whole() }
      }
    case .collection:
      let expectedItems = left.children.map(\.value)
      let actualItems = right.children.map(\.value)
      guard expectedItems.count == actualItems.count else { return whole() }
      for (index, (expected, actual)) in zip(expectedItems, actualItems).enumerated() {
        walk(expected, actual, path: path + "[\(index)]", into: &changes)
      }
    case .dictionary:
      let expectedEntries = entries(left)
      let actualEntries = entries(right)
      for key in Set(expectedEntries.keys).union(actualEntries.keys).sorted() {
        let keyPath = path + "[\(key)]"
        switch (expectedEntries[key], actualEntries[key]) {
        case (let expected?, let actual?): walk(expected, actual, path: keyPath, into: &changes)
        case (let expected?, nil):
          changes.append(Change(path: keyPath, expected: summary(expected), actual: "absent"))
        case (nil, let actual?):
          changes.append(Change(path: keyPath, expected: "absent", actual: summary(actual)))
        case (nil, nil): break
        }
      }
    case .set:
      if sortedElements(left) != sortedElements(right) { whole() }
    default:
      let expectedFields = left.children.map { ($0.label ?? "", $0.value) }
      let actualFields = right.children.map(\.value)
      guard expectedFields.count == actualFields.count, !expectedFields.isEmpty else {
        return whole()
      }
      let before = changes.count
      for ((label, expected), actual) in zip(expectedFields, actualFields) {
        walk(expected, actual, path: join(path, label), into: &changes)
      }
      // Unequal, yet no field differs (a class compared by identity): the value as a whole.
      if changes.count == before, isEqual(expected, actual) == false { whole() }
    }
  }

  // MARK: - Summaries

  /// The longest summary of a value with fields before it is shortened to `Type(…)`.
  static let summaryWidth = 72
  /// The most elements a list shows before it is counted instead (`25 meals`).
  static let listedElements = 3

  /// A value in a few words: `"Lasagne"`, `nil`, `loaded (25 meals)`, `Meal(id: "1", …)`.
  static func summary(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if let text = value as? String { return Quoting.quoted(text) }
    if isLeaf(value, mirror) { return String(describing: value) }
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { summary($0.value) } ?? "nil"
    case .enum:
      let name = caseName(value, mirror)
      guard let payload = mirror.children.first?.value else { return name }
      return "\(name) (\(summary(payload)))"
    case .collection, .set:
      let items =
        mirror.displayStyle == .set
        ? sortedElements(mirror) : mirror.children.map { summary($0.value) }
      let listed = "[" + items.joined(separator: ", ") + "]"
      let isShort = listed.count <= summaryWidth && !items.contains { $0.hasSuffix("(…)") }
      if items.count <= listedElements, isShort { return listed }
      return counted(items.count, of: mirror.children.first.map { type(of: $0.value) })
    case .dictionary:
      return counted(mirror.children.count, noun: "entry", plural: "entries")
    default:
      let typeName = String(describing: type(of: value))
      let fields = mirror.children.map { child in
        (child.label.map { "\($0): " } ?? "") + summary(child.value)
      }
      let full = typeName + "(" + fields.joined(separator: ", ") + ")"
      return full.count <= summaryWidth ? full : typeName + "(…)"
    }
  }

  /// `25 meals`, `1 category`, `3 strings`: a count with the element type's name.
  private static func counted(_ count: Int, of element: Any.Type?) -> String {
    var noun = element.map { String(describing: $0) } ?? "element"
    if let generic = noun.firstIndex(of: "<") { noun = String(noun[..<generic]) }
    noun = noun.prefix(1).lowercased() + noun.dropFirst()
    return counted(count, noun: noun, plural: plural(of: noun))
  }

  private static func counted(_ count: Int, noun: String, plural: String) -> String {
    "\(count) \(count == 1 ? noun : plural)"
  }

  private static func plural(of noun: String) -> String {
    if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
      return noun.dropLast() + "ies"
    }
    if ["s", "x", "ch", "sh"].contains(where: noun.hasSuffix) { return noun + "es" }
    return noun + "s"
  }

  // MARK: - Helpers

  /// A value compared by its description: no fields to follow, or a Foundation value whose
  /// fields are its storage.
  private static func isLeaf(_ value: Any, _ mirror: Mirror) -> Bool {
    if value is URL || value is Date || value is UUID || value is Decimal { return true }
    if mirror.displayStyle == .enum || mirror.displayStyle == .optional { return false }
    return mirror.children.isEmpty && mirror.displayStyle != .collection
      && mirror.displayStyle != .set && mirror.displayStyle != .dictionary
  }

  /// The case's name: the payload's label, or the description of a case without payload.
  private static func caseName(_ value: Any, _ mirror: Mirror) -> String {
    mirror.children.first?.label ?? String(describing: value)
  }

  private static func entries(_ mirror: Mirror) -> [String: Any] {
    var entries: [String: Any] = [:]
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      entries[summary(pair[0])] = pair[1]
    }
    return entries
  }

  private static func sortedElements(_ mirror: Mirror) -> [String] {
    mirror.children.map { summary($0.value) }.sorted()
  }

  private static func join(_ path: String, _ field: String) -> String {
    path.isEmpty ? field : path + "." + field
  }

  /// `==` for two values of the same Equatable type; `nil` when the type is not Equatable.
  private static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
