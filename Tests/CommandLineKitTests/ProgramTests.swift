import CommandLineKit
import Foundation
import Testing

/// Dispatch, errors and help of a program of declared commands.
@MainActor
@Suite struct ProgramTests {
  /// What a program wrote.
  final class Output: Sendable {
    private let lock = NSLock()
    // Only read or written while `lock` is held.
    nonisolated(unsafe) private var outputLines: [String] = []
    nonisolated(unsafe) private var errorLines: [String] = []

    var console: Console {
      Console(
        output: { line in self.lock.withLock { self.outputLines.append(line) } },
        errorOutput: { line in self.lock.withLock { self.errorLines.append(line) } })
    }
    var output: String { lock.withLock { outputLines.joined(separator: "\n") } }
    var errors: String { lock.withLock { errorLines.joined(separator: "\n") } }
  }

  struct GreetOptions: CommandOptions {
    @Flag("--loud", help: "Shouts.") var loud: Bool
    @Option(
      "--times", "N", help: "How often.",
      read: { text throws(UsageError) in
        guard let times = Int(text) else { throw UsageError("takes a number") }
        return times
      })
    var times = 1
  }
  static let greet = Command(
    name: "greet", summary: "Greets someone.",
    arguments: Arguments(placeholder: "NAME…", help: "Who to greet.", count: 0...Int.max),
    options: GreetOptions.self,
    run: { options, invocation in
      let greeting = "hello \(invocation.arguments.joined(separator: " "))"
      for _ in 0..<options.times {
        invocation.console.output(options.loud ? greeting.uppercased() : greeting)
      }
      return .success
    })

  /// An option without a default is one the command needs.
  struct CountOptions: CommandOptions {
    @Option("--to", "N", help: "The end.", read: { $0 }) var to: String
  }
  static let count = Command(
    name: "count", summary: "Counts.", options: CountOptions.self, run: { _, _ in .failure })

  static let program = Program(
    name: "tool", summary: "does things.", commands: [greet, count], defaultCommand: "greet",
    isDefaultCommandArgument: { $0.hasSuffix(".txt") })

  func run(_ arguments: [String]) async -> (ExitCode, Output) {
    let output = Output()
    return (await Self.program.run(arguments, console: output.console), output)
  }

  @Test("A command runs with its options and arguments and returns its exit code")
  func runsCommand() async {
    let (code, output) = await run(["greet", "Ada", "--times=2"])
    #expect(code == .success)
    #expect(output.output == "hello Ada\nhello Ada")
    #expect(await run(["count", "--to", "3"]).0 == .failure)
  }

  @Test("An unknown command is exit 2 with the list of commands")
  func unknownCommand() async {
    let (code, output) = await run(["frobnicate"])
    #expect(code == .badInput)
    #expect(
      output.errors == """
        error: unknown command 'frobnicate'
        Commands:
          greet     Greets someone (the default).
          count     Counts.
          help      Explains a command: 'tool help greet'.
        """)
  }

  @Test("An unknown command close to a known one gets a did-you-mean")
  func didYouMeanCommand() async {
    let (code, output) = await run(["cuont"])
    #expect(code == .badInput)
    #expect(output.errors.hasPrefix("error: unknown command 'cuont'; did you mean 'count'?\n"))
  }

  @Test("A first word that is an option or a path goes to the default command")
  func defaultCommand() async {
    #expect(await run(["--loud"]).0 == .success)
    let (code, output) = await run(["notes.txt"])
    #expect(code == .success)
    #expect(output.output == "hello notes.txt")
  }

  @Test("A bad option prints error:, the sentence and the command's usage; exit 2")
  func badOption() async {
    let (code, output) = await run(["greet", "--lodu"])
    #expect(code == .badInput)
    #expect(
      output.errors == """
        error: unknown option '--lodu' for 'greet'; did you mean '--loud'?
        usage: tool [greet] [NAME…] [--loud] [--times N]
        See 'tool help greet'.
        """)
  }

  @Test("A value its option cannot read is said after the option's name, before anything runs")
  func unreadableValue() async {
    let (code, output) = await run(["greet", "--times", "x"])
    #expect(code == .badInput)
    #expect(output.errors.hasPrefix("error: --times takes a number\nusage: tool [greet]"))
    #expect(output.output.isEmpty)
  }

  /// Options that refuse every command line.
  struct Refusing: CommandOptions {
    func validate() throws(UsageError) { throw UsageError("refuses to run") }
  }

  @Test("A usage error from the options' validation is reported like a parse error")
  func usageErrorWhileRunning() async {
    let refusing = Command(
      name: "refuse", summary: "Refuses.", options: Refusing.self, run: { _, _ in .success })
    let output = Output()
    let code = await Program(name: "tool", summary: "", commands: [refusing]).run(
      ["refuse"], console: output.console)
    #expect(code == .badInput)
    #expect(output.errors == "error: refuses to run\nusage: tool refuse\nSee 'tool help refuse'.")
  }

  @Test("An option's value comes back typed; a flag is whether it was given")
  func typedValues() async {
    let (code, output) = await run(["greet", "Ada", "--times=2", "--loud"])
    #expect(code == .success)
    #expect(output.output == "HELLO ADA\nHELLO ADA")
  }

  /// `--level` alone is level 1; without it, 0.
  struct LevelOptions: CommandOptions {
    @Option(
      "--level", optional: "N", help: "How loud.",
      read: { text throws(UsageError) in
        guard let text else { return 1 }
        return try Option<Int>.integer(text, in: 1...3, what: "a level")
      })
    var level = 0
    @Option("--name", "TEXT", help: "", read: { $0 }) var name: String? = nil
  }

  /// The options that `words` give.
  func levelOptions(_ words: [String]) throws -> LevelOptions {
    let command = Command(name: "c", summary: "", options: LevelOptions.self) { _, _ in .success }
    return LevelOptions(try command.parse(words, console: Output().console))
  }

  @Test("A flag that may carry a value reads it after =, or none")
  func optionalValue() throws {
    #expect(try levelOptions(["--level=2"]).level == 2)
    #expect(try levelOptions(["--level"]).level == 1)
    #expect(try levelOptions([]).level == 0)
    #expect(throws: UsageError("--level takes a level from 1 to 3, not '9'")) {
      try levelOptions(["--level=9"])
    }
  }

  @Test("A command line for a worker is made of the option's words, and reads back")
  func words() throws {
    let name = LevelOptions().$name
    #expect(name.words("Ada") == ["--name", "Ada"])
    #expect(name.words("--help") == ["--name=--help"])
    #expect(try levelOptions(name.words("--help")).name == "--help")
  }

  @Test("Control characters in a word reach no error line raw: they are written visibly")
  func visibleErrors() async {
    let (_, option) = await run(["greet", "--lo\u{1B}]52;c;eA\u{7}"])
    #expect(option.errors.hasPrefix(#"error: unknown option '--lo\u{1B}]52;c;eA\u{7}'"#))
    let (_, command) = await run(["frob\u{1B}[31m\u{202E}"])
    #expect(command.errors.hasPrefix(#"error: unknown command 'frob\u{1B}[31m\u{202E}'"#))
  }

  @Test("An option with a value given twice is exit 2 with the usage; nothing runs")
  func repeatedValueOption() async {
    let (code, output) = await run(["greet", "Ada", "--times", "2", "--times=3"])
    #expect(code == .badInput)
    #expect(
      output.errors == """
        error: --times is given twice; give it once
        usage: tool [greet] [NAME…] [--loud] [--times N]
        See 'tool help greet'.
        """)
    #expect(output.output.isEmpty)
  }

  @Test("A flag given twice is harmless")
  func repeatedFlag() async {
    let (code, output) = await run(["greet", "Ada", "--loud", "--loud"])
    #expect(code == .success)
    #expect(output.output == "HELLO ADA")
  }

  @Test("A missing required option is named with its value")
  func requiredOption() async {
    let (code, output) = await run(["count"])
    #expect(code == .badInput)
    #expect(output.errors.hasPrefix("error: 'count' needs --to N\nusage: tool count --to N"))
  }

  @Test(
    "--help, -h, help COMMAND and COMMAND --help print the generated help",
    arguments: [["help", "count"], ["count", "--help"], ["count", "-h"]])
  func commandHelp(arguments: [String]) async {
    let (code, output) = await run(arguments)
    #expect(code == .success)
    #expect(
      output.output == """
        usage: tool count --to N

        Counts.

        Options:
          --to N      The end.
          -h, --help  Shows this help.
        """)
  }

  @Test("The program's help lists every command's usage and summary")
  func programHelp() async {
    let (code, output) = await run(["--help"])
    #expect(code == .success)
    #expect(output.output.hasPrefix("tool: does things.\n\nusage: tool [greet] [NAME…]"))
    #expect(output.output.contains("       tool count --to N\n       tool help [COMMAND]"))
    #expect(output.output.contains("  count     Counts."))
  }

  @Test("help help and help --help print the program's help", arguments: ["help", "--help"])
  func helpHelp(word: String) async {
    let (code, output) = await run(["help", word])
    #expect(code == .success)
    #expect(output.errors.isEmpty)
    #expect(output.output == Self.program.help())
  }

  @Test("An error keeps the lines it is made of, each with its control characters visible")
  func multiLineError() {
    #expect(
      Console.errorLine("left out:\n  a\u{1B}[31m\r\n  b")
        == "error: left out:\n  a\\u{1B}[31m\\r\n  b")
  }

  @Test("help with an unknown command is exit 2")
  func helpUnknown() async {
    let (code, output) = await run(["help", "grete"])
    #expect(code == .badInput)
    #expect(output.errors.hasPrefix("error: unknown command 'grete'; did you mean 'greet'?"))
  }

  /// Options whose usage is longer than a line.
  struct ManyOptions: CommandOptions {
    @Option("--first-option-of-many", "VALUE", help: "One.", read: { $0 }) var a: String? = nil
    @Option("--second-option-of-many", "VALUE", help: "One.", read: { $0 }) var b: String? = nil
    @Option("--third-option-of-many", "VALUE", help: "One.", read: { $0 }) var c: String? = nil
    @Option("--fourth-option-of-many", "VALUE", help: "One.", read: { $0 }) var d: String? = nil
  }

  @Test("A long usage line wraps under the command's name")
  func usageWraps() {
    let many = Command(
      name: "many", summary: "Many options.", options: ManyOptions.self, run: { _, _ in .success })
    let usage = Program(name: "tool", summary: "", commands: [many]).usage(of: many)
    let lines = usage.split(separator: "\n")
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(lines[1].hasPrefix(String(repeating: " ", count: "usage: tool many ".count) + "["))
  }

  @Test("ExitCode is 0, 1 and 2")
  func exitCodes() {
    #expect([ExitCode.success, .failure, .badInput].map(\.rawValue) == [0, 1, 2])
  }
}
