/// An `Option` as the parser and the help see it, whatever the type of its value.
public protocol CommandOption: Sendable, CustomStringConvertible {
  /// The spelling, with its dashes: `--catalog`.
  var name: String { get }
  /// Whether and how the option takes a value.
  var syntax: OptionSyntax { get }
  /// One sentence or two for the help.
  var help: String { get }
  /// Whether the command needs it (shown without brackets in the usage line).
  var isRequired: Bool { get }
  /// The value that `text`, given after the option (`nil` when none was), stands for, as the
  /// invocation keeps it; the error is a whole sentence that names the option.
  func parsedValue(_ text: String?) throws(UsageError) -> any Sendable
}

/// How an option takes its value: `--record`, `--catalog DIR`, `--broken-data[=ENDPOINT]`.
public enum OptionSyntax: Sendable, Equatable {
  /// A flag: `--record`.
  case flag
  /// A value after a space or `=`: `--catalog DIR`, `--catalog=DIR`.
  case value(placeholder: String)
  /// An optional value, only after `=`: `--broken-data`, `--broken-data=filter`.
  case optionalValue(placeholder: String)
}

extension CommandOption {
  /// The option's name, for a sentence that mentions it: `--catalog`.
  public var description: String { name }

  /// `--catalog DIR`, `--record`, `--broken-data[=ENDPOINT]`.
  public var synopsis: String {
    switch syntax {
    case .flag: name
    case .value(let placeholder): "\(name) \(placeholder)"
    case .optionalValue(let placeholder): "\(name)[=\(placeholder)]"
    }
  }
}

/// An option, declared once: its name, the name of its value, its help, and how the text after
/// it becomes a `Value`. The command lists it, the parser reads it (and says what is wrong with
/// its text), and `invocation[option]` gives the value back, typed.
///
/// A reader throws the rest of a sentence about the option, which the parser puts after the
/// option's name: `takes a number from 1 to 64, not '0'` is said as `--jobs takes …`.
public struct Option<Value: Sendable>: CommandOption {
  public let name: String
  public let syntax: OptionSyntax
  public let help: String
  public let isRequired: Bool
  fileprivate let reader: @Sendable (String?) throws(UsageError) -> Value

  /// The value `text` gives the option, as the parser reads it; also for a text that is not
  /// on the command line (a default that must pass the same check).
  public func read(_ text: String?) throws(UsageError) -> Value {
    do {
      return try reader(text)
    } catch {
      throw UsageError("\(name) \(error.message)")
    }
  }

  public func parsedValue(_ text: String?) throws(UsageError) -> any Sendable {
    try read(text)
  }
}

extension Option {
  /// An option with a value after a space or `=`: `--catalog DIR`.
  ///
  /// - Parameter read: turns the text after the option into its value.
  public init(
    _ name: String, _ placeholder: String, help: String, required: Bool = false,
    read: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    self.init(
      name: name, syntax: .value(placeholder: placeholder), help: help, isRequired: required,
      reader: { text throws(UsageError) in try read(text ?? "") })
  }

  /// A flag that may carry a value after `=`: `--broken-data[=ENDPOINT]`.
  ///
  /// - Parameter read: turns the text after `=`, or `nil` for the bare option, into its value.
  public init(
    _ name: String, optional placeholder: String, help: String,
    read: @escaping @Sendable (String?) throws(UsageError) -> Value
  ) {
    self.init(
      name: name, syntax: .optionalValue(placeholder: placeholder), help: help, isRequired: false,
      reader: read)
  }
}

/// A flag: `--record`. `invocation[flag]` says whether it was given.
public typealias Flag = Option<Bool>

extension Option where Value == Bool {
  /// A flag spelled `name`.
  public init(_ name: String, help: String) {
    self.init(name: name, syntax: .flag, help: help, isRequired: false) { _ in true }
  }
}

extension Option where Value: CustomStringConvertible {
  /// The words that give the option `value` on a command line the parser reads back: `--seed`,
  /// `7`; one word, `--catalog=-x`, when the value starts with a dash and would be read as an
  /// option.
  public func words(_ value: Value) -> [String] {
    let text = value.description
    return text.hasPrefix("-") ? ["\(name)=\(text)"] : [name, text]
  }
}

extension Option where Value == String {
  /// An option whose value is its text: `--filter TEXT`.
  public init(_ name: String, _ placeholder: String, help: String, required: Bool = false) {
    self.init(name, placeholder, help: help, required: required) { text in text }
  }
}

extension Option where Value == Int {
  /// An option whose value is a whole number in `range`: `--port N`; a number outside it is
  /// refused with "takes `what` from … to …".
  public init(
    _ name: String, _ placeholder: String, help: String, in range: ClosedRange<Int>,
    what: String = "a number"
  ) {
    self.init(name, placeholder, help: help) { text throws(UsageError) in
      try Self.integer(text, in: range, what: what)
    }
  }

  /// The whole number `text` spells, in `range`; the error says it takes `what`.
  public static func integer(
    _ text: String, in range: ClosedRange<Int>, what: String
  ) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "takes \(what) from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }
}
