import Scenarios
import Spelling

/// The text of an exploration: the report lines and the scenario file of each finding.
public enum ExploreReport {
  /// The file name of a finding: `explore-seed-7-rule-6.scenario`.
  public static func fileName(_ finding: Finding, seed: UInt64) -> String {
    "explore-seed-\(seed)-rule-\(finding.rule.rawValue).scenario"
  }

  /// The scenario file of a finding: a German comment naming the rule and how to explore again
  /// (with `options` and the `catalog` folder, if not the embedded one), the shrunk steps, and
  /// the expectations the rule demands, so that `rezepte run` fails while the bug is there.
  public static func scenario(
    _ finding: Finding, options: ExploreOptions, catalog: String? = nil
  ) -> String {
    let rule = finding.rule
    // A comment line: control characters in the path are shown, so none starts a new line.
    let command = (["rezepte"] + ExploreCommand.Options.words(options, catalog: catalog))
      .map(Quoting.visible).joined(separator: " ")
    var lines = [
      "# Gefunden von `\(command)`: "
        + "Sitzung \(finding.session), von \(finding.originalSteps) auf "
        + "\(finding.shrunk.actions.count) Schritte verkleinert.",
      "# Regel \(rule.rawValue) (\(rule.name)): \(rule.german)",
      "# Die Erwartungen nach dem letzten Schritt halten fest, was die Regel dort verlangt.",
    ]
    lines += Step.Action.title("Regel \(rule.rawValue): \(rule.name) (Seed \(options.seed))").lines
    lines.append("")
    if finding.shrunk.start == .categories { lines += Step.Action.givenStart(.categories).lines }
    lines += ([.launch] + finding.script).flatMap(\.lines)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report: every rule with its sentence, each broken one with its session, what happened
  /// and its file, then the counts.
  public static func lines(_ result: ExploreResult, files: [Rule: String]) -> [String] {
    let options = result.options
    var lines = [
      "explore  seed \(options.seed), \(result.sessions) sessions of up to \(options.steps) steps"
    ]
    let broken = Dictionary(uniqueKeysWithValues: result.findings.map { ($0.rule, $0) })
    for rule in Rule.allCases {
      let status = broken[rule] == nil ? "kept  " : "BROKEN"
      lines.append("\(status)  rule \(rule.rawValue) \(rule.name): \(rule.sentence)")
      guard let finding = broken[rule] else { continue }
      let cut =
        finding.isShrinkingCutShort
        ? " (shrinking stopped after \(Explorer.shrinkingBudget) replayed steps)" : ""
      lines.append(
        "        session \(finding.session), shrunk from \(finding.originalSteps) to "
          + "\(finding.shrunk.actions.count) steps\(cut): \(finding.violation.message)")
      if let file = files[rule] { lines.append("        written to \(file)") }
    }
    let count = result.findings.count
    lines.append(
      "\(result.steps) steps in \(result.sessions) sessions; "
        + (count == 0 ? "no rule broken" : "\(count) of \(Rule.allCases.count) rules broken"))
    return lines
  }
}
