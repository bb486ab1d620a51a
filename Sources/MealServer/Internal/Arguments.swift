import Foundation
import MealCatalog

/// Bad command-line input, said in one sentence (without the `error: ` in front).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// Walks a command's arguments: flags, `--name value` and `--name=value`.
struct ArgumentReader {
  private var remaining: ArraySlice<String>

  init(_ arguments: [String]) {
    remaining = arguments[...]
  }

  /// The next option's name and the value written after `=`, if any.
  mutating func next() throws -> (name: String, inlineValue: String?)? {
    guard let argument = remaining.popFirst() else { return nil }
    guard argument.hasPrefix("--") else {
      throw UsageError("unexpected argument \"\(argument)\"; options start with --.")
    }
    if let equals = argument.firstIndex(of: "=") {
      return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
    return (argument, nil)
  }

  /// The option's value: after `=`, or the next argument.
  mutating func value(of name: String, inline: String?) throws -> String {
    if let inline { return inline }
    guard let value = remaining.first, !value.hasPrefix("--") else {
      throw UsageError("\(name) needs a value.")
    }
    remaining.removeFirst()
    return value
  }
}

/// Parsers for option values, shared by the commands.
enum OptionValue {
  /// `250ms`, `2s`, `1.5s`.
  static func duration(_ text: String, option: String) throws -> Duration {
    let (number, scale): (Substring, Double) =
      text.hasSuffix("ms")
      ? (text.dropLast(2), 0.001) : text.hasSuffix("s") ? (text.dropLast(), 1) : ("", 0)
    guard let value = Double(number), value >= 0, value.isFinite else {
      throw UsageError("\(option) takes a duration such as 250ms or 2s, not \"\(text)\".")
    }
    return .milliseconds(Int64((value * scale * 1000).rounded()))
  }

  /// `search` or `search.php`: one of the catalog's endpoints.
  static func endpoint(_ text: String, option: String) throws -> String {
    let name = text.hasSuffix(".php") ? text : text + ".php"
    guard Catalog.endpoints.contains(name) else {
      let known = Catalog.endpoints.joined(separator: ", ")
      throw UsageError("\(option) names the unknown endpoint \"\(text)\"; known are \(known).")
    }
    return name
  }

  /// `VALUE` or `VALUE@endpoint`.
  static func scoped(_ text: String, option: String) throws -> (value: String, endpoint: String?) {
    guard let at = text.lastIndex(of: "@") else { return (text, nil) }
    return (
      String(text[..<at]), try endpoint(String(text[text.index(after: at)...]), option: option)
    )
  }
}
