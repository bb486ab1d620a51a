import CommandLineKit
import MealCatalog
import Spelling

/// Readers of the option values `serve` and `capture` share.
enum OptionValue {
  /// The longest `--delay`: the range every command-line duration has.
  static let delayRange = DurationText.defaultRange

  /// `250ms`, `2s`, `1.5s`, from 0 to 1 hour.
  static func duration(_ text: String, option: String) throws(UsageError) -> Duration {
    do {
      return try DurationText.parse(text, in: delayRange)
    } catch {
      throw UsageError("\(option) \(error)")
    }
  }

  /// `search` or `search.php`: one of the catalog's endpoints, spelled as everywhere else.
  static func endpoint(_ text: String, option: String) throws(UsageError) -> String {
    guard let name = Catalog.endpoint(named: text) else {
      let known = Catalog.endpoints.joined(separator: ", ")
      var message = "\(option) names the unknown endpoint '\(text)'"
      if let match = Suggestion.closestEndpoint(to: text, in: Catalog.endpoints) {
        message += "; did you mean '\(match)'?"
      } else {
        message += "; the endpoints are \(known)"
      }
      throw UsageError(message)
    }
    return name
  }

  /// `VALUE` or `VALUE@endpoint`.
  static func scoped(
    _ text: String, option: String
  ) throws(UsageError) -> (value: String, endpoint: String?) {
    guard let at = text.lastIndex(of: "@") else { return (text, nil) }
    return (
      String(text[..<at]), try endpoint(String(text[text.index(after: at)...]), option: option)
    )
  }

  /// A whole number in `range`.
  static func integer(
    _ text: String, option: String, in range: ClosedRange<Int>, what: String
  ) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "\(option) takes \(what) from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }
}
