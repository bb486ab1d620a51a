import Spelling

extension Command {
  /// Reads `words` (the arguments after the command's name) against this declaration: options
  /// as `--name`, `--name value` or `--name=value`; `--` ends the options. An option that takes
  /// a value may be given once (a second one would silently replace the first); a flag may repeat.
  ///
  /// `--help` is not read here: `Program` answers it before a command parses.
  public func parse(_ words: [String], console: Console) throws(UsageError) -> Invocation {
    let options = options
    var arguments: [String] = []
    var values: [String: any Sendable] = [:]
    var rest = words[...]
    while let word = rest.popFirst() {
      if word == "--" {
        arguments += rest
        break
      }
      guard word.hasPrefix("-"), word != "-" else {
        arguments.append(word)
        continue
      }
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let inline = parts.count == 2 ? String(parts[1]) : nil
      guard let option = options.first(where: { $0.name == name }) else {
        let known = options.map(\.name) + [Program.helpFlag.name]
        let match = Suggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
        throw UsageError("unknown option '\(name)' for '\(self.name)'" + (match ?? ""))
      }
      if option.syntax != .flag, values[name] != nil {
        throw UsageError("\(name) is given twice; give it once")
      }
      if option.syntax == .flag, inline != nil { throw UsageError("'\(name)' takes no value") }
      var text = inline
      if case .value(let placeholder) = option.syntax, text == nil {
        // A value after a space, unless the next word is an option.
        guard let next = rest.first, !next.hasPrefix("--") else {
          throw UsageError("'\(name)' needs a value: \(name) \(placeholder)")
        }
        text = next
        rest.removeFirst()
      }
      values[name] = try option.read(text)
    }
    try check(arguments)
    for option in options where option.isRequired && values[option.name] == nil {
      throw UsageError("'\(self.name)' needs \(option.synopsis)")
    }
    return Invocation(arguments: arguments, values: values, console: console)
  }

  private func check(_ words: [String]) throws(UsageError) {
    let count = self.arguments.count
    let placeholder = self.arguments.placeholder
    if words.count > count.upperBound {
      if count.upperBound == 0 {
        throw UsageError(
          "unexpected argument '\(words[0])'; '\(name)' takes only options, which start with --")
      }
      throw UsageError(
        "'\(name)' takes \(count.upperBound == 1 ? "one" : "\(count.upperBound)") \(placeholder), "
          + "but '\(words[count.upperBound])' follows '\(words[count.upperBound - 1])'")
    }
    if words.count < count.lowerBound {
      throw UsageError("'\(name)' needs \(placeholder): \(self.arguments.help.asClause)")
    }
  }
}

extension String {
  /// `A scenario file.` as the end of a sentence: `a scenario file`.
  var asClause: String {
    guard let first else { return self }
    let text = first.lowercased() + dropFirst()
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }
}
