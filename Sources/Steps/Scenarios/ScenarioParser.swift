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
    let lines = SourceLine.lines(of: text)
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
    while index < lines.count {
      let line = lines[index]
      guard !line.isBlank, !line.isComment else {
        index += 1
        continue
      }
      // The step's block: the indented lines up to the next blank or unindented one.
      let block = lines[(index + 1)...].prefix { $0.isIndented && !$0.isBlank }
      defer { index = block.endIndex }
      guard !line.isIndented else {
        report(index, indentedLine)
        continue
      }
      do throws(StepError) {
        guard block.count <= maximumBlockLines else {
          throw StepError(
            "the block below this step has \(block.count) lines; a block holds at most "
              + "\(maximumBlockLines)")
        }
        let (kind, action) = try StepTable.read(
          line.content, block: block, context: context, allowsEmptyScreens: allowsEmptyScreens)
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
            line: index + 1, text: line.text.string, action: action,
            block: kind.takesBlock
              ? Step.Block(
                lines: block.indices, indentation: block.first?.indentation.string ?? "  ")
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
        source: text))
  }

  static let indentedLine: String = {
    let steps = StepTable.entries.filter(\.takesBlock).map { "`\($0.keyword)`" }
    return "this line is indented, but only " + steps.dropLast().joined(separator: ", ")
      + " and " + steps.last! + " take an indented block"
  }()
}
