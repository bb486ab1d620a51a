/// An `Option` as the parser and the help see it, whatever the type of its value.
public protocol CommandOption<Value>: Sendable, CustomStringConvertible {
  associatedtype Value: Sendable
  /// The spelling, with its dashes: `--catalog`.
  var name: String { get }
  /// Whether and how the option takes a value.
  var syntax: OptionSyntax { get }
  /// One sentence or two for the help.
  var help: String { get }
  /// Whether the command needs it (shown without brackets in the usage line).
  var isRequired: Bool { get }
  /// The value that `text`, given after the option (`nil` when none was), stands for; the error
  /// is a whole sentence that names the option. Also for a text that is not on the command line
  /// (a default that must pass the same check).
  func read(_ text: String?) throws(UsageError) -> Value
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

/// An option, declared once as a property of a command's `CommandOptions`, as in
/// swift-argument-parser (`@Option(help:) var port: Int`): its name and value, its help, its
/// reader, and (the property's initial value) its default; without one, the command needs it.
/// `$port` is the declaration, for a sentence that names the option.
///
/// A reader throws the rest of a sentence about the option, which the parser puts after the
/// option's name: `takes a number from 1 to 64, not '0'` is said as `--jobs takes …`. A help
/// is read only when shown, so that it may name the other options of its command.
@propertyWrapper
public struct Option<Value: Sendable>: CommandOption {
  public let name: String
  public let syntax: OptionSyntax
  private let helpText: @Sendable () -> String
  private let reader: @Sendable (String?) throws(UsageError) -> Value
  /// What the command line gave, else the default; `nil` for a required option before parsing.
  private var value: Value?

  public var help: String { helpText() }
  public var isRequired: Bool { value == nil }

  public var wrappedValue: Value {
    get { value! }
    set { value = newValue }
  }

  /// The declaration, for `$port`: its name, its `read(_:)` and its `words(_:)`.
  public var projectedValue: Option { self }

  /// Takes its value from the command line being read (`CommandOptions.init(_:)`), if any.
  init(
    name: String, syntax: OptionSyntax, help: @escaping @Sendable () -> String, default: Value?,
    reader: @escaping @Sendable (String?) throws(UsageError) -> Value
  ) {
    self.name = name
    self.syntax = syntax
    self.helpText = help
    self.reader = reader
    value = Invocation.current?.values[name].flatMap { $0 as? Value } ?? `default`
  }

  public func read(_ text: String?) throws(UsageError) -> Value {
    do {
      return try reader(text)
    } catch {
      throw UsageError("\(name) \(error.message)")
    }
  }
}

extension Option {
  /// An option with a value after a space or `=`: `--seed N`.
  ///
  /// - Parameter read: turns the text after the option into its value.
  public init(
    wrappedValue: Value, _ name: String, _ placeholder: String,
    help: @autoclosure @escaping @Sendable () -> String,
    read: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    self.init(wrappedValue: wrappedValue, Option(name, placeholder, help: help(), read: read))
  }

  /// An option with a value that the command needs: `--to N`; also the declaration of an
  /// option several commands take, to which each gives its default.
  public init(
    _ name: String, _ placeholder: String, help: @autoclosure @escaping @Sendable () -> String,
    read: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    self.init(
      name: name, syntax: .value(placeholder: placeholder), help: help, default: nil,
      reader: { text throws(UsageError) in try read(text ?? "") })
  }

  /// A flag that may carry a value after `=`: `--broken-data[=ENDPOINT]`.
  ///
  /// - Parameter read: turns the text after `=`, or `nil` for the bare option, into its value.
  public init(
    wrappedValue: Value, _ name: String, optional placeholder: String,
    help: @autoclosure @escaping @Sendable () -> String,
    read: @escaping @Sendable (String?) throws(UsageError) -> Value
  ) {
    self.init(
      name: name, syntax: .optionalValue(placeholder: placeholder), help: help,
      default: wrappedValue, reader: read)
  }

  /// The option `declaration` declares (one several commands take), with a default.
  public init(wrappedValue: Value, _ declaration: Option) {
    self.init(
      name: declaration.name, syntax: declaration.syntax, help: declaration.helpText,
      default: wrappedValue, reader: declaration.reader)
  }

  /// The option `declaration` declares, for a property that is `nil` when it is not given.
  public init<Wrapped>(wrappedValue: Value, _ declaration: Option<Wrapped>)
  where Value == Wrapped? {
    self.init(
      name: declaration.name, syntax: declaration.syntax, help: declaration.helpText,
      default: wrappedValue, reader: { text throws(UsageError) in try declaration.reader(text) })
  }

  /// The option `declaration` declares, as it is: a flag, or (without a default) an option the
  /// command needs.
  public init(_ declaration: Option) {
    self = declaration
  }

  /// The words that give the option `value` on a command line the parser reads back: `--seed`,
  /// `7`; one word, `--catalog=-x`, when the value starts with a dash and would be read as an
  /// option.
  public func words(_ value: some CustomStringConvertible) -> [String] {
    let text = value.description
    return text.hasPrefix("-") ? ["\(name)=\(text)"] : [name, text]
  }
}

/// A flag: `--record`; its property says whether it was given.
public typealias Flag = Option<Bool>

extension Option where Value == Bool {
  /// A flag spelled `name`.
  public init(
    wrappedValue: Bool = false, _ name: String, help: @autoclosure @escaping @Sendable () -> String
  ) {
    self.init(name: name, syntax: .flag, help: help, default: wrappedValue) { _ in true }
  }
}

extension Option where Value == Int {
  /// An option whose value is a whole number in `range`: `--port N`; a number outside it is
  /// refused with "takes `what` from … to …".
  public init(
    wrappedValue: Int, _ name: String, _ placeholder: String,
    help: @autoclosure @escaping @Sendable () -> String, in range: ClosedRange<Int>,
    what: String = "a number"
  ) {
    self.init(wrappedValue: wrappedValue, name, placeholder, help: help()) {
      text throws(UsageError) in try Self.integer(text, in: range, what: what)
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
