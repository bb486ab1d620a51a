import Scenarios

/// The longer texts of `rezepte --help` and `rezepte help COMMAND`; the usage lines, option
/// tables and command list are generated from the declarations in `ScenarioCommands`.
public enum HelpText {
  /// `rezepte --help` for `run` and `show` alone (the executable adds `serve` and `capture`).
  public static var main: String { ScenarioCommands.program().help() }

  /// `rezepte help run`.
  public static var run: String { ScenarioCommands.program().help(for: ScenarioCommands.run) }

  /// `rezepte help show`.
  public static var show: String { ScenarioCommands.program().help(for: ScenarioCommands.show) }

  /// Every step a scenario file may use, with its help and an example.
  public static var steps: String { StepTable.helpText() }

  static let runDiscussion = """
    Replays every scenario and prints one line per scenario, then `N passed, N failed`.
    Exit status: 0 when all passed, 1 when a scenario failed or `--record` wrote a block, 2 for \
    bad input (nothing runs).
    Time is virtual: `wait` advances a clock; nothing sleeps for real. Durations in scenario \
    files (`wait`, `network delay`) go from 0s to 1 hour.
    """

  static let showDiscussion = """
    Prints each step with the comments before it. After each step that acts on the app it \
    prints the simulated time, the requests the step sent (as `expect requests` spells them) \
    and the nodes of the screen that are new or changed (+), with the lines removed counted \
    (−), or that nothing changed; a screen pushed for the first time is printed whole. \
    \(CommandLineOptions.ShowOptions.full) prints the whole screen after every such step. Expectations are checked as in \
    `run` and marked ✓.
    Exit status: 0 when every step passed, 1 when one failed, 2 for bad input.
    """
}
