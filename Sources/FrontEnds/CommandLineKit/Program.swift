import Foundation
import Spelling

/// A program of several commands (`rezepte run`, `rezepte serve`, …): picks the command, answers
/// `--help` and `help COMMAND`, reports every command-line mistake the same way (`error: …` on
/// standard error, then the command's usage; exit 2) and returns the command's `ExitCode`.
public struct Program: Sendable {
  /// The program's name as typed: `rezepte`.
  public var name: String
  /// One line saying what the program is for.
  public var summary: String
  /// The commands, in the order the help lists them.
  public var commands: [Command]
  /// The command that runs when the first word is an option or a path: `run`.
  public var defaultCommand: String?
  /// Whether a first word that names no command is meant for the default command (an existing
  /// file or folder, say); otherwise it is an unknown command.
  public var isDefaultCommandArgument: @Sendable (String) -> Bool
  /// More help after the list of commands, for `--help`.
  public var epilogue: @Sendable () -> String?

  public init(
    name: String, summary: String, commands: [Command], defaultCommand: String? = nil,
    isDefaultCommandArgument: @escaping @Sendable (String) -> Bool = { _ in false },
    epilogue: @escaping @Sendable () -> String? = { nil }
  ) {
    self.name = name
    self.summary = summary
    self.commands = commands
    self.defaultCommand = defaultCommand
    self.isDefaultCommandArgument = isDefaultCommandArgument
    self.epilogue = epilogue
  }

  public func command(named name: String) -> Command? {
    commands.first { $0.name == name }
  }

  /// Runs the command line `arguments` (without the program's name) on the main thread, then
  /// exits with the command's code; first, while the main thread is the only one, it sets up the
  /// standard streams and signals. For synchronous top-level code: an `async` top level hands
  /// main-actor work to a fresh Dispatch thread and `malloc` arena, which slows the start.
  public func runAsMain(_ arguments: [String], console: Console) -> Never {
    StandardStreams.reserveClosedStreams()
    SignalWaiter.unblockTerminationSignals()
    Self.endWithInput()
    Task { @MainActor in
      exit(StandardStreams.exitCode(for: await run(arguments, console: console)).rawValue)
    }
    MainQueue.drainForever()
  }

  /// Set by a parent that gives the program a pipe as its standard input and never writes to
  /// it (`explore`'s workers, the tests' programs): the pipe closes when the parent ends,
  /// however it ends, SIGKILL included, and the program ends with it.
  public static let endsWithInputVariable = "REZEPTE_ENDS_WITH_INPUT"

  /// With `endsWithInputVariable` set, ends the process as soon as its standard input closes.
  static func endWithInput() {
    guard ProcessInfo.processInfo.environment[endsWithInputVariable] != nil else { return }
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let count = read(STDIN_FILENO, &byte, 1)
        if count == 0 || (count < 0 && errno != EINTR) { break }
      }
      _exit(ExitCode.failure.rawValue)
    }
  }

  /// Runs the command line `arguments` (without the program's name).
  @MainActor
  public func run(_ arguments: [String], console: Console) async -> ExitCode {
    let first = arguments.first ?? ""
    if first == "help" { return helpCommand(Array(arguments.dropFirst()), console: console) }
    if let command = command(named: first) {
      return await run(command, Array(arguments.dropFirst()), console: console)
    }
    if let command = defaultCommand.flatMap(command(named:)), !Self.asksForHelp([first]),
      arguments.isEmpty || first.hasPrefix("-") || isDefaultCommandArgument(first)
    {
      return await run(command, arguments, console: console)
    }
    guard arguments.isEmpty || Self.asksForHelp([first]) else {
      console.errorOutput(unknownCommand(first))
      return .badInput
    }
    console.output(help())
    return .success
  }

  @MainActor
  private func run(_ command: Command, _ words: [String], console: Console) async -> ExitCode {
    if Self.asksForHelp(words) {
      console.output(help(for: command))
      return .success
    }
    do throws(UsageError) {
      return try await command.run(command.parse(words, console: console))
    } catch {
      console.errorOutput(
        Console.errorLine(error.message) + "\n" + usage(of: command)
          + "\nSee '\(name) help \(command.name)'.")
      return .badInput
    }
  }

  private func helpCommand(_ words: [String], console: Console) -> ExitCode {
    // `help help` and `help --help` ask for this help.
    guard let name = words.first, name != "help", !Self.asksForHelp([name]) else {
      console.output(help())
      return .success
    }
    guard words.count == 1 else {
      console.errorOutput(
        Console.errorLine("'help' takes one command, but '\(words[1])' follows '\(name)'")
          + "\nusage: \(self.name) help [COMMAND]")
      return .badInput
    }
    guard let command = command(named: name) else {
      console.errorOutput(unknownCommand(name))
      return .badInput
    }
    console.output(help(for: command))
    return .success
  }

  // MARK: - Help

  /// `--help`, which every command answers with its help, before its words are parsed.
  public static let helpFlag = Flag("--help", help: "Shows this help.")
  static let shortHelp = "-h"

  /// Whether `words` ask for help: `--help` or `-h` before any `--`.
  public static func asksForHelp(_ words: [String]) -> Bool {
    words.prefix { $0 != "--" }.contains { $0 == helpFlag.name || $0 == shortHelp }
  }

  // MARK: - Texts

  /// `error: unknown command 'x'`, a did-you-mean when one is close, and the list of commands.
  public func unknownCommand(_ word: String) -> String {
    let names = commands.map(\.name) + ["help"]
    var text = "unknown command '\(word)'"
    if let match = Suggestion.closest(to: word, in: names) { text += "; did you mean '\(match)'?" }
    return Console.errorLine(text) + "\n" + commandList()
  }

  /// `usage: rezepte serve [--port N] …`, wrapped to 100 columns.
  public func usage(of command: Command, prefix: String = "usage: ") -> String {
    let isDefault = command.name == defaultCommand
    let head = prefix + name + " " + (isDefault ? "[\(command.name)]" : command.name)
    let words = command.arguments
    let arguments = words.count.lowerBound == 0 ? "[\(words.placeholder)]" : words.placeholder
    let options = command.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    let parts = (words.placeholder.isEmpty ? [] : [arguments]) + options
    return Self.wrap(parts, head: head, width: 100).joined(separator: "\n")
  }

  /// `rezepte --help`: what the program is for, every command's usage and summary.
  public func help() -> String {
    var lines = ["\(name): \(summary)", ""]
    lines += commands.enumerated().map { usage(of: $1, prefix: $0 == 0 ? "usage: " : "       ") }
    lines += [
      "       \(name) help [COMMAND]", "", commandList(), "",
      "'\(name) help COMMAND' or '\(name) COMMAND \(Self.helpFlag)' explains a command's options.",
      "", "Exit status: as each command's help says; 1 instead of 0 when standard output or error",
      "is closed or cannot be written (what went there is lost).",
    ]
    if let epilogue = epilogue() { lines += ["", epilogue] }
    return lines.joined(separator: "\n")
  }

  /// `rezepte help serve`: the usage, what it does, its arguments and options, and more.
  public func help(for command: Command) -> String {
    var lines = [usage(of: command), "", command.summary]
    if !command.discussion.isEmpty { lines += [""] + Self.wrap(command.discussion, width: 100) }
    var rows: [(String, String)] = []
    if !command.arguments.placeholder.isEmpty {
      rows.append((command.arguments.placeholder, command.arguments.help))
    }
    rows += command.options.map { ($0.synopsis, $0.help) }
    rows.append(("\(Self.shortHelp), \(Self.helpFlag.name)", Self.helpFlag.help))
    lines += ["", "Options:"] + Self.table(rows)
    if let epilogue = command.epilogue() { lines += ["", epilogue] }
    return lines.joined(separator: "\n")
  }

  /// The commands and their summaries, one per line.
  public func commandList() -> String {
    let rows =
      commands.map { command in
        guard command.name == defaultCommand else { return (command.name, command.summary) }
        let summary =
          command.summary.hasSuffix(".") ? String(command.summary.dropLast()) : command.summary
        return (command.name, summary + " (the default).")
      } + [("help", "Explains a command: '\(name) help \(commands.first?.name ?? "COMMAND")'.")]
    return (["Commands:"] + Self.table(rows, column: 10)).joined(separator: "\n")
  }

  // MARK: - Layout

  /// Two columns: the left ones padded to one width, the right ones wrapped beside them.
  static func table(_ rows: [(String, String)], column: Int? = nil) -> [String] {
    let width = column ?? min(28, (rows.map(\.0.count).max() ?? 0) + 2)
    let pad = String(repeating: " ", count: width)
    return rows.flatMap { left, right in
      var body = wrap(right, width: 100 - 2 - width).map { pad + $0 }
      if left.count + 2 > width {
        body.insert(left, at: 0)
      } else {
        body[0] = left + body[0].dropFirst(left.count)
      }
      return body.map { "  " + $0 }
    }
  }

  /// `text` broken into lines of at most `width` characters, at spaces; a newline starts a line.
  static func wrap(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      wrap($0.split(separator: " "), width: width)
    }
  }

  /// `head word word …` (a word may hold spaces: `[--port N]`), continued under the first word
  /// when a line would get longer than `width`.
  static func wrap(_ words: [some StringProtocol], head: String = "", width: Int) -> [String] {
    let continuation = String(repeating: " ", count: head.count)
    var lines: [String] = []
    var line = head
    for word in words {
      if line.count > head.count, line.count + 1 + word.count > width {
        lines.append(line)
        line = continuation
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
