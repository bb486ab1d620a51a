/// All the problems found in one or more scenario files.
public struct Diagnostics: Error, Equatable, Sendable, CustomStringConvertible {
  /// The problems in file and line order.
  public var all: [Diagnostic]

  /// One `file:line: error: …` line per problem.
  public var description: String {
    all.map(\.description).joined(separator: "\n")
  }
}

/// Turns the text of a scenario file into a `Scenario`, or reports every problem in it.
public enum ScenarioParser {
  /// The most lines an indented block may hold, twice the screen of a 100,000-meal category.
  public static let maximumBlockLines = 200_000

  /// Parses `text`, read from `file` (as diagnostics name it), checking names against
  /// `context`; `allowsEmptyScreens` lets an `expect screen` stand without a block, as when
  /// recording fills it in.
  public static func parse(
    _ text: String, file: String, context: ScenarioContext, allowsEmptyScreens: Bool = false
  ) -> Result<Scenario, Diagnostics> {
    let lines = SourceText.lines(of: text)
    // Without line endings, and without a byte order mark at the start of the file.
    var contents = lines.map(\.content)
    if contents.first?.first == "\u{FEFF}" { contents[0] = contents[0].dropFirst() }
    var diagnostics: [Diagnostic] = []
    func report(_ index: Int, _ message: String) {
      diagnostics.append(Diagnostic(file: file, line: index + 1, message: message))
    }
    var steps: [Step] = []
    var title: (text: String, line: Int)?
    var launchLine: Int?
    // The setup after `launch` that only a `relaunch` after it reads: line and keyword.
    var waitingForRelaunch: [(line: Int, keyword: String)] = []
    var index = 0
    while index < contents.count {
      let line = contents[index]
      guard let first = line.firstVisible, first != "#" else {
        index += 1
        continue
      }
      // The step's block: the indented lines up to the next blank or unindented one.
      var end = index + 1
      while end < contents.count, contents[end].unicodeScalars.first?.isSpace == true,
        contents[end].firstVisible != nil
      {
        end += 1
      }
      defer { index = end }
      guard line.unicodeScalars.first?.isSpace == false else {
        report(index, indentedLine)
        continue
      }
      do throws(StepError) {
        let block = contents[(index + 1)..<end]
        guard block.count <= maximumBlockLines else {
          throw StepError(
            "the block below this step has \(block.count) lines; a block holds at most "
              + "\(maximumBlockLines)")
        }
        let tokenized = try Tokenizer.tokenize(line)
        let (kind, tokens) = try StepTable.read(tokenized, context: context)
        let action: Step.Action
        do throws(StepError) {
          if !kind.takesBlock, let indented = block.firstIndex(where: { $0.firstVisible != "#" }) {
            throw StepError(indentedLine, at: indented)
          }
          action = try kind.action(
            StepInput(
              kind: kind, tokens: tokens, body: tokenized.body, context: context, block: block,
              allowsEmptyScreens: allowsEmptyScreens))
        } catch {
          throw StepTable.typo(in: tokenized, naming: kind) ?? error
        }
        switch (kind.order, action) {
        case (.title, .title(let text)):
          if let title {
            throw StepError("the scenario has a title already, on line \(title.line)")
          }
          title = (text, index + 1)
        case (.launch, _):
          if let launchLine {
            throw StepError(
              "the app was launched on line \(launchLine) already; `relaunch` restarts it")
          }
          launchLine = index + 1
        case (.nextLaunch, _):
          if launchLine != nil { waitingForRelaunch.append((index + 1, kind.keyword)) }
        case (.needsApp, _):
          guard launchLine != nil else {
            throw StepError("`\(kind.keyword)` needs a running app; put `launch` before it")
          }
          if action == .relaunch { waitingForRelaunch = [] }
        case (.title, _), (.anyTime, _):
          break
        }
        steps.append(
          Step(
            line: index + 1, text: String(lines[index].content), action: action,
            block: kind.takesBlock
              ? Step.Block(
                lines: block.indices, indentation: String(block.first?.indentation ?? "  "))
              : nil))
      } catch {
        report(error.index ?? index, error.message)
      }
    }
    for (line, keyword) in waitingForRelaunch {
      let diagnostic = Diagnostic(
        file: file, line: line,
        message: "`\(keyword)` after `launch` takes effect at the next `relaunch`, and none "
          + "follows; put it before `launch`, or `relaunch` after it")
      diagnostics.insert(
        diagnostic, at: diagnostics.firstIndex { $0.line ?? 0 > line } ?? diagnostics.endIndex)
    }
    if diagnostics.isEmpty, steps.isEmpty { report(0, "the scenario has no steps") }
    guard diagnostics.isEmpty else { return .failure(Diagnostics(all: diagnostics)) }
    return .success(
      Scenario(
        file: file, title: title?.text ?? Scenario.name(ofFile: file), steps: steps,
        source: text, lines: lines))
  }

  static let indentedLine: String = {
    let steps = StepTable.entries.filter(\.takesBlock).map { "`\($0.keyword)`" }
    return "this line is indented, but only " + steps.dropLast().joined(separator: ", ")
      + " and " + steps.last! + " take an indented block"
  }()
}
